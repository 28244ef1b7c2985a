package app

import (
	"net/url"
	"slices"

	"github.com/at4x/companion/app/calc"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// switchLinks makes the links of the language and game switch, to the
// same place in the other language or game, from where the shell it is
// given stands (its route, query, fragment, language and game), and
// where a switch opens the other page (carriedPlace). It keeps the links
// it made for the address they were made from: each render of the
// header asks for four, and an armies link carries two armies, parsed
// and written again for each. It reads the address's query once for the
// four.
type switchLinks struct {
	at    string
	hrefs map[[2]string]string
	// query is the query of the address queryAt, read once an address
	// (liveQuery).
	query   url.Values
	queryAt string
}

// href is the link to the same place in another language or game:
// the same route, or the closest section, with the address's fragment when
// the other page has it.
func (l *switchLinks) href(s *shell, lang, game string) string {
	if goapp.IsClient {
		at := goapp.Window().Get("location").Get("href").String() + "\x00" + s.r.path() + "\x00" + s.fragment + "\x00" + s.lang + "\x00" + s.game
		if at != l.at {
			l.at, l.hrefs = at, map[[2]string]string{}
		}
		h, ok := l.hrefs[[2]string{lang, game}]
		if !ok {
			h = l.hrefOf(s, lang, game)
			l.hrefs[[2]string{lang, game}] = h
		}
		return h
	}
	return l.hrefOf(s, lang, game)
}

// hrefOf is href, worked out.
func (l *switchLinks) hrefOf(s *shell, lang, game string) string {
	to, q := l.target(s, lang, game)
	h := withQuery(to.path(), q)
	if f := s.fragment; to.view != viewCalc && hasMark(s.lib(), to, f) {
		h += "#" + f
	}
	return h
}

// target is the route and query of the same place in another language
// or game. A game picked on the home page opens its contents. A calculator
// keeps its query, or opens the other game's first
// calculator when it does not run under that game; a section the other
// game lacks gives the closest one, with from= so the page says so.
func (l *switchLinks) target(s *shell, lang, game string) (route, url.Values) {
	if s.r.view == viewLanding && lang == s.lang {
		// From the home page, a game is a way into its text.
		return route{view: viewContents, lang: lang, game: game}, nil
	}
	if s.r.view == viewCalc || s.r.view == viewArmies || s.r.view == viewLanding || s.r.view == viewNotFound {
		q := url.Values{}
		for k, v := range l.liveQuery(s) {
			q[k] = v
		}
		q.Set("lang", lang)
		q.Set("game", game)
		if games := calc.Games(s.r.calc); s.r.view == viewCalc && games != nil && !slices.Contains(games, game) {
			return route{view: viewCalc, calc: calc.First(game)}, url.Values{"lang": {lang}, "game": {game}}
		}
		if s.r.view == viewCalc && game != s.game {
			q = calc.SwitchedGame(s.r.calc, q, game)
		}
		return s.r, q
	}
	r := s.r
	if r.game == "" && game != s.game {
		r = route{view: viewContents, lang: lang, game: game}
	}
	to, exact := switched(s.lib(), r, lang, game)
	if !exact && s.r.view == viewSection {
		return to, url.Values{"from": {s.game}}
	}
	return to, nil
}

// liveQuery is the address's query as it stands: a calculator rewrites
// it in place with each change of the reader's (no navigation), so the
// one navigated to may be stale.
func (l *switchLinks) liveQuery(s *shell) url.Values {
	if !goapp.IsClient {
		return s.query
	}
	if at := goapp.Window().Get("location").Get("href").String(); at != l.queryAt {
		u, err := url.Parse(at)
		if err != nil {
			return url.Values{}
		}
		l.query, l.queryAt = u.Query(), at
	}
	return l.query
}

// carriedPlace is where the page of route to, in game, opens for a reader
// who was at p: at p's marked element when that page has it (the same
// sub-part in the other language, a sub-part or glossary entry both games
// share); on another game's page without it, at the sub-part found the same
// proportion down, since both games' sections follow one outline in one
// order (docs/outline.tsv) and the top would lose the reader's place; in
// the other language without it, the same proportion down. A switch to
// another page (the closest section to one the game lacks, another
// calculator, the contents) opens at its top, where the note saying so is.
func (l *switchLinks) carriedPlace(s *shell, p place, to route, game string) place {
	switch {
	case to.view != s.r.view || to.section != s.r.section || to.calc != s.r.calc:
		return place{}
	case hasMark(s.lib(), to, p.ID):
		return p
	}
	p.ID, p.Within, p.Frag = "", 0, false
	p.Snap = game != s.game
	return p
}
