package app

import (
	"net/url"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// readerLang is the language of a page, in this order: the one its path
// names (/fr/...); else the reader's, as chosen in the app (the language
// switch, the texts read) or, on a first visit, the browser's preferred
// languages; else the lang of the link, which is the sender's language
// for a calculator's share link; else English. So a calculation shared by
// an English player opens in French on a French player's phone, and a
// link keeps its lang for a reader whose browser asks for neither
// language. The head script (head.js) picks the same way before the page
// is drawn.
func readerLang(r route, q url.Values, p prefs, browser []string) string {
	return firstOf(r.lang, validLang(p.Lang), firstKnownLang(browser), validLang(q.Get("lang")), "en")
}

// firstKnownLang is the first of a browser's preferred languages
// (navigator.languages: "fr-CA", "en") that the app has, or "".
func firstKnownLang(tags []string) string {
	for _, tag := range tags {
		primary, _, _ := strings.Cut(strings.ToLower(tag), "-")
		if l := validLang(primary); l != "" {
			return l
		}
	}
	return ""
}

// browserLangs are the browser's preferred languages, best first; none on
// the server, which prerenders pages with no reader.
func browserLangs() []string {
	if !goapp.IsClient {
		return nil
	}
	nav := goapp.Window().Get("navigator")
	if list := nav.Get("languages"); list.Truthy() && list.Length() > 0 {
		return strings.Split(list.Call("join", ",").String(), ",")
	}
	if l := nav.Get("language"); l.Truthy() {
		return []string{l.String()}
	}
	return nil
}
