package calc

import (
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/at4x/companion/app/store"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// record is one calculation in the history: its share link and the
// headline it gave.
type record struct {
	Link     string
	Headline string
}

// Fields are the stored record.
func (r record) Fields() store.Fields {
	return map[string]any{"link": r.Link, "headline": r.Headline}
}

// SetFields reads a stored record.
func (r *record) SetFields(f store.Fields) {
	*r = record{Link: f.String("link"), Headline: f.String("headline")}
}

// historyKey is where the history of calculations is kept on the device.
var historyKey = store.Key("history")

// maxHistory is how many calculations the history keeps, and maxLink the
// longest link it keeps (ten times a long share link; a QR code holds no
// more than 2,953 bytes), so the list stays far under what store.Read
// decodes.
const (
	maxHistory = 20
	maxLink    = 2000
)

// historySpan is what is read of the history stored on the device: its
// maxHistory newest entries, each a link of maxLink characters at most and
// a headline, far shorter than the room left them.
var historySpan = store.First(maxHistory, maxLink+600)

// validRecords keeps, of a stored history, the newest maxHistory records
// whose link opens one of this app's calculators under base: a stored
// link becomes a link in the page, and anything on the origin may have
// written it.
func validRecords(list []record, base string) []record {
	out := make([]record, 0, min(len(list), maxHistory))
	for _, r := range list {
		if len(out) == maxHistory {
			break
		}
		if ownLink(r.Link, base) {
			out = append(out, r)
		}
	}
	return out
}

// ownLink reports whether link is a calculator's address of this app under
// base: a path, with no scheme or host, naming a calculator.
func ownLink(link, base string) bool {
	if len(link) > maxLink {
		return false
	}
	u, err := url.Parse(link)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Opaque != "" || strings.HasPrefix(link, "//") {
		return false
	}
	name, ok := strings.CutPrefix(u.Path, base+"/calc/")
	return ok && calculatorNamed(name) != nil
}

// withRecord puts r first in the history, in place of the entry whose link
// is replaces (the calculation r carries on) and of any entry of the same
// situation, and keeps the newest maxHistory: twenty entries are twenty
// situations.
func withRecord(list []record, r record, replaces string) []record {
	out := []record{r}
	s := situation(r.Link)
	for _, o := range list {
		if o.Link != replaces && situation(o.Link) != s && len(out) < maxHistory {
			out = append(out, o)
		}
	}
	return out
}

// situation is what a link works out: its calculator and values, without
// its language and view keys, which change how the answer reads, not the
// answer.
func situation(link string) string {
	u, err := url.Parse(link)
	if err != nil {
		return link
	}
	q := u.Query()
	for _, k := range viewKeys {
		q.Del(k)
	}
	return u.Path + "?" + q.Encode()
}

// actionRecord carries a settled calculation to the history list, as an
// entry.
const actionRecord = "at4x/record"

// entry is a calculation on its way to the history: its record, and the
// link of the entry it updates, "" for a new one.
type entry struct {
	record
	replaces string
}

// addToHistory adds a calculation to the history, once its inputs have
// settled, or updates the entry of the same calculation (see
// historyEntry.record). A calculation that failed, and so has no
// headline, is left out, and so is a link past maxLink.
func addToHistory(ctx goapp.Context, r record, replaces string) {
	if r.kept() {
		ctx.NewActionWithValue(actionRecord, &entry{r, replaces})
	}
}

// kept tells whether the history keeps the calculation: one that gave a
// headline, under a link no longer than maxLink.
func (r record) kept() bool { return r.Headline != "" && len(r.Link) <= maxLink }

// withEntry is list with e put in (withRecord), and whether that changed
// it: not when the list starts with e's record already.
func withEntry(list []record, e entry) ([]record, bool) {
	if len(list) > 0 && list[0] == e.record {
		return list, false
	}
	return withRecord(list, e.record, e.replaces), true
}

// title names a recorded calculation: the calculator and the game, in the
// page's language.
func (r record) title(lang string) string {
	u, err := url.Parse(r.Link)
	if err != nil {
		return r.Link
	}
	g := u.Query().Get("game")
	t := Title(path.Base(u.Path), lang, g)
	if g != "" {
		t += " · " + content.GameName(g)
	}
	return t
}

// historyList lists the last calculations made on this device, newest
// first: one tap reopens one, one clears them all. It keeps the list
// itself, in local storage, and adds what addToHistory sends.
type historyList struct {
	goapp.Compo

	Lang string
	Base string // the path prefix the site is served under, "" at the root

	list    []record
	unsaved bool // the last save failed: the list lives in memory only
}

// unsavedHistory is the list the device last refused to store, kept for
// the rest of the visit so that leaving the page does not lose it.
var unsavedHistory []record

// OnMount reads the saved list and starts listening for calculations.
func (h *historyList) OnMount(ctx goapp.Context) {
	h.list, h.unsaved = unsavedHistory, unsavedHistory != nil
	if !h.unsaved {
		h.list = store.ReadList[record](historyKey, historySpan)
		h.list = validRecords(h.list, h.Base)
	}
	ctx.Handle(actionRecord, h.onRecord)
}

func (h *historyList) onRecord(ctx goapp.Context, a goapp.Action) {
	e, ok := a.Value.(*entry)
	if !ok {
		return
	}
	list, changed := withEntry(h.list, *e)
	if !changed {
		ctx.PreventUpdate()
		return
	}
	h.list = list
	h.save(ctx)
}

// save stores the list. When the device refuses (storage full or
// disabled), the list stays in memory and the page says so.
func (h *historyList) save(ctx goapp.Context) {
	h.unsaved = saveHistory(h.list) != nil
}

// saveHistory stores list on the device, or keeps it in unsavedHistory
// for the rest of the visit when the device refuses.
func saveHistory(list []record) error {
	err := store.WriteList(historyKey, list)
	unsavedHistory = nil
	if err != nil {
		unsavedHistory = slices.Clone(list)
		goapp.Log("saving", historyKey, "failed:", err)
	}
	return err
}

// storeEntry writes a calculation into the history kept on the device,
// for a calculator the reader is leaving (historyEntry.leave): the list the
// page draws, which takes the entries otherwise, leaves with it.
func storeEntry(e entry, base string) {
	list := unsavedHistory
	if list == nil {
		list = validRecords(store.ReadList[record](historyKey, historySpan), base)
	}
	if list, changed := withEntry(list, e); changed {
		saveHistory(list)
	}
}

// The history is the app's own record of what was worked out: when the
// device refuses a save of the reader's (a profile, a bookmark), its oldest
// entries go first.
func init() { store.MakeRoom = dropOldestEntry }

// dropOldestEntry drops the oldest calculation of the history the device
// keeps (store.MakeRoom); false when it keeps none, or would not write the
// shorter list.
func dropOldestEntry() bool {
	list := store.ReadList[record](historyKey, historySpan)
	if len(list) == 0 {
		return false
	}
	list = list[:len(list)-1]
	return store.WriteList(historyKey, list) == nil
}

func (h *historyList) clear(ctx goapp.Context, e goapp.Event) {
	h.list = nil
	h.save(ctx)
}

// Render lists the calculations, or nothing while there are none.
func (h *historyList) Render() goapp.UI {
	if len(h.list) == 0 && !h.unsaved {
		return ui.Elem("section").Class("history").ID("calc-history")
	}
	return ui.Elem("section").Class("history").ID("calc-history").Body(
		ui.Elem("h2").Text(i18n.T(h.Lang, i18n.HistoryTitle)),
		goapp.If(h.unsaved, func() goapp.UI {
			return ui.Elem("p").Class("note").Role("status").Text(i18n.T(h.Lang, i18n.HistoryUnsaved))
		}),
		ui.Elem("ol").Class("history-list").Body(goapp.Range(h.list).Slice(func(i int) goapp.UI {
			r := h.list[i]
			return ui.Elem("li").Body(goapp.A().Href(r.Link).Body(
				ui.Elem("span").Class("history-title").Text(r.title(h.Lang)),
				ui.Elem("span").Class("history-headline").Text(r.Headline),
			))
		})),
		goapp.If(len(h.list) > 0, func() goapp.UI {
			return goapp.Button().Type("button").Class("btn ghost").ID("history-clear").
				Text(i18n.T(h.Lang, i18n.HistoryClear)).OnClick(h.clear)
		}),
	)
}
