package main

import (
	"io/fs"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/at4x/companion/build/browser"
)

// pyWebKit stands, in a fake machine's files, for a Python that has
// WebKitGTK through PyGObject: the real check runs Python.
const pyWebKit = "(WebKit2 through PyGObject)"

// fakeMachine is a machine with the files and commands given, nothing
// else, and the environment env.
func fakeMachine(root bool, files, commands []string, env map[string]string) machine {
	return machine{
		stat: func(path string) error {
			if slices.Contains(files, path) {
				return nil
			}
			return fs.ErrNotExist
		},
		lookPath: func(file string) (string, error) {
			if slices.Contains(commands, file) {
				return "/usr/bin/" + file, nil
			}
			return "", exec.ErrNotFound
		},
		getenv: func(key string) string { return env[key] },
		run: func(name string, args ...string) error {
			if name == browser.Python && slices.Contains(files, pyWebKit) {
				return nil
			}
			return exec.ErrNotFound
		},
		root: root,
	}
}

// TestDecide runs the test command's decision on made-up machines: what
// is missing, and whether it installs it, refuses with the command that
// would, or (a partial run) goes without.
func TestDecide(t *testing.T) {
	chromium := []string{browser.Chromium, "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"}
	nginx := []string{browser.NginxBinary, browser.NginxBrotliModule}
	printing := []string{browser.Firefox, browser.XvfbRun, browser.Python, pyWebKit}
	all := slices.Concat(chromium, nginx, printing)
	cmds := []string{"gcc", "npm", "zbarimg", "node", "pdftotext"}
	const aptGet = "apt-get install -y --no-install-recommends "
	tests := []struct {
		name     string
		root     bool
		files    []string
		commands []string
		env      map[string]string
		partial  bool
		lacking  []string // the needs' names
		install  string
		refuse   string
	}{
		{name: "everything there", root: true, files: all, commands: append(cmds, "apt-get")},
		{name: "no npm but AXE_JS", files: all, commands: []string{"gcc", "zbarimg", "node", "pdftotext"}, env: map[string]string{"AXE_JS": "/tmp/axe.min.js"}},
		{name: "no npm but axe-core fetched", files: append(all, browser.AxeCacheFile()), commands: []string{"gcc", "zbarimg", "node", "pdftotext"}},
		{name: "no gcc but CC", files: all, commands: []string{"clang", "npm", "zbarimg", "node", "pdftotext"}, env: map[string]string{"CC": "clang"}},
		{
			name: "fresh Debian as root", root: true, commands: []string{"apt-get"},
			lacking: []string{"a C compiler", "Chromium", "nginx with its brotli module", "npm", "Firefox", "WebKitGTK under Xvfb", "zbarimg", "Node.js", "pdftotext"},
			install: aptGet + "gcc libc6-dev chromium fonts-dejavu-core fonts-liberation nginx-light libnginx-mod-http-brotli-static npm firefox-esr xvfb xauth python3-gi gir1.2-webkit2-4.1 zbar-tools nodejs poppler-utils",
		},
		{
			name: "nginx without its brotli module, as root", root: true, files: slices.Concat(chromium, []string{browser.NginxBinary}, printing), commands: append(cmds, "apt-get"),
			lacking: []string{"nginx with its brotli module"},
			install: aptGet + "nginx-light libnginx-mod-http-brotli-static",
		},
		{
			name: "fonts missing", root: true, files: slices.Concat(nginx, []string{browser.Chromium}, printing), commands: append(cmds, "apt-get"),
			lacking: []string{"Chromium"},
			install: aptGet + "chromium fonts-dejavu-core fonts-liberation",
		},
		{
			name: "Python without WebKitGTK, as root", root: true, files: slices.Concat(chromium, nginx, printing[:3]), commands: append(cmds, "apt-get"),
			lacking: []string{"WebKitGTK under Xvfb"},
			install: aptGet + "xvfb xauth python3-gi gir1.2-webkit2-4.1",
		},
		{
			name: "Debian, not root", files: all, commands: []string{"apt-get", "gcc", "zbarimg", "node", "pdftotext"},
			lacking: []string{"npm"},
			refuse:  "sudo " + aptGet + "npm",
		},
		{
			name: "root without apt-get", root: true, files: slices.Concat(nginx, printing), commands: cmds,
			lacking: []string{"Chromium"},
			refuse:  aptGet + "chromium fonts-dejavu-core fonts-liberation",
		},
		{
			name: "partial, as root", root: true, files: slices.Concat(chromium, printing), commands: append(cmds, "apt-get"), partial: true,
			lacking: []string{"nginx with its brotli module"},
		},
		{
			name: "partial, not root", commands: []string{"apt-get"}, partial: true,
			lacking: []string{"a C compiler", "Chromium", "nginx with its brotli module", "npm", "Firefox", "WebKitGTK under Xvfb", "zbarimg", "Node.js", "pdftotext"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := decide(needs, fakeMachine(tt.root, tt.files, tt.commands, tt.env), tt.partial)
			var lacking []string
			for _, l := range p.lacking {
				lacking = append(lacking, l.name)
			}
			if !slices.Equal(lacking, tt.lacking) {
				t.Errorf("lacking %q, want %q", lacking, tt.lacking)
			}
			if got := strings.Join(p.install, " "); got != tt.install {
				t.Errorf("installs %q, want %q", got, tt.install)
			}
			if got := strings.Join(p.refuse, " "); got != tt.refuse {
				t.Errorf("refuses with %q, want %q", got, tt.refuse)
			}
		})
	}
}

// TestLackSaysWhat checks that a lack names the files it misses, which the
// test command prints before it installs or refuses.
func TestLackSaysWhat(t *testing.T) {
	p := decide(needs, fakeMachine(true, []string{browser.Chromium, browser.Firefox, browser.XvfbRun, browser.Python, pyWebKit}, []string{"gcc", "npm", "zbarimg", "pdftotext"}, nil), false)
	got := p.lacking[0].String()
	want := "Chromium (/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf, /usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf)"
	if got != want {
		t.Errorf("the first lack reads %q, want %q", got, want)
	}
}

// testEvents is go test -json's output for a package with a passing test,
// a test that skips with a message, a subtest that skips, and a failing
// test.
const testEvents = `{"Action":"start","Package":"p"}
{"Action":"run","Package":"p","Test":"TestPass"}
{"Action":"output","Package":"p","Test":"TestPass","Output":"=== RUN   TestPass\n"}
{"Action":"output","Package":"p","Test":"TestPass","Output":"--- PASS: TestPass (0.10s)\n"}
{"Action":"pass","Package":"p","Test":"TestPass","Elapsed":0.1}
{"Action":"run","Package":"p","Test":"TestHostingNginx"}
{"Action":"output","Package":"p","Test":"TestHostingNginx","Output":"=== RUN   TestHostingNginx\n"}
{"Action":"output","Package":"p","Test":"TestHostingNginx","Output":"    hosting_test.go:139: /usr/sbin/nginx is missing\n"}
{"Action":"output","Package":"p","Test":"TestHostingNginx","Output":"--- SKIP: TestHostingNginx (0.00s)\n"}
{"Action":"skip","Package":"p","Test":"TestHostingNginx","Elapsed":0}
{"Action":"run","Package":"p","Test":"TestAxe"}
{"Action":"run","Package":"p","Test":"TestAxe/dark"}
{"Action":"output","Package":"p","Test":"TestAxe/dark","Output":"--- SKIP: TestAxe/dark (0.00s)\n"}
{"Action":"skip","Package":"p","Test":"TestAxe/dark","Elapsed":0}
{"Action":"pass","Package":"p","Test":"TestAxe","Elapsed":0}
{"Action":"run","Package":"p","Test":"TestFail"}
{"Action":"output","Package":"p","Test":"TestFail","Output":"    x_test.go:9: wrong\n"}
{"Action":"fail","Package":"p","Test":"TestFail","Elapsed":0}
{"Action":"output","Package":"p","Output":"FAIL\n"}
not json: the go command's own words
{"Action":"fail","Package":"p","Elapsed":1}
`

// TestReadTestEvents checks that the test command finds every skipped
// test, with its reason, and still shows the output as go test -v would.
func TestReadTestEvents(t *testing.T) {
	var out strings.Builder
	skips, err := readTestEvents(strings.NewReader(testEvents), &out)
	if err != nil {
		t.Fatal(err)
	}
	want := []skip{{"TestHostingNginx", "/usr/sbin/nginx is missing"}, {"TestAxe/dark", ""}}
	if !slices.Equal(skips, want) {
		t.Errorf("skips %q, want %q", skips, want)
	}
	for _, line := range []string{"=== RUN   TestPass\n", "--- SKIP: TestHostingNginx (0.00s)\n", "    x_test.go:9: wrong\n", "FAIL\n", "not json: the go command's own words\n"} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("the output lacks %q:\n%s", line, out.String())
		}
	}
	err = skipsFail(skips)
	if err == nil || !strings.Contains(err.Error(), "2 tests skipped") || !strings.Contains(err.Error(), "TestHostingNginx (/usr/sbin/nginx is missing)") {
		t.Errorf("skipsFail = %v, want the two skips named", err)
	}
	if err := skipsFail(nil); err != nil {
		t.Errorf("skipsFail(nil) = %v", err)
	}
}
