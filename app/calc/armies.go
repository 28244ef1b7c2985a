package calc

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/at4x/companion/app/army"
	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Armies is the armies page, /armies: the reader's armies kept on the
// device, a unit editor, and the matrix of who should shoot whom between
// two of them. Like a calculator, its state is its link: the two armies
// (army.LinkValue: compact text under m and t, or the file's base64url
// under mine and theirs), the view, and the range and cover chosen for
// every shot, so the link shows the opponent the same matrix. An army a
// link or a file brings is added to the reader's, never over one.
//
// It holds the reader's armies and choices; its parts of their own are
// the matrix with its table, filled a slice at a time and written into
// the page row by row without a render, so a tap is answered while it
// fills (matrixTable), and the editor of an army and its units (editor).
type Armies struct {
	goapp.Compo

	Lang  string
	Game  string // the reader's game, for a new army
	Query string // the link's query, as navigated to
	Base  string

	lib    *content.Library
	words  gameWords
	armies []army.Army
	mine   int // index in armies, -1 for none
	theirs int
	view   army.View
	sit    army.Situation
	wrote  string // the query of the link syncURL last wrote
	// table is the matrix of the two armies picked, with its table in the
	// page as far as it is filled.
	table matrixTable
	// read is the language and link load last read, reading those
	// OnUpdate is about to read: a render that changes neither (the
	// shell's game remembered) reads nothing again.
	read, reading string
	drawn         drawing
	// messages say what the last link or file brought, refused or left
	// out, in the page's language.
	messages []string
	edit     editor
	undo     *undoState
	qrFor    int // the army whose QR code shows, -1 for none
	profiles []profile
	full     bool
}

// undoState is the last deletion, to put back.
type undoState struct {
	name   string
	armies []army.Army
}

// fillSlice is how long one slice of the matrix computes before the
// browser's turn: half a frame, so taps are answered while it fills.
const fillSlice = 8 * time.Millisecond

// WithLibrary sets the library whose glossary gives the game's words.
func (c *Armies) WithLibrary(lib *content.Library) *Armies {
	c.lib = lib
	return c
}

func (c *Armies) t(k i18n.Key) string { return c.words.t(k) }

// OnInit lays out the page before the armies are read.
func (c *Armies) OnInit() {
	c.mine, c.theirs, c.qrFor = -1, -1, -1
	c.edit = editor{-1, -1}
	c.words = wordsFor(c.lib, c.Lang, orElse(c.Game, "at43"))
}

// OnMount reads the stored armies and the link, and fills the matrix: in
// the browser, in the turns after the mount, the link's armies each in a
// turn of its own (readAhead), as after a tap on a link.
func (c *Armies) OnMount(ctx goapp.Context) {
	ctx.Handle(actionSetField, c.onSet)
	if !goapp.IsClient {
		c.load(ctx)
		c.recompute(ctx)
		return
	}
	c.reading = c.linkKey()
	c.readAhead(ctx, func(ctx goapp.Context) {
		if c.reading == c.linkKey() {
			c.loadThenDraw(ctx)
		}
		c.reading = ""
		c.warmUp()
	})
}

// OnUpdate reads a new link (another army's, the language switched), but
// not the page's own link written into the address (syncURL), which the
// shell reads back with the address. It reads it in the browser's next
// turn: the tap on the link is done (go-app's navigation, the shell's
// render), and reading two armies, checking their units and drawing the
// page is a task of its own.
func (c *Armies) OnUpdate(ctx goapp.Context) {
	key := c.linkKey()
	if c.Query == c.wrote || key == c.read || key == c.reading {
		return
	}
	c.reading = key
	c.readAhead(ctx, func(ctx goapp.Context) {
		if c.reading == c.linkKey() && c.Query != c.wrote {
			c.loadThenDraw(ctx)
		}
		c.reading = ""
	})
}

// readAhead reads each army the link carries in a browser turn of its own,
// into readOnce's cache, then calls then in the next: reading two armies,
// checking every unit with the engine, was most of one long task that held
// the page after a tap on an army's link. A turn whose link is no longer
// the page's reads nothing.
func (c *Armies) readAhead(ctx goapp.Context, then func(goapp.Context)) {
	q, _ := rules.ParseLink(c.Query)
	key := c.linkKey()
	steps := []func(goapp.Context){}
	for _, side := range armySides {
		if q.Has(side.file) || q.Has(side.packed) {
			steps = append(steps, func(ctx goapp.Context) {
				ctx.PreventUpdate()
				if c.reading == key {
					readSide(q, side.file, side.packed)
				}
			})
		}
	}
	steps = append(steps, then)
	var step func(i int) func(goapp.Context)
	step = func(i int) func(goapp.Context) {
		return func(ctx goapp.Context) {
			steps[i](ctx)
			if i+1 < len(steps) {
				nextTurn(ctx, step(i+1))
			}
		}
	}
	nextTurn(ctx, step(0))
}

// loadThenDraw reads the page (load), lays it out (recompute) in the
// browser's next turn and has go-app draw it in the turn after: the three
// in one turn were the longest task of a tap on an army's link. (go-app
// draws in the same task as a change that takes longer than its frame.)
func (c *Armies) loadThenDraw(ctx goapp.Context) {
	c.load(ctx)
	ctx.PreventUpdate()
	key := c.read
	nextTurn(ctx, func(ctx goapp.Context) {
		ctx.PreventUpdate()
		if c.read == key {
			c.recompute(ctx)
			nextTurn(ctx, func(goapp.Context) {})
		}
	})
}

// armySides are the link's keys of each army: its file's and its packed
// form's.
var armySides = []struct{ file, packed string }{{army.KeyMine, army.KeyMinePacked}, {army.KeyTheirs, army.KeyTheirsPacked}}

// readSide is the army the link q carries under file or packed, read once
// a visit (readOnce).
func readSide(q url.Values, file, packed string) (army.Army, []army.Problem, error) {
	return readOnce(file+"="+q.Get(file)+"&"+packed+"="+q.Get(packed), func() (army.Army, []army.Problem, error) {
		a, problems, _, err := army.FromLink(q, file, packed, army.Parse)
		return a, problems, err
	})
}

// linkKey is what load reads the page from: its language and link.
func (c *Armies) linkKey() string { return c.Lang + "\x00" + c.Query }

// load reads the stored armies, then the link: its armies are added when
// the reader has no such army, its situation and view are taken. The
// page is laid out again after it (recompute).
func (c *Armies) load(ctx goapp.Context) {
	c.read = c.linkKey()
	c.armies = loadArmies(ctx)
	c.profiles = loadProfiles(ctx)
	c.messages = nil
	q, err := rules.ParseLink(c.Query)
	bad, _ := fieldErrors(err)
	for _, k := range []string{army.KeyMine, army.KeyMinePacked, army.KeyTheirs, army.KeyTheirsPacked} {
		if bad[k] != nil { // a bad percent-escape
			c.messages = append(c.messages, fileErrorText(c.Lang, err))
		}
	}
	c.view = army.ViewFire
	if v := army.View(q.Get("view")); slices.Contains(army.Views, v) {
		c.view = v
	}
	c.sit = army.Situation{Cover: q.Get("cover"), CM: q.Get("cm")}
	c.sit.Range, _ = strconv.Atoi(q.Get("range"))
	if _, err := strconv.Atoi(c.sit.CM); err != nil {
		c.sit.CM = ""
	}
	if !slices.Contains([]string{"none", "cover", "takecover", "kneecover"}, c.sit.Cover) {
		c.sit.Cover = "none"
	}
	c.mine, c.theirs = -1, -1
	changed := false
	for n, side := range armySides {
		if !q.Has(side.file) && !q.Has(side.packed) {
			continue
		}
		at := &c.mine
		if n == 1 {
			at = &c.theirs
		}
		a, problems, err := readSide(q, side.file, side.packed)
		if err != nil {
			c.messages = append(c.messages, fileErrorText(c.Lang, err))
			continue
		}
		i, added := c.add(a, problems)
		*at = i
		changed = changed || added
	}
	c.pickDefaults()
	if q.Has("save") {
		c.saveUnits(q)
		changed = true
	}
	if changed && !storeArmies(ctx, c.armies) {
		c.full = true
	}
	c.words = wordsFor(c.lib, c.Lang, c.game())
}

// add puts an army among the reader's, unless one like it is there, and
// says what reading it left out; it returns the army's index.
func (c *Armies) add(a army.Army, problems []army.Problem) (int, bool) {
	if len(problems) > 0 {
		w := wordsFor(c.lib, c.Lang, a.Game)
		for _, p := range problems {
			c.messages = append(c.messages, problemText(w, p))
		}
	}
	for i, o := range c.armies {
		if o.Equal(a) {
			return i, false
		}
	}
	if len(c.armies) >= army.MaxArmies {
		c.messages = append(c.messages, fmt.Sprintf(c.t(i18n.ArmyFull), army.MaxArmies))
		return -1, false
	}
	c.armies = append(c.armies, a)
	c.messages = append(c.messages, fmt.Sprintf(c.t(i18n.ArmyAddedF), a.Name))
	return len(c.armies) - 1, true
}

// pickDefaults chooses the armies the link did not: the first two of one
// game.
func (c *Armies) pickDefaults() {
	valid := func(i int) bool { return i >= 0 && i < len(c.armies) }
	if !valid(c.mine) {
		c.mine = -1
		for i := range c.armies {
			if i != c.theirs && (!valid(c.theirs) || c.armies[i].Game == c.armies[c.theirs].Game) {
				c.mine = i
				break
			}
		}
	}
	if !valid(c.theirs) {
		c.theirs = -1
		for i := range c.armies {
			if i != c.mine && valid(c.mine) && c.armies[i].Game == c.armies[c.mine].Game {
				c.theirs = i
				break
			}
		}
	}
}

// game is the game of the armies on show, else the reader's.
func (c *Armies) game() string {
	if c.mine >= 0 && c.mine < len(c.armies) {
		return c.armies[c.mine].Game
	}
	return orElse(c.Game, "at43")
}

// recompute lays out the matrix again, drawn with the page, its cells
// pending, and starts filling it in the browser's turns (startFill): the
// tap that asked for it is answered at once.
func (c *Armies) recompute(ctx goapp.Context) {
	c.table.fillSeq++
	c.table.matrix, c.table.err, c.table.links = nil, nil, nil
	if c.mine >= 0 && c.theirs >= 0 && c.mine < len(c.armies) && c.theirs < len(c.armies) {
		c.table.matrix, c.table.err = army.New(c.armies[c.mine], c.armies[c.theirs], c.view, c.sit)
	}
	if c.table.matrix == nil || !goapp.IsClient {
		c.redraw()
		c.syncURL()
		return
	}
	c.table.links = make([][]string, len(c.table.matrix.Rows))
	for i := range c.table.links {
		c.table.links[i] = make([]string, len(c.table.matrix.Cols))
	}
	c.redraw()
	c.syncURL()
	seq := c.table.fillSeq
	startFill(func() fillNext { return c.fillStep(seq) })
}

// fillStep fills a slice of the matrix and writes what it filled into the
// table on show, outside go-app: no render while it fills. It says when
// to take the next step: at once, after a while (the table go-app is
// about to draw is not in the page yet), or never (the matrix is done
// and written, another took its place, or the page is gone).
func (c *Armies) fillStep(seq int) fillNext {
	if seq != c.table.fillSeq || c.table.matrix == nil || !c.Mounted() {
		return fillStop
	}
	done := c.table.matrix.Done() || c.table.matrix.Fill(fillSlice)
	table := goapp.Window().GetElementByID("army-matrix")
	if !table.Truthy() || table.Get("dataset").Get("draw").String() != strconv.Itoa(c.table.drawSeq) {
		return fillLater
	}
	if c.table.writeRows(table, c.words, c.Lang, c.Base) && !done {
		c.table.writeProgress(c.words)
	}
	if !done || !c.table.allWritten() {
		return fillNow
	}
	c.table.writeDone(table, c.words)
	return fillStop
}

// link is the page's share link: the two armies, the view and the
// situation, with the page's language.
func (c *Armies) link() string {
	parts := []string{"lang=" + c.Lang}
	if c.mine >= 0 && c.mine < len(c.armies) {
		k, v := army.LinkValue(c.armies[c.mine], army.KeyMine, army.KeyMinePacked)
		parts = append(parts, k+"="+v)
	}
	if c.theirs >= 0 && c.theirs < len(c.armies) {
		k, v := army.LinkValue(c.armies[c.theirs], army.KeyTheirs, army.KeyTheirsPacked)
		parts = append(parts, k+"="+v)
	}
	if c.view != army.ViewFire {
		parts = append(parts, "view="+string(c.view))
	}
	if c.sit.CM != "" {
		parts = append(parts, "cm="+c.sit.CM)
	} else {
		parts = append(parts, "range="+strconv.Itoa(c.sit.Range))
	}
	if c.sit.Cover != "none" {
		parts = append(parts, "cover="+c.sit.Cover)
	}
	return c.Base + "/armies?" + strings.Join(parts, "&")
}

// armyLink is the link that opens one army as the reader's opponent's.
func (c *Armies) armyLink(i int) string {
	k, v := army.LinkValue(c.armies[i], army.KeyTheirs, army.KeyTheirsPacked)
	return c.Base + "/armies?lang=" + c.Lang + "&" + k + "=" + v
}

// syncURL writes the page's link, as redraw last wrote it, into the
// address bar: encoding the two armies again cost a slow phone as much as
// laying out the matrix.
func (c *Armies) syncURL() {
	if !goapp.IsClient || goapp.Window().Get("location").Get("pathname").String() != c.Base+"/armies" {
		return
	}
	link := c.drawn.href
	c.wrote = link[len(c.Base+"/armies?"):]
	goapp.Window().Get("history").Call("replaceState", nil, "", link)
}

// onSet takes a field's change: the situation's range, distance and
// cover, or a value of the unit in the editor.
func (c *Armies) onSet(ctx goapp.Context, a goapp.Action) {
	ch, ok := a.Value.(fieldChange)
	if !ok {
		return
	}
	if prefix, key, found := strings.Cut(ch.Key, "."); found {
		c.savedIf(ctx, c.edit.setUnitValue(c.armies, prefix, key, ch))
		return
	}
	switch ch.Key {
	case "range":
		n := c.sit.Range + ch.Step
		if ch.Step == 0 {
			n, _ = strconv.Atoi(ch.Value)
		}
		c.sit.Range, c.sit.CM = min(max(n, 0), 30), ""
	case "cm":
		n, err := strconv.Atoi(c.sit.CM)
		if ch.Step == 0 {
			n, err = strconv.Atoi(ch.Value)
		} else {
			n += ch.Step
		}
		c.sit.CM = ""
		if err == nil || ch.Step != 0 {
			c.sit.CM = strconv.Itoa(min(max(n, 0), 300))
		}
	case "cover":
		c.sit.Cover = ch.Value
	}
	c.recompute(ctx)
}

// orElse is s, or def when s is empty.
func orElse(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
