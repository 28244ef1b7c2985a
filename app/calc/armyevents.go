package calc

import (
	"errors"
	"strconv"

	"github.com/at4x/companion/app/army"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func errorIs(err, target error) bool { return errors.Is(err, target) }

// onClick reads a tap on the page: a button of the page's markup names
// what it does in data-do and what it does it to in data-i. Taps on the
// calculator fields' own buttons are theirs.
func (c *Armies) onClick(ctx goapp.Context, e goapp.Event) {
	el := e.Get("target").Call("closest", "[data-do]")
	if !el.Truthy() {
		ctx.PreventUpdate()
		return
	}
	ds := el.Get("dataset")
	i, err := strconv.Atoi(ds.Get("i").String())
	if err != nil {
		i = -1
	}
	switch ds.Get("do").String() {
	case "undo":
		c.undoDelete(ctx)
	case "swap":
		c.mine, c.theirs = c.theirs, c.mine
		c.recompute(ctx)
	case "view":
		c.view = army.View(ds.Get("i").String())
		c.recompute(ctx)
	case "new-army":
		c.newArmy(ctx)
	case "edit-army":
		c.editArmy(i)
	case "copy-army":
		c.copyArmy(ctx, i)
	case "delete-army":
		c.deleteArmy(ctx, i)
	case "qr":
		if c.qrFor == i {
			i = -1
		}
		c.qrFor = i
	case "add-unit":
		c.savedIf(ctx, c.edit.addUnit(c.armies, c.words))
	case "done":
		c.edit.done()
	case "add-weapon":
		c.savedIf(ctx, c.edit.addWeapon(c.armies, c.words))
	case "remove-weapon":
		c.savedIf(ctx, c.edit.removeWeapon(c.armies, i))
	default:
		changed, undo := c.edit.unitCommand(c.armies, c.words, ds.Get("do").String(), i)
		if undo != nil {
			c.undo = undo
		}
		c.savedIf(ctx, changed)
	}
	c.redraw()
}

// onChange reads a change on the page: a pick, a name, a tick box, a
// file. Changes of the calculator fields are theirs (actionSetField).
func (c *Armies) onChange(ctx goapp.Context, e goapp.Event) {
	el := e.Get("target")
	value := el.Get("value").String()
	switch id := el.Get("id").String(); {
	case id == "army-mine" || id == "army-theirs":
		c.pick(ctx, id, value)
	case id == "army-name":
		c.savedIf(ctx, c.edit.renameArmy(c.armies, value))
	case id == "unit-name" || len(id) > 5 && id[len(id)-5:] == "-name":
		w, _ := strconv.Atoi(el.Get("dataset").Get("weapon").String())
		c.savedIf(ctx, c.edit.renameUnit(c.armies, value, w))
	case id == "unit-profile":
		el.Set("value", "")
		c.savedIf(ctx, c.edit.addFromProfile(c.armies, c.profiles, value))
	case id == "unit-m" || id == "unit-o":
		c.savedIf(ctx, c.edit.togglePart(c.armies, id == "unit-m", el.Get("checked").Bool()))
	case id == "army-import":
		c.importFile(ctx, el)
	default:
		ctx.PreventUpdate()
		return
	}
	c.redraw()
}
