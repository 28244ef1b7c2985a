package docs

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/rules"
)

// parityGames are the games whose English and French texts must match part
// for part (docs/README.md, "One text in two languages"). The others are
// skipped unless named in $DOCS_PARITY (DOCS_PARITY=at44 go test ./docs
// -run TestParity/at44), so a text can be checked while it is converted.
//
// Every game with a text is listed.
var parityGames = []string{"at43", "at44", "d10"}

// sectionParts is what the parity test compares in one section of one text.
type sectionParts struct {
	subParts []string // ids of sub-headings and lead-in paragraphs, in order ("[lead]" if none)
	readings []string // ids of readings, in order ("[lead]" if none)
	calcs    []string // calculator links without their lang key, in order
	problems []string // what is wrong inside this one text
}

// partsByText gathers, per text ("at43/en") and section id, the parts and
// calculator links the renderer met.
func partsByText(r *renderer) map[string]map[string]*sectionParts {
	out := map[string]map[string]*sectionParts{}
	get := func(from string) *sectionParts {
		game, rest, _ := strings.Cut(from, "/")
		lang, section, _ := strings.Cut(rest, "/")
		text := game + "/" + lang
		if out[text] == nil {
			out[text] = map[string]*sectionParts{}
		}
		if out[text][section] == nil {
			out[text][section] = &sectionParts{}
		}
		return out[text][section]
	}
	for _, p := range r.parts {
		if p.kind == partQuote {
			continue
		}
		s := get(p.from)
		section := p.from[strings.LastIndexByte(p.from, '/')+1:]
		switch {
		case p.id == "" && p.kind == partReading:
			s.problems = append(s.problems, fmt.Sprintf("reading %q has no {#id}", p.lead))
		case p.id == "":
			s.problems = append(s.problems, fmt.Sprintf("lead-in %q has no {#id}", p.lead))
		case !p.explicit:
			s.problems = append(s.problems, fmt.Sprintf("heading %q has no {#id}", p.lead))
		case p.kind != partReading && !strings.HasPrefix(p.id, section+"."):
			s.problems = append(s.problems, fmt.Sprintf("sub-part id %q does not start with %q", p.id, section+"."))
		}
		id := p.id
		if id == "" {
			id = "[" + p.lead + "]" // shown in the message when the lists differ
		}
		if p.kind == partReading {
			s.readings = append(s.readings, id)
		} else {
			s.subParts = append(s.subParts, id)
		}
	}
	for _, l := range r.links {
		if l.game == "" || !strings.HasPrefix(l.dest, "/calc/") {
			continue
		}
		s := get(l.from)
		s.calcs = append(s.calcs, withoutLang(l.dest))
	}
	return out
}

// withoutLang drops the lang key of a calculator link and keeps the path and
// the other keys in their written order.
func withoutLang(dest string) string {
	path, query, _ := strings.Cut(dest, "?")
	var keep []string
	for kv := range strings.SplitSeq(query, "&") {
		if !strings.HasPrefix(kv, "lang=") && kv != "lang" {
			keep = append(keep, kv)
		}
	}
	return path + "?" + strings.Join(keep, "&")
}

// noteGames tells, for each engine note id, the games whose results carry
// it: the game its id names, or both AT games for the d6 notes that name
// none.
func noteGames() map[string][]string {
	out := map[string][]string{}
	for _, n := range rules.Notes() {
		out[n.ID] = []string{"at43", "at44"}
		for _, g := range content.GameIDs {
			if strings.HasPrefix(n.ID, g+"-") {
				out[n.ID] = []string{g}
			}
		}
	}
	return out
}

// TestParity checks that the English and French texts of each game in
// parityGames say the same thing part for part: in every section, the same
// sub-part anchors, the same reading ids and the same calculator links (the
// lang key aside), all in the same order. Run one game with
// go test ./docs -run 'TestParity/at44'.
func TestParity(t *testing.T) {
	lib, r, err := parseAll(Files)
	if err != nil {
		t.Fatal(err)
	}
	parts := partsByText(r)
	notes := noteGames()
	for _, game := range content.GameIDs {
		t.Run(game, func(t *testing.T) {
			if !slices.Contains(parityGames, game) && !slices.Contains(strings.FieldsFunc(os.Getenv("DOCS_PARITY"), func(r rune) bool { return r == ',' || r == ' ' }), game) {
				t.Skipf("%s is not in parityGames yet; DOCS_PARITY=%s checks it", game, game)
			}
			en, fr := lib.Text(game, "en"), lib.Text(game, "fr")
			if en == nil || fr == nil {
				t.Fatalf("%s needs both an English and a French text", game)
			}
			// The section where each id is first used, per language, for
			// the uniqueness check.
			first := map[string]map[string]string{}
			for _, lang := range content.Langs {
				first[lang] = map[string]string{}
				for _, s := range lib.Text(game, lang).Sections() {
					p := parts[game+"/"+lang][s.ID]
					if p == nil {
						continue
					}
					for _, id := range slices.Concat(p.subParts, p.readings) {
						if _, ok := first[lang][id]; !ok {
							first[lang][id] = s.ID
						}
					}
				}
			}
			for _, s := range en.Sections() {
				t.Run(s.ID, func(t *testing.T) {
					if sec, _ := fr.Section(s.ID); sec == nil {
						t.Fatalf("no French section %s", s.ID)
					}
					texts := map[string]*sectionParts{}
					for _, lang := range content.Langs {
						p := parts[game+"/"+lang][s.ID]
						if p == nil {
							p = &sectionParts{}
						}
						texts[lang] = p
						for _, msg := range p.problems {
							t.Errorf("%s: %s", lang, msg)
						}
						seen := map[string]bool{}
						for _, id := range slices.Concat(p.subParts, p.readings) {
							if strings.HasPrefix(id, "[") {
								continue
							}
							if seen[id] || first[lang][id] != s.ID {
								t.Errorf("%s: id %q is used more than once in the text (first in %s)", lang, id, first[lang][id])
							}
							seen[id] = true
						}
						for _, id := range p.readings {
							if games, ok := notes[id]; ok && !slices.Contains(games, game) {
								t.Errorf("%s: reading %q is the engine note of %v, not of %s", lang, id, games, game)
							}
							for _, g := range content.GameIDs {
								if strings.HasPrefix(id, g+"-") && g != game {
									t.Errorf("%s: reading %q names the game %s", lang, id, g)
								}
							}
						}
					}
					compare := func(what string, en, fr []string) {
						if !slices.Equal(en, fr) {
							t.Errorf("%s differ:\n  en: %s\n  fr: %s", what, strings.Join(en, " · "), strings.Join(fr, " · "))
						}
					}
					compare("sub-part anchors", texts["en"].subParts, texts["fr"].subParts)
					compare("reading ids", texts["en"].readings, texts["fr"].readings)
					compare("calculator links", texts["en"].calcs, texts["fr"].calcs)
				})
			}
		})
	}
}

// TestNoIDMarkerLeft checks that every "{#id}" of every text and page was
// taken by a heading or a lead-in: one written anywhere else would show as
// text.
func TestNoIDMarkerLeft(t *testing.T) {
	lib, _, err := parseAll(Files)
	if err != nil {
		t.Fatal(err)
	}
	check := func(where, html string) {
		if i := strings.Index(html, "{#"); i >= 0 {
			t.Errorf("%s: id marker left in the text: %q", where, html[max(0, i-60):min(len(html), i+40)])
		}
	}
	for _, text := range lib.Texts {
		for _, s := range text.Sections() {
			check(text.Game+"/"+text.Lang+"/"+s.ID, s.HTML)
			for _, b := range s.Blocks {
				check(text.Game+"/"+text.Lang+"/"+s.ID+" (search)", b.Text)
			}
		}
	}
	for _, p := range lib.Pages {
		check(p.ID+"/"+p.Lang, p.HTML)
	}
}
