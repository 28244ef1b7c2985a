package content

import (
	"slices"
	"strings"
)

// Text returns the text of a game in a language, or nil.
func (l *Library) Text(game, lang string) *Text {
	for _, t := range l.Texts {
		if t.Game == game && t.Lang == lang {
			return t
		}
	}
	return nil
}

// Page returns a stand-alone page in a language, or nil.
func (l *Library) Page(id, lang string) *Page {
	for _, p := range l.Pages {
		if p.ID == id && p.Lang == lang {
			return p
		}
	}
	return nil
}

// Term returns the glossary entry with the id, or nil.
func (l *Library) Term(id string) *Term {
	for _, t := range l.Terms {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// TermsOf returns the glossary entries that apply to a game, in id order.
func (l *Library) TermsOf(game string) []*Term {
	var out []*Term
	for _, t := range l.Terms {
		if slices.Contains(t.Games, game) {
			out = append(out, t)
		}
	}
	return out
}

// Sections returns every section of the text in reading order.
func (t *Text) Sections() []*Section {
	var out []*Section
	for _, c := range t.Chapters {
		out = append(out, c.Sections...)
	}
	return out
}

// Section returns the section with the id and its chapter, or nils.
func (t *Text) Section(id string) (*Section, *Chapter) {
	for _, c := range t.Chapters {
		for _, s := range c.Sections {
			if s.ID == id {
				return s, c
			}
		}
	}
	return nil, nil
}

// Neighbours returns the sections before and after the one with the id, in
// reading order; either is nil at an end of the text.
func (t *Text) Neighbours(id string) (prev, next *Section) {
	all := t.Sections()
	i := slices.IndexFunc(all, func(s *Section) bool { return s.ID == id })
	if i < 0 {
		return nil, nil
	}
	if i > 0 {
		prev = all[i-1]
	}
	if i+1 < len(all) {
		next = all[i+1]
	}
	return prev, next
}

// Nearest returns the id of the section of this text that best matches a
// section id of another text: the same id when the text has it, otherwise
// the first section of the same chapter, otherwise the first section of the
// text. exact tells whether the same id was found, so the reader can be told
// when the other game has no such section.
func (t *Text) Nearest(id string) (nearest string, exact bool) {
	if s, _ := t.Section(id); s != nil {
		return id, true
	}
	chapter, _, _ := strings.Cut(id, ".")
	for _, c := range t.Chapters {
		if c.ID == chapter && len(c.Sections) > 0 {
			return c.Sections[0].ID, false
		}
	}
	if all := t.Sections(); len(all) > 0 {
		return all[0].ID, false
	}
	return "", false
}

// Abbrev returns the term's abbreviation in a language for a game, or "".
func (t *Term) Abbrev(lang, game string) string {
	return t.Abbr[lang][game]
}

// Name returns the term's name in a language for a game, falling back to
// the term's first game when it does not apply to that one.
func (t *Term) Name(lang, game string) string {
	names := t.Names[lang]
	if n, ok := names[game]; ok {
		return n
	}
	for _, g := range t.Games {
		if n, ok := names[g]; ok {
			return n
		}
	}
	return t.ID
}

// ChapterOf returns the chapter part of a section id: "shooting" for
// "shooting.cover".
func ChapterOf(id string) string {
	c, _, _ := strings.Cut(id, ".")
	return c
}
