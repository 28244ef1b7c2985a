//go:build !wasm

package calc

import (
	"net/url"
	"strings"
)

// SharedLink is the link the share bar hands out for a calculator's link
// (a path and query, "/calc/shoot?game=at44&n=6"): the same with the
// sender's headline figures (claim.go), once any simulation has refined.
// The perf report opens it, since it is the link an opponent opens; a
// link of no calculator comes back as it is.
func SharedLink(link string) string {
	path, query, _ := strings.Cut(link, "?")
	name, ok := strings.CutPrefix(path, "/calc/")
	if !ok || specFor(name) == nil {
		return link
	}
	q, _ := url.ParseQuery(query)
	c := &calculation{lang: q.Get(keyLang)}
	if c.lang == "" {
		c.lang = "en"
	}
	c.reset(name, query, "")
	for s := c.refining(); s != nil; s = c.refining() {
		s.out = s.out.refine()
	}
	return c.sharedLink()
}
