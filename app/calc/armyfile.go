package calc

import (
	"fmt"
	"strconv"

	"github.com/at4x/companion/app/army"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// importFile reads the army file chosen in the file input: one larger
// than an army file can be is refused unread, with its size.
func (c *Armies) importFile(ctx goapp.Context, input goapp.Value) {
	files := input.Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return
	}
	f := files.Index(0)
	input.Set("value", "")
	if size := f.Get("size").Int(); size > army.MaxFile {
		c.messages = []string{fileErrorText(c.Lang, &army.FileError{Reason: army.ErrTooLarge, Detail: strconv.Itoa(size >> 10)})}
		c.redraw()
		return
	}
	settle(f.Call("text"), func(v goapp.Value) {
		text := v.String()
		ctx.Dispatch(func(ctx goapp.Context) { c.imported(ctx, text) })
	}, func(goapp.Value) {
		ctx.Dispatch(func(ctx goapp.Context) {
			c.messages = []string{fileErrorText(c.Lang, &army.FileError{Reason: army.ErrNotJSON})}
			c.redraw()
		})
	})
}

// imported adds the army a file held, as the opponent's.
func (c *Armies) imported(ctx goapp.Context, text string) {
	c.messages = nil
	a, problems, err := readArmy(text)
	if err != nil {
		c.messages = []string{fileErrorText(c.Lang, err)}
		c.redraw()
		return
	}
	i, added := c.add(a, problems)
	if !added && i >= 0 {
		c.messages = append(c.messages, fmt.Sprintf(c.t(i18n.ArmyAlreadyF), a.Name))
	}
	if added && !storeArmies(ctx, c.armies) {
		c.full = true
	}
	if i >= 0 && i != c.mine {
		c.theirs = i
	}
	c.pickDefaults()
	c.recompute(ctx)
}
