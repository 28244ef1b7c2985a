package calc

import (
	"strings"
	"testing"

	"github.com/at4x/companion/i18n"
)

func TestChartSVG(t *testing.T) {
	ch := byChart(i18n.ChartRoutBy, []float64{0.1, 0.5, 0.0001, 0}, 1)
	svg := ch.svg("en", 1)
	if n := strings.Count(svg, `class="bar`); n != 2 {
		t.Errorf("%d bars drawn, want 2 (the tail trimmed)", n)
	}
	if !strings.Contains(svg, `class="bar on"`) {
		t.Error("the picked bar is not highlighted")
	}
}
