package search

import (
	"slices"

	"github.com/at4x/companion/docs/content"
)

// ForText indexes what a reader of one game in one language can open: the
// game's glossary terms (found by their names in every language and game,
// and their aliases, so a French word finds the English entry), the section
// titles and sub-headings, and every paragraph of the text.
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
	for _, s := range text.Sections() {
		entries = append(entries, &Entry{Kind: Heading, Title: s.Title, Href: base + s.ID})
		for _, h := range s.Headings {
			entries = append(entries, &Entry{Kind: Heading, Title: h.Title, Context: s.Title, Href: base + s.ID + "#" + h.ID})
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
