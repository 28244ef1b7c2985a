package calc

import (
	"strings"

	"github.com/at4x/companion/app/army"
	"github.com/at4x/companion/app/store"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// armiesKey is where the armies are kept on the device: a list of
// records, each an army's file as text, read back through army.Read so
// that a stored army is checked exactly as an imported one. The device
// keeps army.MaxArmies armies and maxArmiesText characters of them as
// stored, their quotes escaped (about 50 armies of 12 units), under
// store.maxStored, past which it would not read them.
var armiesKey = store.Key("armies")

const maxArmiesText = 200 << 10

// armiesSpan is the stored list's part read: all of it, up to maxStored.
var armiesSpan = store.Last(army.MaxArmies, maxArmiesText)

// armyRecord is one stored army.
type armyRecord struct{ File string }

func (r armyRecord) Fields() store.Fields { return store.Fields{"file": r.File} }

func (r *armyRecord) SetFields(f store.Fields) { r.File = f.String("file") }

// loadArmies reads the stored armies, leaving out what is not an army and
// trimming what an army file would be trimmed of.
func loadArmies(ctx goapp.Context) []army.Army {
	var out []army.Army
	for _, r := range store.LoadList[armyRecord](ctx, armiesKey, armiesSpan) {
		if a, _, err := readArmy(r.File); err == nil && len(out) < army.MaxArmies {
			out = append(out, a)
		}
	}
	return out
}

// storeArmies keeps the armies on the device; false when they are past
// the caps, and nothing was written.
func storeArmies(ctx goapp.Context, list []army.Army) bool {
	records := make([]armyRecord, len(list))
	total := 0
	for i, a := range list {
		records[i].File = string(army.Encode(a))
		// As JSON.stringify writes it: quoted, quotes and backslashes escaped.
		total += len(records[i].File) + strings.Count(records[i].File, `"`) + strings.Count(records[i].File, `\`) + len(`{"file":""},`)
	}
	if len(list) > army.MaxArmies || total > maxArmiesText {
		return false
	}
	store.SaveList(ctx, armiesKey, records)
	return true
}

// readArmy reads an army file as the client does: with the army's own
// JSON reader, in Go. The browser's JSON.parse is quicker to parse but
// its values cross into Go one call at a time: two 12-unit armies of a
// link took 390 ms at 4x CPU slowdown that way.
func readArmy(text string) (army.Army, []army.Problem, error) {
	return readOnce(text, func() (army.Army, []army.Problem, error) { return army.Read([]byte(text), army.Parse) })
}

// armyReads are the armies read this visit, by their text: each page load
// reads every stored army and the link's again, and reading one checks
// each of its units with the engine (tens of ms for two 12-unit armies at
// 4x CPU slowdown). Each entry is a copy, and each read gives a copy: the
// editor changes the armies it is given.
var armyReads = map[string]armyRead{}

type armyRead struct {
	a        army.Army
	problems []army.Problem
	err      error
}

// readOnce is read's army, read once a visit for key.
func readOnce(key string, read func() (army.Army, []army.Problem, error)) (army.Army, []army.Problem, error) {
	if r, ok := armyReads[key]; ok {
		return r.a.Clone(), r.problems, r.err
	}
	a, problems, err := read()
	if len(armyReads) >= 4*army.MaxArmies {
		clear(armyReads)
	}
	armyReads[key] = armyRead{a.Clone(), problems, err}
	return a, problems, err
}
