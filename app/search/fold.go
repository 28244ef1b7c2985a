package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/at4x/companion/docs/content"
)

// Fold returns s lower-cased with accents removed, rune for rune.
func Fold(s string) string {
	return strings.Map(content.FoldRune, s)
}

// words splits a folded string into its words with the rune offset of each.
// The words are substrings of s, so splitting allocates only the two lists.
func words(s string) (ws []string, at []int) {
	start, startByte := -1, 0
	i := 0
	for b, r := range s {
		if isWordRune(r) {
			if start < 0 {
				start, startByte = i, b
			}
		} else if start >= 0 {
			ws = append(ws, s[startByte:b])
			at = append(at, start)
			start = -1
		}
		i++
	}
	if start >= 0 {
		ws = append(ws, s[startByte:])
		at = append(at, start)
	}
	return ws, at
}

// isWordRune reports whether r belongs to a word: a letter or a digit.
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || 'A' <= r && r <= 'Z'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// maxWord is the longest word the typo match considers.
const maxWord = 32

// letters is the set of ASCII letters and digits of a word, as bits, with
// one more bit for any other rune.
func letters(w []rune) uint64 {
	var m uint64
	for _, r := range w {
		m |= letterBit(r)
	}
	return m
}

// stringLetters is letters of a string.
func stringLetters(s string) uint64 {
	var m uint64
	for _, r := range s {
		m |= letterBit(r)
	}
	return m
}

func letterBit(r rune) uint64 {
	switch {
	case r >= 'a' && r <= 'z':
		return 1 << (r - 'a')
	case r >= '0' && r <= '9':
		return 1 << (26 + r - '0')
	default:
		return 1 << 63
	}
}

// distance is the optimal-string-alignment edit distance between a and b
// (insertions, deletions, substitutions and swaps of neighbours), giving up
// with limit+1 as soon as the distance must exceed limit. It allocates
// nothing: it runs on every word of the text for each typed letter.
func distance(a, b []rune, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit || len(a) > maxWord || len(b) > maxWord {
		return limit + 1
	}
	var rows [3][maxWord + 1]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// typoLimit is how many edits a query word of n letters may be away from a
// word of the text and still find it.
func typoLimit(n int) int {
	switch {
	case n < 4:
		return 0
	case n < 8:
		return 1
	default:
		return 2
	}
}
