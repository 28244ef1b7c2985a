package browser

import "testing"

func TestZZCountMount(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/calc/shoot?game=at44&lang=en&n=6&rate=1&rr=1&acc=4&range=2&pen=7&dmg=1&target=inf&prot=4&size=8&cover=cover")
	t.Log(eval[string](t, s, `(() => { const c = q => { const e = document.querySelector(q); return e ? e.querySelectorAll("*").length + 1 : 0 };
	  return "all " + document.body.querySelectorAll("*").length + " calc " + c(".calc") + " form " + c(".calc form") + " summary " + c(".calc-summary") +
	  " share " + c(".share-bar") + " roll " + c("#calc-roll") + " results " + c(".results") + " history " + c("#calc-history") + " header " + c("header") + " nav " + c("nav.bottom, .bottom-nav") +
	  " svg " + document.querySelectorAll(".calc svg *").length + " fields " + document.querySelectorAll(".calc .field").length })()`))
}
