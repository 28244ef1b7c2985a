package calc

import (
	"fmt"
	"strconv"

	"github.com/at4x/companion/app/army"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// saved stores the armies after an edit and works the matrix out again.
func (c *Armies) saved(ctx goapp.Context) {
	c.full = !storeArmies(ctx, c.armies)
	c.recompute(ctx)
}

// savedIf is saved after an edit that changed the armies, when changed.
func (c *Armies) savedIf(ctx goapp.Context, changed bool) {
	if changed {
		c.saved(ctx)
	}
}

// Army commands: the button's data says which.

func (c *Armies) newArmy(ctx goapp.Context) {
	if len(c.armies) >= army.MaxArmies {
		c.full = true
		return
	}
	c.armies = append(c.armies, army.Army{Game: orElse(c.Game, "at43"), Name: fmt.Sprintf(c.t(i18n.ArmyNewNameF), len(c.armies)+1)})
	c.edit = editor{len(c.armies) - 1, -1}
	c.saved(ctx)
}

func (c *Armies) editArmy(i int) {
	if i >= 0 && i < len(c.armies) {
		c.edit = editor{i, -1}
		c.words = wordsFor(c.lib, c.Lang, c.armies[i].Game)
	}
}

func (c *Armies) copyArmy(ctx goapp.Context, i int) {
	if i < 0 || i >= len(c.armies) || len(c.armies) >= army.MaxArmies {
		return
	}
	cp := copyOf(c.armies[i])
	cp.Name, _ = army.CleanName(fmt.Sprintf(c.t(i18n.ArmyCopyNameF), cp.Name))
	c.armies = append(c.armies, cp)
	c.saved(ctx)
}

func (c *Armies) deleteArmy(ctx goapp.Context, i int) {
	if i < 0 || i >= len(c.armies) {
		return
	}
	c.undo = &undoState{name: c.armies[i].Name, armies: cloneArmies(c.armies)}
	c.armies = append(c.armies[:i], c.armies[i+1:]...)
	c.shift(i, -1)
	c.edit = editor{-1, -1}
	c.saved(ctx)
}

// shift moves the picked armies' indexes after the army at i was taken
// out.
func (c *Armies) shift(i, d int) {
	for _, at := range []*int{&c.mine, &c.theirs} {
		if *at == i {
			*at = -1
		} else if *at > i {
			*at += d
		}
	}
	c.pickDefaults()
}

// cloneArmies is a deep copy of list.
func cloneArmies(list []army.Army) []army.Army {
	out := make([]army.Army, len(list))
	for i, a := range list {
		out[i] = copyOf(a)
	}
	return out
}

// copyOf is a deep copy of a, through its file: the client carries the
// codec already, and no copying code of its own.
func copyOf(a army.Army) army.Army {
	cp, _, _ := readArmy(string(army.Encode(a)))
	return cp
}

func (c *Armies) undoDelete(ctx goapp.Context) {
	if c.undo == nil {
		return
	}
	c.armies = c.undo.armies
	c.undo = nil
	c.edit = editor{-1, -1}
	c.pickDefaults()
	c.saved(ctx)
}

// pick chooses my army or theirs from a select.
func (c *Armies) pick(ctx goapp.Context, id, value string) {
	i, err := strconv.Atoi(value)
	if err != nil || i >= len(c.armies) {
		i = -1
	}
	if id == "army-mine" {
		c.mine = i
	} else {
		c.theirs = i
	}
	c.words = wordsFor(c.lib, c.Lang, c.game())
	c.recompute(ctx)
}
