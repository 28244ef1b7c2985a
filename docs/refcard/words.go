package refcard

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
)

// words gives the card its words in one language and game.
type words struct {
	lib        *content.Library
	lang, game string
}

func (w words) t(k i18n.Key) string { return i18n.T(w.lang, k) }

func (w words) f(k i18n.Key, args ...any) string { return fmt.Sprintf(w.t(k), args...) }

// term is a glossary term's name, as it reads mid-sentence.
func (w words) term(id string) string {
	if t := w.lib.Term(id); t != nil {
		return t.Name(w.lang, w.game)
	}
	return id
}

// label is a glossary term's name with its card abbreviation, written to
// start a label.
func (w words) label(id string) string {
	if t := w.lib.Term(id); t != nil {
		return content.Capitalise(t.Label(w.lang, w.game))
	}
	return id
}

// abbr is a term's card abbreviation, or its name.
func (w words) abbr(id string) string {
	if t := w.lib.Term(id); t != nil {
		if a := t.Abbrev(w.lang, w.game); a != "" {
			return a
		}
	}
	return w.term(id)
}

// signed writes a difference as the tables do: "+2", "0", "−3".
func signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return "−" + strconv.Itoa(-n)
	}
	return "0"
}

// span writes the whole numbers lo to hi: "3", "3–4".
func span(lo, hi int) string {
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return strconv.Itoa(lo) + "–" + strconv.Itoa(hi)
}

// sentence makes a diagram's label a sentence of the card's lines: a
// capital first letter and a full stop.
func sentence(s string) string {
	return content.Capitalise(strings.TrimRight(s, ".")) + "."
}

func itoa(n int) string { return strconv.Itoa(n) }
