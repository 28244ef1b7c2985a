package browser

// The other engines the reference cards are printed in (print_engines_test.go),
// where Debian puts them. Chromium prints every page in the other tests; these
// two only print the cards, whose layout is the one part of the site WebKit
// was seen to lay out differently (issue 37).
const (
	// Firefox is Debian's firefox-esr, driven over Marionette, its own
	// remote protocol: geckodriver, which would speak WebDriver to it, is
	// not packaged in Debian.
	Firefox = "/usr/bin/firefox-esr"
	// XvfbRun gives WebKitGTK a screen, a virtual one (xvfb, and xauth,
	// which xvfb only recommends).
	XvfbRun = "/usr/bin/xvfb-run"
	// Python runs testdata/webkit_print.py, which prints with WebKitGTK's
	// own API through PyGObject (python3-gi, gir1.2-webkit2-4.1):
	// WebKitWebDriver has no Print Page command.
	Python = "/usr/bin/python3"
)

// WebKitPackages are the Debian packages the WebKit print check needs, and
// FirefoxPackages the Firefox one's.
var (
	WebKitPackages  = []string{"xvfb", "xauth", "python3-gi", "gir1.2-webkit2-4.1"}
	FirefoxPackages = []string{"firefox-esr"}
)
