package browser

import (
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestDiagrams opens rule sections that hold a diagram, in both games and
// languages, before and after the wasm: the figure is prerendered, named for
// screen readers, captioned in the page's language, fits a 360 px screen,
// and follows the dark theme.
func TestDiagrams(t *testing.T) {
	s := newSession(t, 360, 740)
	pages := []struct{ path, diagram, name string }{
		{"/en/at43/indirect.fire", "indirect-fire", "diagram-indirect-en-at43"},
		{"/fr/at44/indirect.fire", "indirect-fire", "diagram-indirect-fr-at44"},
		{"/en/at44/damage.vehicles", "vehicle-location", "diagram-location-en-at44"},
		{"/fr/at43/shooting.cover", "cover", "diagram-cover-fr-at43"},
	}
	figure := func(d string) string {
		return fmt.Sprintf(`document.querySelector('figure.diagram[data-diagram=%q]')`, d)
	}
	for _, p := range pages {
		s.do(t, chromedp.Navigate(s.url(p.path+"?wasm=false")))
		s.poll(t, `document.readyState === "complete"`, "the page to load")
		fig := figure(p.diagram)
		if !eval[bool](t, s, `!!`+fig) {
			t.Errorf("%s: no %s diagram before the wasm", p.path, p.diagram)
			continue
		}
		if label := eval[string](t, s, fig+`.querySelector('svg[role=img]').getAttribute('aria-label')`); label == "" {
			t.Errorf("%s: the diagram has no accessible name", p.path)
		}
		if caption := eval[string](t, s, fig+`.querySelector('figcaption').textContent`); len(caption) < 20 {
			t.Errorf("%s: caption %q", p.path, caption)
		}
		if w := eval[float64](t, s, fig+`.querySelector('svg').getBoundingClientRect().width`); w < 280 || w > 360 {
			t.Errorf("%s: the diagram is %.0f px wide on a 360 px screen", p.path, w)
		}
		if over := eval[int](t, s, `document.documentElement.scrollWidth`); over > 360 {
			t.Errorf("%s: the page is %d px wide", p.path, over)
		}
		s.do(t, chromedp.Evaluate[chromedp.Void](fig+`.scrollIntoView({block: "center"})`))
		s.screenshot(t, p.name)
	}

	// The wasm renders the same figure, and the dark theme recolours it.
	s.open(t, pages[0].path)
	fig := figure(pages[0].diagram)
	if !s.holds(t, `!!`+fig) {
		t.Fatal("the diagram is gone once the wasm runs")
	}
	fill := `getComputedStyle(` + fig + `.querySelector('.dg-zone')).fill`
	light := eval[string](t, s, fill)
	if _, err := chromedp.Call(s.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}},
	}); err != nil {
		t.Fatal(err)
	}
	if _, ok := readUntil(t, s, fill, func(dark string) bool { return dark != light }); !ok {
		t.Errorf("the diagram keeps the fill %s in the dark theme", light)
	}
	s.do(t, chromedp.Evaluate[chromedp.Void](fig+`.scrollIntoView({block: "center"})`))
	s.screenshot(t, pages[0].name+"-dark")
}
