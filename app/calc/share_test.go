package calc

import (
	"strings"
	"testing"

	"github.com/at4x/companion/app/qr"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// qrSVG is the QR code of a link as the share bar draws it.
func qrSVG(t *testing.T, link string) string {
	t.Helper()
	code, err := qr.Encode([]byte(link))
	if err != nil {
		t.Fatal(err)
	}
	return code.SVG()
}

// TestQRCodeRender draws the component through go-app's test engine: the
// code with its caption, or a note when the link is too long.
func TestQRCodeRender(t *testing.T) {
	tests := []struct {
		name string
		link string
		want goapp.UI
		path []int
	}{
		{"code", "https://at4x.example/calc/crush?game=at43", goapp.Raw(qrSVG(t, "https://at4x.example/calc/crush?game=at43")), []int{0, 0, 0}},
		{"caption", "https://at4x.example/calc/crush?game=at43", goapp.Text(i18n.T("fr", i18n.QRCaption)), []int{0, 1, 0}},
		{"too long", strings.Repeat("a", 3000), goapp.Text(i18n.T("fr", i18n.QRTooLong)), []int{0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := &qrCode{Lang: "fr", Link: tt.link}
			e := goapp.NewTestEngine()
			if err := e.Load(q); err != nil {
				t.Fatal(err)
			}
			e.ConsumeAll()
			if err := goapp.Match(tt.want, q, tt.path...); err != nil {
				t.Error(err)
			}
		})
	}
}
