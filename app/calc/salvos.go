package calc

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// The several-salvos calculator's link holds one group of keys per salvo,
// in order: "s1.n", "s1.acc", ... then "s2.n"... The head script reads a
// link's salvos before the client has started, by the same prefixes
// (prefill.js, which HeadScript gives salvoPrefixes).

// maxSalvoGroups is how many salvos the several-salvos calculator offers:
// as many as a share link may hold.
const maxSalvoGroups = 10

// salvoKey is the key of salvo i's value named rest: salvoKey(3, "acc") is
// "s3.acc".
func salvoKey(i int, rest string) string { return "s" + strconv.Itoa(i) + "." + rest }

// salvoPrefixes are the salvos' key prefixes, "s1." to "s10.", in order.
var salvoPrefixes = func() []string {
	out := make([]string, maxSalvoGroups)
	for i := range out {
		out[i] = salvoKey(i+1, "")
	}
	return out
}()

// salvoOf reads a salvo key "s3.acc" as its salvo and the key within it:
// a key is salvo i's when it starts with salvoPrefixes[i-1].
func salvoOf(key string) (i int, rest string, ok bool) {
	num, rest, found := strings.Cut(key, ".")
	if i := slices.Index(salvoPrefixes, num+"."); found && i >= 0 {
		return i + 1, rest, true
	}
	return 0, "", false
}

// renumberSalvos numbers the salvo groups of a link s1, s2, ... in their
// order, when the link skips a number (s1 and s3): the engine refuses such
// a link whole, and the salvos it holds are still the reader's. It returns
// how many salvos there are then, or 0 when it renumbered none. Keys that
// name no salvo 1 to maxSalvoGroups ("s01.n", "s11.n") are left for the
// engine to refuse.
func renumberSalvos(v url.Values) int {
	var to [maxSalvoGroups + 1]int // new number by old
	for k := range v {
		if i, _, ok := salvoOf(k); ok {
			to[i] = 1
		}
	}
	n, gap := 0, false
	for i := range to {
		if to[i] > 0 {
			n++
			to[i], gap = n, gap || n != i
		}
	}
	if !gap {
		return 0
	}
	moved := url.Values{}
	for k, vs := range v {
		if i, rest, ok := salvoOf(k); ok {
			moved[salvoKey(to[i], rest)] = vs
			delete(v, k)
		}
	}
	for k, vs := range moved {
		v[k] = vs
	}
	return n
}
