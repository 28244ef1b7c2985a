package docs

import (
	"fmt"
	"io/fs"
	"regexp"
	"strings"

	"github.com/at4x/companion/docs/content"
)

// headingLine matches "# Title {#id}" and "## Title {#id}".
var headingLine = regexp.MustCompile(`^(#{1,2})\s+(.+?)\s*\{#([a-z0-9.-]+)\}\s*$`)

// sourceLine matches a section's opening source line, in either language:
// "*Source: AT-43 rulebook.*" or "*Sources : ...*".
var sourceLine = regexp.MustCompile(`^\*Sources?\s?:\s*(.+?)\*\s*$`)

// text reads the chapter files of one game and language, in file name order.
func (r *renderer) text(fsys fs.FS, game, lang string, files []string) (*content.Text, error) {
	t := &content.Text{Game: game, Lang: lang}
	for _, name := range files {
		src, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		c, err := r.chapter(game, lang, string(src))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		t.Chapters = append(t.Chapters, c)
	}
	return t, nil
}

// chapter splits a chapter file at its "##" headings and renders each section.
func (r *renderer) chapter(game, lang, src string) (*content.Chapter, error) {
	var (
		c      *content.Chapter
		title  string
		id     string
		body   []string
		fenced bool
	)
	flush := func() error {
		if id == "" {
			return nil
		}
		s, err := r.section(game, lang, id, title, strings.Join(body, "\n"))
		if err != nil {
			return fmt.Errorf("section %s: %w", id, err)
		}
		c.Sections = append(c.Sections, s)
		return nil
	}
	for n, line := range strings.Split(src, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		m := headingLine.FindStringSubmatch(line)
		if fenced || m == nil {
			if strings.HasPrefix(line, "# ") || strings.HasPrefix(line, "## ") {
				if !fenced {
					return nil, fmt.Errorf("line %d: heading %q has no {#id}", n+1, line)
				}
			}
			if c == nil && strings.TrimSpace(line) != "" {
				return nil, fmt.Errorf("line %d: text before the chapter heading", n+1)
			}
			if id == "" && c != nil && strings.TrimSpace(line) != "" {
				return nil, fmt.Errorf("line %d: text between the chapter heading and its first section", n+1)
			}
			body = append(body, line)
			continue
		}
		switch m[1] {
		case "#":
			if c != nil {
				return nil, fmt.Errorf("line %d: a second chapter heading", n+1)
			}
			c = &content.Chapter{ID: m[3], Title: m[2]}
		case "##":
			if c == nil {
				return nil, fmt.Errorf("line %d: section before the chapter heading", n+1)
			}
			if err := flush(); err != nil {
				return nil, err
			}
			if content.ChapterOf(m[3]) != c.ID {
				return nil, fmt.Errorf("line %d: section id %q is not in chapter %q", n+1, m[3], c.ID)
			}
			title, id, body = m[2], m[3], nil
		}
	}
	if c == nil {
		return nil, fmt.Errorf("no chapter heading")
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return c, nil
}

// takeSource removes the source line from the top of a section's Markdown and
// returns what it names.
func takeSource(md string) (source, rest string) {
	lines := strings.Split(md, "\n")
	for i, line := range lines {
		if strings.TrimSpace(line) == "" {
			continue
		}
		if m := sourceLine.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			return m[1], strings.Join(lines[i+1:], "\n")
		}
		break
	}
	return "", md
}
