package browser

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// calcPages are the calculators with the values that show their fields: a
// vehicle target or vehicles under the template bring their own fields,
// and a salvo group its title.
var calcPages = []struct{ name, query string }{
	{"shoot", "shoot?game=at44"},
	{"shoot-vehicle", "shoot?game=at43&target=veh"},
	{"melee", "melee?game=at44"},
	{"salvos", "salvos?game=at44&s1.n=4&s2.n=3"},
	{"indirect", "indirect?game=at43&vehicles=1"},
	{"morale", "morale?game=at44"},
	{"authority", "authority?game=at44"},
	{"crush", "crush?game=at43"},
	{"minefield-vehicle", "minefield?game=at43&target=veh"},
	{"terrain", "terrain?game=at44"},
	{"d10attack", "d10attack?game=d10"},
	{"d10attack-melee", "d10attack?game=d10&mode=melee"},
	{"d10morale", "d10morale?game=d10"},
	{"d10vehicle", "d10vehicle?game=d10"},
}

// labelCheck sets the root text size to each of the sizes in turn (what
// the text-size setting does, and 200% as a phone's own large font would)
// and lists what is wrong with the calculator's field labels at that
// size: a word drawn on two lines (a hyphen put in, or broken anywhere),
// unless it is wider than the whole form on its own; a field of us or
// them out of its side's column; a "?" help button that is not on its
// label's row; a page wider than the screen.
const labelCheck = `((sizes) => {
	const root = document.documentElement, before = root.style.fontSize, out = [];
	const form = document.querySelector(".calc form.fields");
	const ctx = document.createElement("canvas").getContext("2d");
	for (const size of sizes) {
		root.style.fontSize = size + "%";
		const room = form.clientWidth;
		if (root.scrollWidth > innerWidth) out.push(size + "%: the page is " + (root.scrollWidth - innerWidth) + " px wider than the screen");
		const labels = form.querySelectorAll(".field-head > label, .field .choice > span, .side-title, .group-title");
		if (labels.length === 0) out.push(size + "%: no field label");
		for (const el of labels) {
			// A phone's browser hyphenates; a Chromium without its
			// dictionaries, as in CI, would not show it.
			if (getComputedStyle(el).hyphens === "auto") out.push(size + "%: \"" + el.textContent + "\" may be hyphenated");
			const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
			for (let n; (n = walk.nextNode());) {
				// A compound may break after its own hyphen, as in print.
				for (const m of n.data.matchAll(/[^\s\-\u2010]+[\-\u2010]?/g)) {
					const r = document.createRange();
					r.setStart(n, m.index);
					r.setEnd(n, m.index + m[0].length);
					const lines = new Set([...r.getClientRects()].filter(q => q.width > 0).map(q => Math.round(q.bottom)));
					if (lines.size < 2) continue;
					ctx.font = getComputedStyle(n.parentElement).font;
					if (ctx.measureText(m[0]).width <= room) out.push(size + "%: \"" + m[0] + "\" of \"" + el.textContent + "\" is on " + lines.size + " lines");
				}
			}
		}
		// Us and them: each field under its own side's title, whether the
		// sides stand side by side or one above the other.
		for (const side of form.querySelectorAll(".side")) {
			const t = side.querySelector(".side-title").getBoundingClientRect();
			for (const f of side.querySelectorAll(".field")) {
				const r = f.getBoundingClientRect();
				if (r.top < t.bottom || r.left < t.left - 1 || r.right > t.right + 1)
					out.push(size + "%: \"" + f.querySelector("label").textContent + "\" is not under " + side.querySelector(".side-title").textContent);
			}
		}
		for (const head of form.querySelectorAll(".field-head")) {
			const help = head.querySelector(":scope > .help-btn"), label = head.firstElementChild;
			if (!help || help === label) continue;
			const h = help.getBoundingClientRect(), l = label.getBoundingClientRect(), mid = (h.top + h.bottom) / 2;
			if (h.left < l.right - 1 || mid < l.top - 8 || mid > l.bottom + 8 || h.right > form.getBoundingClientRect().right + 1)
				out.push(size + "%: the ? of \"" + label.textContent + "\" is not beside it");
		}
	}
	root.style.fontSize = before;
	return out;
})`

// TestCalcLabelsKeepWholeWords opens every calculator in both languages on
// a 360 px phone and checks its field labels at each text size: no word
// cut in two, the help button beside its label, nothing wider than the
// screen. Issue: "Précision (PRE)" showed as "Précisio / n (PRE)" at 150%.
func TestCalcLabelsKeepWholeWords(t *testing.T) {
	s := newSession(t, 360, 740)
	sizes := "[87, 100, 112, 125, 150, 200]"
	for _, lang := range []string{"en", "fr"} {
		for _, p := range calcPages {
			t.Run(lang+"/"+p.name, func(t *testing.T) {
				s.open(t, "/calc/"+p.query+"&lang="+lang)
				s.poll(t, `!document.querySelector(".calc .fields.pending")`, "the calculator's fields")
				s.showResults(t)
				if bad, ok := readUntil(t, s, labelCheck+"("+sizes+")", none); !ok {
					t.Errorf("%s:\n%s", p.query, strings.Join(bad, "\n"))
				}
			})
		}
	}
	// What the reader sees, for a look: the first fields under the summary.
	for _, lang := range []string{"en", "fr"} {
		s.open(t, "/calc/shoot?game=at44&lang="+lang)
		s.do(t, chromedp.Evaluate[chromedp.Void](`document.documentElement.style.fontSize = "150%"; scrollBy({top: document.querySelector(".calc form").getBoundingClientRect().top - document.querySelector(".calc-summary").getBoundingClientRect().bottom - 8, behavior: "instant"})`))
		s.screenshot(t, "calc-labels-150-"+lang)
	}
}
