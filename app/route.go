package app

import (
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/at4x/companion/app/calc"
	"github.com/at4x/companion/docs/content"
)

// view is what a route shows.
type view int

const (
	viewNotFound view = iota
	viewLanding
	viewContents
	viewSection
	viewGlossary
	viewPage // compare, about
	viewSettings
	viewCalc
	viewCard   // a game's printable reference card
	viewArmies // the armies and who should shoot whom
)

// route is a parsed path: /{lang}/{game}/{section}, /{lang}/{game},
// /{lang}/{game}/glossary, /{lang}/{game}/card, /{lang}/compare, /{lang}/about,
// /{lang}/settings, /calc/{name} and /.
type route struct {
	view    view
	lang    string
	game    string
	section string // section id, or page id for viewPage
	calc    string
}

// parseRoute reads a path. Calculator routes carry no language in the path:
// it comes from the query or the reader's preference, so lang stays empty.
func parseRoute(path string) route {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	switch {
	case path == "/" || path == "":
		return route{view: viewLanding}
	case parts[0] == "calc" && len(parts) == 2 && slices.Contains(calc.Names(), parts[1]):
		return route{view: viewCalc, calc: parts[1]}
	case path == "/armies":
		return route{view: viewArmies}
	case !slices.Contains(content.Langs, parts[0]):
		return route{view: viewNotFound}
	}
	r := route{lang: parts[0]}
	if len(parts) == 2 {
		switch parts[1] {
		case "compare", "about":
			r.view, r.section = viewPage, parts[1]
			return r
		case "settings":
			r.view = viewSettings
			return r
		}
	}
	if len(parts) < 2 || len(parts) > 3 || !slices.Contains(content.GameIDs, parts[1]) {
		return route{view: viewNotFound, lang: r.lang}
	}
	r.game = parts[1]
	switch {
	case len(parts) == 2:
		r.view = viewContents
	case parts[2] == "glossary":
		r.view = viewGlossary
	case parts[2] == "card":
		r.view = viewCard
	default:
		r.view, r.section = viewSection, parts[2]
	}
	return r
}

// RoutePattern is a regular expression, in the syntax both Go and
// JavaScript read, for the paths (below the base) that are the app's own:
// "/", and everything under a language or /calc, where parseRoute shows the
// app's own "Page not found" for what it lacks. The service worker answers
// only these paths with the app, its shell included: any other path of the
// origin belongs to another site or app (the base "/" owns the whole origin
// of user.github.io, under which the owner's other sites live) and goes to
// the network untouched.
func RoutePattern() string {
	roots := make([]string, 0, len(content.Langs)+1)
	for _, r := range append(slices.Clone(content.Langs), "calc", "armies") {
		roots = append(roots, regexp.QuoteMeta(r))
	}
	return `^/(?:(?:` + strings.Join(roots, "|") + `)(?:/.*)?)?$`
}

// path returns the route's path, the inverse of parseRoute.
func (r route) path() string {
	switch r.view {
	case viewLanding:
		return "/"
	case viewContents:
		return "/" + r.lang + "/" + r.game
	case viewSection:
		return "/" + r.lang + "/" + r.game + "/" + r.section
	case viewGlossary:
		return "/" + r.lang + "/" + r.game + "/glossary"
	case viewCard:
		return "/" + r.lang + "/" + r.game + "/card"
	case viewPage:
		return "/" + r.lang + "/" + r.section
	case viewSettings:
		return "/" + r.lang + "/settings"
	case viewCalc:
		return "/calc/" + r.calc
	case viewArmies:
		return "/armies"
	}
	return "/"
}

// otherLang returns the language that is not lang.
func otherLang(lang string) string {
	if lang == "fr" {
		return "en"
	}
	return "fr"
}

// switched returns the route that shows the same place in another language
// or game, and whether that place exists there: a section missing from the
// other game gives its closest section (see nearestSection).
func switched(lib *content.Library, r route, lang, game string) (route, bool) {
	out := r
	out.lang = lang
	if r.game != "" {
		out.game = game
	}
	if r.view == viewCard && !hasCard(lib, out.game, lang) {
		out.view = viewContents
		return out, false
	}
	if r.view != viewSection {
		return out, true
	}
	t := lib.Text(out.game, lang)
	if t == nil {
		out.view, out.section = viewContents, ""
		return out, false
	}
	id, exact := nearestSection(lib.Text(r.game, r.lang), t, r.section)
	if id == "" {
		out.view, out.section = viewContents, ""
		return out, false
	}
	out.section = id
	return out, exact
}

// nearestSection is the section of text to that best stands for section id
// of text from (which may be nil): the same id; else the closest section of
// the same chapter in from's reading order, the earlier one first; else the
// first section of that chapter in to; else, for a chapter to lacks (the
// Frostbite supplement, AT-44's abilities), the section that treats the same
// matter (relatedSections); else to's first section.
func nearestSection(from, to *content.Text, id string) (string, bool) {
	if s, _ := to.Section(id); s != nil {
		return id, true
	}
	has := func(id string) bool { s, _ := to.Section(id); return s != nil }
	if from != nil {
		if _, c := from.Section(id); c != nil {
			i := slices.IndexFunc(c.Sections, func(s *content.Section) bool { return s.ID == id })
			for d := 1; d < len(c.Sections); d++ {
				for _, j := range []int{i - d, i + d} {
					if j >= 0 && j < len(c.Sections) && has(c.Sections[j].ID) {
						return c.Sections[j].ID, false
					}
				}
			}
		}
	}
	chapter := content.ChapterOf(id)
	for _, c := range to.Chapters {
		if c.ID == chapter && len(c.Sections) > 0 {
			return c.Sections[0].ID, false
		}
	}
	for _, cand := range append(slices.Clone(relatedSections[id]), relatedSections[chapter]...) {
		if has(cand) {
			return cand, false
		}
	}
	if all := to.Sections(); len(all) > 0 {
		return all[0].ID, false
	}
	return "", false
}

// relatedSections lists, for a section or a whole chapter that some game
// lacks, the sections of the other games that treat the same matter, best
// first. Without it a reader leaving a Frostbite section for AT-44 would
// land on "What AT-44 is".
var relatedSections = map[string][]string{
	"frostbite.engineers":  {"abilities.list", "basics.fighters"},
	"frostbite.minefields": {"terrain.types", "movement.moving"},
	"frostbite.crystals":   {"objectives.control", "terrain.types"},
	"frostbite.support":    {"basics.units"},
	"frostbite.transports": {"movement.vehicles", "basics.units"},
	"frostbite.terrain":    {"terrain.types", "movement.moving"},
	"frostbite.drills":     {"drills.overview", "shooting.special"},
	"frostbite.bunkers":    {"terrain.types", "shooting.cover"},
	"frostbite":            {"basics.units"},
	"abilities":            {"basics.profiles"},
	"command":              {"round.activation"},
	"indirect":             {"shooting.special"},
	"drills":               {"shooting.special"},
	"terrain":              {"movement.moving"},
	"objectives":           {"round.sequence"},
}

// withQuery adds query values to a path.
func withQuery(path string, q url.Values) string {
	if len(q) == 0 {
		return path
	}
	return path + "?" + q.Encode()
}

// Pages lists every path the site has, for static generation: the landing
// page, each text's contents, sections, glossary and reference card, the
// stand-alone pages, the settings and the calculators.
func Pages(lib *content.Library) []string {
	out := []string{"/"}
	for _, t := range lib.Texts {
		base := route{lang: t.Lang, game: t.Game}
		for _, v := range []view{viewContents, viewGlossary, viewCard} {
			if v == viewCard && !hasCard(lib, t.Game, t.Lang) {
				continue
			}
			base.view = v
			out = append(out, base.path())
		}
		for _, s := range t.Sections() {
			out = append(out, route{view: viewSection, lang: t.Lang, game: t.Game, section: s.ID}.path())
		}
	}
	for _, lang := range content.Langs {
		for _, p := range []string{"compare", "about"} {
			if lib.Page(p, lang) != nil {
				out = append(out, route{view: viewPage, lang: lang, section: p}.path())
			}
		}
		out = append(out, route{view: viewSettings, lang: lang}.path())
	}
	for _, name := range calc.Names() {
		out = append(out, route{view: viewCalc, calc: name}.path())
	}
	out = append(out, route{view: viewArmies}.path())
	return out
}
