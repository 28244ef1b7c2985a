package refcard

import (
	"strings"

	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
)

// chapterSide is a side of a card made of a quick reference chapter: its
// title and its sections, in order.
type chapterSide struct {
	title    i18n.Key
	sections []string
}

// chapterSides groups the quick reference sections of a game without a
// d6 Game (d10) on the card's two sides, about as long: what a figure pays
// for and shooting, then close combat, morale and vehicles. A section not
// listed goes on the last side.
var chapterSides = []chapterSide{
	{i18n.CardSideActions, []string{"reference.costs", "reference.shooting"}},
	{i18n.CardSideMoraleVehicles, []string{"reference.melee", "reference.panic", "reference.vehicles"}},
}

// withChapter fills a card with the sections of a text's quick reference
// chapter, side by side as chapterSides sets them out.
func (c Card) withChapter(t *content.Text, w words) Card {
	ch := referenceChapter(t)
	placed := map[string]bool{}
	block := func(s *content.Section) Block {
		placed[s.ID] = true
		return Block{ID: "card-" + strings.TrimPrefix(s.ID, "reference."), Title: s.Title, HTML: withoutSeeAlso(s.HTML)}
	}
	for _, cs := range chapterSides {
		side := Side{Title: w.t(cs.title)}
		for _, id := range cs.sections {
			if s, _ := t.Section(id); s != nil {
				side.Blocks = append(side.Blocks, block(s))
			}
		}
		c.Sides = append(c.Sides, side)
	}
	for _, s := range ch.Sections {
		if !placed[s.ID] {
			last := &c.Sides[len(c.Sides)-1]
			last.Blocks = append(last.Blocks, block(s))
		}
	}
	return c
}

// referenceChapter is a text's quick reference chapter, or nil.
func referenceChapter(t *content.Text) *content.Chapter {
	for _, ch := range t.Chapters {
		if ch.ID == "reference" && len(ch.Sections) > 0 {
			return ch
		}
	}
	return nil
}

// withoutSeeAlso drops a section's closing paragraph of links to other
// sections ("Details: ..."), which a printed card cannot follow.
func withoutSeeAlso(h string) string {
	body := strings.TrimRight(h, "\n")
	i := strings.LastIndex(body, "<p>")
	if i < 0 || !strings.HasSuffix(body, "</p>") {
		return h
	}
	last := body[i:]
	if strings.Count(last, "<a ") == 0 || strings.Contains(last, `class="term"`) || strings.Count(last, "<a ") != strings.Count(last, `<a href="/`) {
		return h
	}
	return body[:i]
}
