// Package search finds glossary terms, headings and paragraphs of the rules
// text from what a reader types, forgiving typos and missing accents, in
// either language.
//
// Every string is folded (lower case, accents removed, rune for rune) when
// the index is built. An entry may carry other strings that find it: a
// term's names in every language, a section's title in the other language
// and the words players use for it (docs/aliases.json), so "overwatch" on a
// French page finds "Tir d'alerte". A query is matched two ways: word by
// word, where each query word must be a word of the string, start one, or
// be a small edit away from one (so "covre" finds "cover"), through an
// inverted index over the vocabulary; and, for the short entries (terms and
// headings), with sahilm/fuzzy's subsequence match, so "ldrshp" still finds
// "leadership". Results come in groups of one kind, the sections first
// unless a term matches better, and keep the rune positions to highlight
// in the text they show.
package search

import (
	"math/bits"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/sahilm/fuzzy"
)

// Kind is what an entry points at; results are grouped by kind.
type Kind int

// Kinds of entries, in the order results are shown.
const (
	Term Kind = iota
	Heading
	Text
)

// Entry is one searchable thing.
type Entry struct {
	Kind Kind
	// Title is what a result shows: a term's name, a heading, a paragraph.
	Title string
	// Also are other strings that find the entry and are shown beside the
	// title when they matched: a term's names in the other language, aliases.
	Also []string
	// Context says where the entry is: the section title of a paragraph.
	Context string
	// Href is the route that opens the entry, with its anchor.
	Href string
}

// Result is an entry found for a query.
type Result struct {
	Entry *Entry
	// Show is the text to display: the title, a title and the other name
	// that matched, or a window of a long paragraph.
	Show string
	// Marks are the rune positions of Show to highlight, in order.
	Marks []int
}

// Limits caps the results of each kind.
var limits = [...]int{Term: 10, Heading: 10, Text: 20}

// snippetRunes is how much of a paragraph a result shows.
const snippetRunes = 150

// Index is a searchable set of entries. It is read-only once built, so one
// index may serve any number of queries.
type Index struct {
	entries []*Entry
	// strs are the folded title and other strings of every entry; owner maps
	// each back to its entry and alt says which string it is (0 = title).
	strs  []string
	owner []int
	alt   []int
	// short lists the names of terms and titles of headings, for fuzzy
	// matching.
	short shortSource
	// vocab is every folded word, sorted; posts[i] lists the strings that
	// contain vocab[i].
	vocab []string
	runes [][]rune
	masks []uint64 // letters of each vocabulary word
	posts [][]int32
	// nwords counts the words of each string.
	nwords []int
}

type shortSource struct {
	strs  []string
	ids   []int    // index into Index.strs
	masks []uint64 // letters of each string
}

func (s shortSource) String(i int) string { return s.strs[i] }
func (s shortSource) Len() int            { return len(s.strs) }

// holding returns, in order, the strings that hold every letter of q and
// pass keep: a subsequence match needs all the letters, and comparing two
// masks costs far less than trying the match, which took half of a
// keystroke's time over every term and heading in both languages.
func (s shortSource) holding(q string, keep func(id int) bool) shortSource {
	qm := stringLetters(q)
	var out shortSource
	for i, m := range s.masks {
		if qm&^m == 0 && keep(s.ids[i]) {
			out.strs = append(out.strs, s.strs[i])
			out.ids = append(out.ids, s.ids[i])
		}
	}
	return out
}

// New builds an index over entries.
func New(entries []*Entry) *Index { return newPaced(entries, nil) }

// pauseEvery is how many entries an index build adds between two calls of
// its pause function.
const pauseEvery = 8

// newPaced builds an index over entries, calling pause (when not nil) every
// pauseEvery entries and between the last steps, so that a browser client
// can let the page answer in between.
func newPaced(entries []*Entry, pause func()) *Index {
	if pause == nil {
		pause = func() {}
	}
	ix := &Index{entries: entries}
	// Each vocabulary word's number, and the strings holding each word:
	// one map lookup per word of the text.
	ids := make(map[string]int32, len(entries))
	var vocab []string
	var posts [][]int32
	for e, en := range entries {
		if e%pauseEvery == pauseEvery-1 {
			pause()
		}
		for a := -1; a < len(en.Also); a++ {
			s := en.Title
			if a >= 0 {
				s = en.Also[a]
			}
			id := int32(len(ix.strs))
			f := Fold(s)
			ix.strs = append(ix.strs, f)
			ix.owner = append(ix.owner, e)
			ix.alt = append(ix.alt, a+1)
			// Fuzzy matching, which finds "ldrshp", is for the names of
			// terms and the titles of headings; a heading's other strings
			// (its title in another language, aliases) match by words only,
			// or "covre" would find "conditions de victoire".
			if en.Kind == Term || en.Kind == Heading && a < 0 {
				ix.short.strs = append(ix.short.strs, f)
				ix.short.ids = append(ix.short.ids, int(id))
				ix.short.masks = append(ix.short.masks, stringLetters(f))
			}
			ws, _ := words(f)
			ix.nwords = append(ix.nwords, len(ws))
			for _, w := range ws {
				k, ok := ids[w]
				if !ok {
					k = int32(len(vocab))
					ids[w] = k
					vocab = append(vocab, w)
					posts = append(posts, nil)
				}
				if p := posts[k]; len(p) == 0 || p[len(p)-1] != id {
					posts[k] = append(p, id)
				}
			}
		}
	}
	pause()
	order := make([]int32, len(vocab))
	for i := range order {
		order[i] = int32(i)
	}
	sortPaced(order, func(a, b int32) int { return strings.Compare(vocab[a], vocab[b]) }, pause)
	ix.vocab = make([]string, len(vocab))
	ix.posts = make([][]int32, len(vocab))
	ix.runes = make([][]rune, len(vocab))
	ix.masks = make([]uint64, len(vocab))
	n := 0
	for _, w := range vocab {
		n += utf8.RuneCountInString(w)
	}
	all := make([]rune, 0, n) // one allocation for every word's runes
	for i, k := range order {
		if i%(32*pauseEvery) == 32*pauseEvery-1 {
			pause()
		}
		ix.vocab[i] = vocab[k]
		ix.posts[i] = posts[k]
		start := len(all)
		for _, r := range vocab[k] {
			all = append(all, r)
		}
		ix.runes[i] = all[start:len(all):len(all)]
		ix.masks[i] = letters(ix.runes[i])
	}
	return ix
}

// sortRun is how many elements sortPaced sorts between two pauses.
const sortRun = 1024

// sortPaced sorts v like slices.SortFunc, in runs of sortRun elements then
// passes of merges, calling pause after each run and each pass.
func sortPaced[T any](v []T, cmp func(a, b T) int, pause func()) {
	for lo := 0; lo < len(v); lo += sortRun {
		slices.SortFunc(v[lo:min(lo+sortRun, len(v))], cmp)
		pause()
	}
	buf := make([]T, len(v))
	for width := sortRun; width < len(v); width *= 2 {
		for lo := 0; lo < len(v); lo += 2 * width {
			mid, hi := min(lo+width, len(v)), min(lo+2*width, len(v))
			a, b, k := v[lo:mid], v[mid:hi], lo
			for len(a) > 0 && len(b) > 0 {
				if cmp(b[0], a[0]) < 0 {
					buf[k], b = b[0], b[1:]
				} else {
					buf[k], a = a[0], a[1:]
				}
				k++
			}
			k += copy(buf[k:], a)
			copy(buf[k:], b)
		}
		copy(v, buf)
		pause()
	}
}

// Len is the number of entries.
func (ix *Index) Len() int { return len(ix.entries) }

// match is one query word's way into the vocabulary.
type match struct {
	word  string         // the query word, folded
	words map[string]int // vocabulary word -> letters to highlight (0: all)
	typo  map[string]bool
}

// Points a query word earns a string by the way it matches one of the
// string's words: a whole word, or its plural, beats a word it only starts
// ("pre" is the abbreviation PRE before it is "presentation"), which beats
// a typo.
const (
	typoPoints   = 1
	prefixPoints = 3
	exactPoints  = 4
)

// Find returns the entries matching q in groups of one kind, each best
// first and capped: the headings, then the terms (or the terms first when
// one matches better than every heading), then the paragraphs.
func (ix *Index) Find(q string) []Result {
	qf := strings.TrimSpace(Fold(q))
	qws, _ := words(qf)
	if len(qws) == 0 {
		return nil
	}
	matches := make([]match, len(qws))
	for i, w := range qws {
		matches[i] = ix.expand(w)
	}

	// Score every string by its word matches first, cheaply, from the
	// postings; marks are only worked out for the results kept. Among
	// terms and headings, a shorter string scores more for the same points.
	type hit struct{ id, points, score int }
	best := map[int]hit{} // entry -> best string
	for id, points := range ix.wordPoints(matches) {
		if points == 0 {
			continue
		}
		e := ix.owner[id]
		score := points * 100
		if ix.entries[e].Kind != Text {
			score -= ix.nwords[id]
		}
		if old, ok := best[e]; !ok || score > old.score {
			best[e] = hit{id, points, score}
		}
	}
	var groups [3][]hit
	for _, h := range best {
		k := ix.entries[ix.owner[h.id]].Kind
		groups[k] = append(groups[k], h)
	}

	// Fuzzy subsequence matches on short strings rank below word matches.
	fuzzyMarks := map[int][]int{}
	src := ix.short.holding(qf, func(id int) bool { _, ok := best[ix.owner[id]]; return !ok })
	for _, m := range fuzzy.FindFrom(qf, src) {
		id := src.ids[m.Index]
		e := ix.owner[id]
		if _, ok := best[e]; ok {
			continue // another string of the entry matched first
		}
		best[e] = hit{id, 0, m.Score - 1_000_000}
		k := ix.entries[e].Kind
		groups[k] = append(groups[k], best[e])
		fuzzyMarks[id] = runePositions(ix.strs[id], m.MatchedIndexes)
	}

	for _, g := range groups {
		slices.SortFunc(g, func(a, b hit) int {
			if a.score != b.score {
				return b.score - a.score
			}
			return ix.owner[a.id] - ix.owner[b.id]
		})
	}
	// The sections come first, as the rules are what a reader looks for,
	// unless a term matches the query better than any of them, whatever
	// the lengths ("moral" finds the section "Le test de Moral" before the
	// term "Moral"); paragraphs come last.
	mostPoints := func(g []hit) int {
		p := -1
		for _, h := range g {
			p = max(p, h.points)
		}
		return p
	}
	order := [...]Kind{Heading, Term, Text}
	if mostPoints(groups[Term]) > mostPoints(groups[Heading]) {
		order[0], order[1] = Term, Heading
	}
	var out []Result
	for _, k := range order {
		g := groups[k]
		if len(g) > limits[k] {
			g = g[:limits[k]]
		}
		for _, h := range g {
			marks, ok := fuzzyMarks[h.id]
			if !ok {
				marks = ix.wordMarks(h.id, matches)
			}
			out = append(out, ix.show(h.id, marks))
		}
	}
	return out
}

// wordPoints scores every string against the query words: 0 unless each
// word (or a near word) is in it, else the sum of the points each earns.
func (ix *Index) wordPoints(ms []match) []int {
	total := make([]int, len(ix.strs))
	cur := make([]int, len(ix.strs))
	for i, m := range ms {
		for w := range m.words {
			v := prefixPoints
			switch {
			case w == m.word || w == m.word+"s" || w == m.word+"x":
				// A plural is the same word: "gabarit" finds "Gabarits".
				v = exactPoints
			case m.typo[w]:
				v = typoPoints
			}
			j := sort.SearchStrings(ix.vocab, w)
			for _, id := range ix.posts[j] {
				cur[id] = max(cur[id], v)
			}
		}
		for id := range cur {
			if cur[id] == 0 || (i > 0 && total[id] == 0) {
				total[id] = 0
			} else {
				total[id] += cur[id]
			}
			cur[id] = 0
		}
	}
	return total
}

// expand finds the vocabulary words a query word stands for: words it
// starts, or else, when it is long enough, words a typo away.
func (ix *Index) expand(w string) match {
	m := match{word: w, words: map[string]int{}, typo: map[string]bool{}}
	n := utf8.RuneCountInString(w)
	i := sort.SearchStrings(ix.vocab, w)
	for ; i < len(ix.vocab) && strings.HasPrefix(ix.vocab[i], w); i++ {
		m.words[ix.vocab[i]] = n
	}
	// A word that starts vocabulary words is being typed, not mistyped.
	if limit := typoLimit(n); limit > 0 && len(m.words) == 0 {
		wr := []rune(w)
		wm := letters(wr)
		for j, v := range ix.vocab {
			// Each edit brings in or takes out at most one letter.
			if bits.OnesCount64(wm&^ix.masks[j]) > limit || bits.OnesCount64(ix.masks[j]&^wm) > limit {
				continue
			}
			if distance(wr, ix.runes[j], limit) <= limit {
				m.words[v] = 0
				m.typo[v] = true
			}
		}
	}
	return m
}

// wordMarks marks the words of a string that the query words found.
func (ix *Index) wordMarks(id int, ms []match) []int {
	ws, at := words(ix.strs[id])
	var marks []int
	for _, m := range ms {
		for k, w := range ws {
			n, ok := m.words[w]
			if !ok {
				continue
			}
			if n == 0 {
				n = utf8.RuneCountInString(w)
			}
			for r := range n {
				marks = append(marks, at[k]+r)
			}
		}
	}
	slices.Sort(marks)
	return slices.Compact(marks)
}

// show builds the displayed text of a string with its marks.
func (ix *Index) show(id int, marks []int) Result {
	e := ix.entries[ix.owner[id]]
	r := Result{Entry: e}
	a := ix.alt[id]
	switch {
	case a > 0:
		// Found by another name: show the title, then that name, marked.
		prefix := e.Title + " · "
		off := utf8.RuneCountInString(prefix)
		r.Show = prefix + e.Also[a-1]
		for _, m := range marks {
			r.Marks = append(r.Marks, m+off)
		}
	case e.Kind == Text:
		r.Show, r.Marks = snippet(e.Title, marks)
	default:
		r.Show, r.Marks = e.Title, marks
	}
	return r
}

// snippet cuts a window of a long text around its first mark.
func snippet(s string, marks []int) (string, []int) {
	rs := []rune(s)
	if len(rs) <= snippetRunes {
		return s, marks
	}
	start := 0
	if len(marks) > 0 {
		start = max(0, marks[0]-snippetRunes/3)
	}
	end := min(len(rs), start+snippetRunes)
	start = max(0, end-snippetRunes)
	// Cut on spaces so words stay whole.
	for start > 0 && start < end && rs[start-1] != ' ' {
		start++
	}
	for end < len(rs) && end > start && rs[end] != ' ' {
		end--
	}
	var b strings.Builder
	off := start
	if start > 0 {
		b.WriteString("… ")
		off -= 2
	}
	b.WriteString(string(rs[start:end]))
	if end < len(rs) {
		b.WriteString(" …")
	}
	var out []int
	for _, m := range marks {
		if m >= start && m < end {
			out = append(out, m-off)
		}
	}
	return b.String(), out
}

// runePositions turns byte offsets of s into rune offsets.
func runePositions(s string, bytes []int) []int {
	out := make([]int, 0, len(bytes))
	r, b := 0, 0
	for _, want := range bytes {
		for b < want && b < len(s) {
			_, size := utf8.DecodeRuneInString(s[b:])
			b += size
			r++
		}
		out = append(out, r)
	}
	return out
}
