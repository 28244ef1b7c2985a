package browser

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A card is one game's reference card in one language.
type card struct{ game, lang string }

func (c card) path() string { return "/" + c.lang + "/" + c.game + "/card" }
func (c card) name() string { return "card-" + c.game + "-" + c.lang }

// everyCard is each game's card in each language.
func everyCard() []card {
	var cards []card
	for _, game := range []string{"at43", "at44", "d10"} {
		for _, lang := range []string{"en", "fr"} {
			cards = append(cards, card{game, lang})
		}
	}
	return cards
}

// checkPrintedCard checks a card printed by another engine: one page per
// side; and, with pdftotext (poppler-utils), each block's title and the
// first words of each part of its rules text on its side's page, which a
// block pushed off the page would not be (the page count alone would not
// tell).
func checkPrintedCard(t *testing.T, engine string, c card, pdf []byte) {
	t.Helper()
	keepPDF(t, engine+"-"+c.name(), pdf)
	if n := pdfPages(pdf); n != cardPages[c.game] {
		t.Errorf("%s prints the card on %d A4 pages, want %d (one per side)", engine, n, cardPages[c.game])
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Logf("pdftotext is missing (apt-get install poppler-utils): only the pages are counted")
		return
	}
	file := filepath.Join("..", "out", "print", engine+"-"+c.name()+".pdf")
	for i, words := range sideWords(t, c) {
		out, err := exec.Command("pdftotext", "-f", strconv.Itoa(i+1), "-l", strconv.Itoa(i+1), file, "-").Output()
		if err != nil {
			t.Fatalf("pdftotext %s, page %d: %v", file, i+1, err)
		}
		page := strings.Join(strings.Fields(ligatures.Replace(string(out))), " ")
		for _, w := range words {
			if !strings.Contains(page, w) {
				t.Errorf("%s: page %d lacks %q", engine, i+1, w)
			}
		}
	}
}

// ligatures spells out the ligatures a PDF's text may keep (WebKit's "ﬀ").
var ligatures = strings.NewReplacer("ﬀ", "ff", "ﬁ", "fi", "ﬂ", "fl", "ﬃ", "ffi", "ﬄ", "ffl", "ﬅ", "st", "ﬆ", "st")

var (
	sideStart = regexp.MustCompile(`<section class="refcard-side"`)
	blockHead = regexp.MustCompile(`(?s)<h3[^>]*>(.*?)</h3>`)
	partLine  = regexp.MustCompile(`(?s)<div class="refcard-part">\s*<p[^>]*>(.*?)</p>`)
	anyTag    = regexp.MustCompile(`<[^>]*>`)
)

// sideWords reads the prerendered card: for each side, its blocks' titles
// and the first four words of each part of rules text that starts with a
// paragraph.
func sideWords(t *testing.T, c card) [][]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(siteDir(t), c.lang, c.game, "card.html"))
	if err != nil {
		t.Fatal(err)
	}
	plain := func(h string) []string { return strings.Fields(html.UnescapeString(anyTag.ReplaceAllString(h, ""))) }
	starts := sideStart.FindAllIndex(b, -1)
	var sides [][]string
	for i, s := range starts {
		end := len(b)
		if i+1 < len(starts) {
			end = starts[i+1][0]
		}
		side := string(b[s[0]:end])
		var words []string
		for _, m := range blockHead.FindAllStringSubmatch(side, -1) {
			words = append(words, strings.Join(plain(m[1]), " "))
		}
		for _, m := range partLine.FindAllStringSubmatch(side, -1) {
			w := plain(m[1])
			words = append(words, strings.Join(w[:min(4, len(w))], " "))
		}
		sides = append(sides, words)
	}
	if len(sides) != cardPages[c.game] {
		t.Fatalf("the prerendered card has %d sides, want %d", len(sides), cardPages[c.game])
	}
	return sides
}

// TestCardsPrintInWebKit prints every card with WebKitGTK, Safari's engine,
// as its print dialog would to a PDF on A4, and checks each prints one side
// a page. It skips without WebKitGTK's pieces (engines.go).
func TestCardsPrintInWebKit(t *testing.T) {
	dir := siteDir(t)
	script := filepath.Join("testdata", "webkit_print.py")
	for _, p := range []string{XvfbRun, Python} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s is missing, so the cards' print is not checked in WebKit (apt-get install %s)", p, strings.Join(WebKitPackages, " "))
		}
	}
	if out, err := exec.Command(Python, "-c", `import gi; gi.require_version("Gtk", "3.0"); gi.require_version("WebKit2", "4.1")`).CombinedOutput(); err != nil {
		t.Skipf("%s has no WebKitGTK through PyGObject, so the cards' print is not checked in WebKit (apt-get install %s): %v %s", Python, strings.Join(WebKitPackages, " "), err, out)
	}
	srv := httptest.NewServer(FileServer(dir))
	defer srv.Close()

	// One WebKit prints them all: its start is most of the time.
	pdfs := t.TempDir()
	args := []string{"-a", Python, script}
	for _, c := range everyCard() {
		args = append(args, srv.URL+c.path(), filepath.Join(pdfs, c.name()+".pdf"))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	start := time.Now()
	if out, err := exec.CommandContext(ctx, XvfbRun, args...).CombinedOutput(); err != nil {
		t.Fatalf("printing with WebKitGTK: %v\n%s", err, withoutGtkNoise(out))
	}
	t.Logf("WebKitGTK printed %d cards in %s", len(everyCard()), time.Since(start).Round(time.Second))
	for _, c := range everyCard() {
		t.Run(c.game+"/"+c.lang, func(t *testing.T) {
			pdf, err := os.ReadFile(filepath.Join(pdfs, c.name()+".pdf"))
			if err != nil {
				t.Fatal(err)
			}
			checkPrintedCard(t, "webkit", c, pdf)
		})
	}
}

// withoutGtkNoise drops the warnings GTK and GStreamer print under Xvfb
// (no accessibility bus, no sound), which say nothing about the print.
func withoutGtkNoise(out []byte) string {
	var keep []string
	for _, l := range strings.Split(string(out), "\n") {
		if !strings.Contains(l, "WARNING") && !strings.Contains(l, "Warning") && strings.TrimSpace(l) != "" {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// TestCardsPrintInFirefox prints every card with Firefox on A4, with the
// card page's margins, as its print dialog takes them, and checks each
// prints one side a page. It skips without Firefox.
func TestCardsPrintInFirefox(t *testing.T) {
	dir := siteDir(t)
	if _, err := os.Stat(Firefox); err != nil {
		t.Skipf("%s is missing, so the cards' print is not checked in Firefox (apt-get install %s)", Firefox, strings.Join(FirefoxPackages, " "))
	}
	srv := httptest.NewServer(FileServer(dir))
	defer srv.Close()
	ff := startFirefox(t)
	for _, c := range everyCard() {
		t.Run(c.game+"/"+c.lang, func(t *testing.T) {
			checkPrintedCard(t, "firefox", c, ff.printPDF(t, srv.URL+c.path()))
		})
	}
}

// marionette is a headless Firefox and a session of Marionette, its remote
// protocol: each message is its JSON's length, a colon and the JSON, a
// command [0, id, name, params] and its answer [1, id, error, result].
type marionette struct {
	conn net.Conn
	in   *bufio.Reader
	id   int
}

// firefoxPrefs keep a test's Firefox quiet: Marionette on a free port,
// which Firefox writes to MarionetteActivePort in the profile, and none of
// the first-run pages and reports the machine's closed network would wait
// on.
const firefoxPrefs = `user_pref("marionette.port", 0);
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("app.update.disabledForTesting", true);
`

// startFirefox starts a headless Firefox with a fresh profile, stopped when
// the test ends, and opens a Marionette session on it.
func startFirefox(t *testing.T) *marionette {
	t.Helper()
	profile := t.TempDir()
	if err := os.WriteFile(filepath.Join(profile, "user.js"), []byte(firefoxPrefs), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(Firefox, "--headless", "--marionette", "--no-remote", "--profile", profile)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	var port string
	for deadline := time.Now().Add(time.Minute); port == "" && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		b, _ := os.ReadFile(filepath.Join(profile, "MarionetteActivePort"))
		port = strings.TrimSpace(string(b))
	}
	if port == "" {
		t.Fatal("Firefox did not open Marionette within a minute")
	}
	conn, err := net.Dial("tcp", "127.0.0.1:"+port)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	m := &marionette{conn: conn, in: bufio.NewReader(conn)}
	conn.SetDeadline(time.Now().Add(time.Minute))
	if _, err := m.read(); err != nil { // Marionette's hello
		t.Fatalf("reading Marionette's hello: %v", err)
	}
	m.call(t, "WebDriver:NewSession", map[string]any{"capabilities": map[string]any{}}, nil)
	return m
}

func (m *marionette) read() ([]byte, error) {
	n, err := m.in.ReadString(':')
	if err != nil {
		return nil, err
	}
	size, err := strconv.Atoi(strings.TrimSuffix(n, ":"))
	if err != nil {
		return nil, fmt.Errorf("a Marionette message of length %q", n)
	}
	b := make([]byte, size)
	_, err = io.ReadFull(m.in, b)
	return b, err
}

// call runs a command and decodes its result into out, unless out is nil.
func (m *marionette) call(t *testing.T, name string, params, out any) {
	t.Helper()
	m.id++
	msg, err := json.Marshal([]any{0, m.id, name, params})
	if err != nil {
		t.Fatal(err)
	}
	m.conn.SetDeadline(time.Now().Add(2 * time.Minute))
	if _, err := fmt.Fprintf(m.conn, "%d:%s", len(msg), msg); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for {
		b, err := m.read()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var answer []json.RawMessage
		var id int
		if err := json.Unmarshal(b, &answer); err != nil || len(answer) != 4 || json.Unmarshal(answer[1], &id) != nil {
			t.Fatalf("%s: Marionette answered %.200s", name, b)
		}
		if id != m.id {
			continue // the answer to an earlier command that timed out
		}
		if string(answer[2]) != "null" {
			t.Fatalf("%s: %s", name, answer[2])
		}
		if out != nil {
			if err := json.Unmarshal(answer[3], out); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		return
	}
}

// printPDF opens a page, waits for its client, and prints it on A4 with
// the margins of a card's page (@page card in web/print.css), which
// Firefox's print dialog takes by default: Marionette's own default is
// 1 cm.
func (m *marionette) printPDF(t *testing.T, url string) []byte {
	t.Helper()
	m.call(t, "WebDriver:Navigate", map[string]any{"url": url}, nil)
	var state struct{ Value string }
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(200 * time.Millisecond) {
		m.call(t, "WebDriver:ExecuteScript", map[string]any{"script": `return document.documentElement.dataset.app || ""`, "args": []any{}}, &state)
		if state.Value == "ready" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: the client is not ready after a minute (data-app %q)", url, state.Value)
		}
	}
	var pdf struct{ Value string }
	m.call(t, "WebDriver:Print", map[string]any{
		"page":   map[string]any{"width": 21.0, "height": 29.7},
		"margin": map[string]any{"top": 0.8, "bottom": 0.8, "left": 0.9, "right": 0.9},
	}, &pdf)
	b, err := base64.StdEncoding.DecodeString(pdf.Value)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
