package search

import (
	"slices"

	"github.com/at4x/companion/docs/content"
)

// ForText indexes what a reader of one game in one language can open: the
// game's glossary terms (found by their names in every language and game,
// and their aliases, so an English word finds the French entry), the section
// titles and sub-headings (found by their titles in every language and the
// sections' aliases, so "overwatch" finds "Tir d'alerte"), and every
// paragraph of the text.
func ForText(lib *content.Library, game, lang string) *Index {
	return ForTextPaced(lib, game, lang, nil)
}

// ForTextPaced is ForText calling pause (when not nil) between slices of
// the work, so that a browser client can spread it over short tasks.
func ForTextPaced(lib *content.Library, game, lang string, pause func()) *Index {
	if pause == nil {
		pause = func() {}
	}
	var entries []*Entry
	base := "/" + lang + "/" + game + "/"
	for i, t := range lib.TermsOf(game) {
		if i%pauseEvery == pauseEvery-1 {
			pause()
		}
		name := t.Name(lang, game)
		var also []string
		for _, l := range content.Langs {
			for _, g := range content.GameIDs {
				if n, ok := t.Names[l][g]; ok && n != name && !slices.Contains(also, n) {
					also = append(also, n)
				}
			}
			if ab := t.Abbrev(l, game); ab != "" && ab != name && !slices.Contains(also, ab) {
				also = append(also, ab)
			}
			for _, a := range t.Aliases[l] {
				if a != name && !slices.Contains(also, a) {
					also = append(also, a)
				}
			}
		}
		entries = append(entries, &Entry{Kind: Term, Title: name, Also: also, Href: base + "glossary#" + t.ID})
	}
	text := lib.Text(game, lang)
	if text == nil {
		return newPaced(entries, pause)
	}
	// The same game's texts in the other languages: a section and its
	// sub-headings have the same ids in each, so their titles and aliases
	// find the section in this one.
	var others []*content.Text
	for _, l := range content.Langs {
		if t := lib.Text(game, l); l != lang && t != nil {
			others = append(others, t)
		}
	}
	for _, s := range text.Sections() {
		var twins []*content.Section // s in the other languages
		for _, o := range others {
			if twin, _ := o.Section(s.ID); twin != nil {
				twins = append(twins, twin)
			}
		}
		also := addNew(nil, s.Title, s.Aliases...)
		for _, twin := range twins {
			also = addNew(also, s.Title, twin.Title)
			also = addNew(also, s.Title, twin.Aliases...)
		}
		entries = append(entries, &Entry{Kind: Heading, Title: s.Title, Also: also, Href: base + s.ID})
		for _, h := range s.Headings {
			var also []string
			for _, twin := range twins {
				if i := slices.IndexFunc(twin.Headings, func(th content.Heading) bool { return th.ID == h.ID }); i >= 0 {
					also = addNew(also, h.Title, twin.Headings[i].Title)
				}
			}
			entries = append(entries, &Entry{Kind: Heading, Title: h.Title, Also: also, Context: s.Title, Href: base + s.ID + "#" + h.ID})
		}
	}
	for _, s := range text.Sections() {
		pause()
		for _, b := range s.Blocks {
			href := base + s.ID
			if b.Anchor != "" {
				href += "#" + b.Anchor
			}
			entries = append(entries, &Entry{Kind: Text, Title: b.Text, Context: s.Title, Href: href})
		}
	}
	return newPaced(entries, pause)
}

// addNew appends to also the strings that are neither title nor already in
// it, compared folded.
func addNew(also []string, title string, strs ...string) []string {
	ft := Fold(title)
	for _, s := range strs {
		f := Fold(s)
		if f != ft && !slices.ContainsFunc(also, func(a string) bool { return Fold(a) == f }) {
			also = append(also, s)
		}
	}
	return also
}
