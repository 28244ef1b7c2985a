package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/at4x/companion/build/browser"
)

// A need is a program outside Go that some of the test command's checks
// run. The test command looks for every need before it tests anything: a
// test that finds its program missing would skip, and a run with skips is
// no proof that the app works in a browser; a check that cannot start
// would fail only after the long ones before it.
type need struct {
	name string // as the test command's messages name it
	why  string // what runs it
	// missing says what of the need the machine lacks, "" when nothing.
	missing func(m machine) string
	// packages are the Debian packages that install it.
	packages []string
	// early is installed before the checks start; the rest installs
	// while the first checks run, and the checks that need it wait.
	early bool
}

// needs are the programs the checks run besides Go. The print tests'
// engines are needs like the rest: a print check that skips for want of
// its engine proves no more than a browser test that skips.
var needs = []need{
	{
		name: "a C compiler",
		why:  "builds the race detector into the unit tests (go test -race needs cgo)",
		missing: func(m machine) string {
			cc := m.getenv("CC")
			if cc == "" {
				cc = "gcc"
			}
			if _, err := m.lookPath(cc); err != nil {
				return cc + " not in PATH"
			}
			return ""
		},
		packages: []string{"gcc", "libc6-dev"},
		// Before any check: the go command builds with cgo where a C
		// compiler is found and without it elsewhere, so one installed
		// midway would have the checks after it build everything again.
		early: true,
	},
	{
		name: "Chromium",
		why:  "runs the browser tests, headless",
		missing: func(m machine) string {
			// The fonts, so that the screenshots and the fit tests show
			// text as a phone would, not boxes.
			return m.missingFiles(browser.Chromium,
				"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
				"/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf")
		},
		packages: []string{"chromium", "fonts-dejavu-core", "fonts-liberation"},
	},
	{
		name: "nginx with its brotli module",
		why:  "serves the site with the README's nginx snippet in TestHostingNginx",
		missing: func(m machine) string {
			return m.missingFiles(browser.NginxBinary, browser.NginxBrotliModule)
		},
		packages: []string{"nginx-light", "libnginx-mod-http-brotli-static"},
	},
	{
		name: "npm",
		why:  "fetches axe-core for the accessibility tests",
		missing: func(m machine) string {
			// Once fetched, axe-core is read from the cache, and AXE_JS
			// names a copy of it: either way npm has nothing to do.
			if m.getenv("AXE_JS") != "" || m.stat(browser.AxeCacheFile()) == nil {
				return ""
			}
			if _, err := m.lookPath("npm"); err != nil {
				return "not in PATH, and axe-core neither fetched yet nor in AXE_JS"
			}
			return ""
		},
		packages: []string{"npm"},
	},
	{
		name: "Firefox",
		why:  "prints the reference cards in TestCardsPrintInFirefox",
		missing: func(m machine) string {
			return m.missingFiles(browser.Firefox)
		},
		packages: browser.FirefoxPackages,
	},
	{
		name: "WebKitGTK under Xvfb",
		why:  "prints the reference cards in Safari's engine in TestCardsPrintInWebKit",
		missing: func(m machine) string {
			if gone := m.missingFiles(browser.XvfbRun, browser.Python); gone != "" {
				return gone
			}
			// What the test asks of Python, as it asks it.
			if err := m.run(browser.Python, "-c", `import gi; gi.require_version("Gtk", "3.0"); gi.require_version("WebKit2", "4.1")`); err != nil {
				return "WebKit2 4.1 through PyGObject"
			}
			return ""
		},
		packages: browser.WebKitPackages,
	},
	{
		name: "zbarimg",
		why:  "reads the QR codes the app draws off the screen, as a phone's camera would (the armies' TestArmiesSharedByLinkAndQR)",
		missing: func(m machine) string {
			if _, err := m.lookPath("zbarimg"); err != nil {
				return "not in PATH"
			}
			return ""
		},
		packages: []string{"zbar-tools"},
	},
	{
		name: "Node.js",
		why:  "runs the unit tests built for the browser (GOOS=js GOARCH=wasm: app/store over a stand-in storage) through Go's go_js_wasm_exec",
		missing: func(m machine) string {
			if _, err := m.lookPath("node"); err != nil {
				return "not in PATH"
			}
			return ""
		},
		packages: []string{"nodejs"},
	},
	{
		name: "pdftotext",
		why:  "reads each printed card's pages back in the print tests, which count only the pages without it",
		missing: func(m machine) string {
			if _, err := m.lookPath("pdftotext"); err != nil {
				return "not in PATH"
			}
			return ""
		},
		packages: []string{"poppler-utils"},
	},
}

// early says whether the need named name is installed before the checks
// start.
func early(name string) bool {
	for _, n := range needs {
		if n.name == name {
			return n.early
		}
	}
	return false
}

// A machine is what the test command asks of the machine it runs on; the
// unit tests make one up.
type machine struct {
	stat     func(path string) error
	lookPath func(file string) (string, error)
	getenv   func(key string) string
	// run runs a command quietly, for a need that only a program can
	// tell is there.
	run func(name string, args ...string) error
	// root is whether the test command runs as root, and so may install.
	root bool
}

// thisMachine is the machine the test command runs on.
func thisMachine() machine {
	return machine{
		stat:     func(path string) error { _, err := os.Stat(path); return err },
		lookPath: exec.LookPath,
		getenv:   os.Getenv,
		run:      func(name string, args ...string) error { return exec.Command(name, args...).Run() },
		root:     os.Geteuid() == 0,
	}
}

// missingFiles lists the paths that do not exist, "" when all do.
func (m machine) missingFiles(paths ...string) string {
	var gone []string
	for _, p := range paths {
		if m.stat(p) != nil {
			gone = append(gone, p)
		}
	}
	return strings.Join(gone, ", ")
}

// A lack is a need the machine lacks, and what of it.
type lack struct {
	need
	what string
}

func (l lack) String() string { return l.name + " (" + l.what + ")" }

// A plan is what the test command does about the needs before it tests.
type plan struct {
	lacking []lack
	// install is the apt-get command the test command runs itself, when it
	// may; refuse is the one it asks the reader to run, when it may not.
	// Both are empty when nothing is lacking or the run is partial.
	install, refuse []string
}

// aptInstall is apt-get's command line for packages, as a script or a
// reader runs it, with no prompt and no package the tests do not use.
func aptInstall(packages []string) []string {
	return append([]string{"apt-get", "install", "-y", "--no-install-recommends"}, packages...)
}

// decide looks for every need on m. What is lacking is installed when m
// lets the test command do it (root, with apt-get, as a fresh Debian
// machine is), and otherwise refused with the command that installs it.
// A partial run installs nothing and goes on without what is lacking.
func decide(needs []need, m machine, partial bool) plan {
	var p plan
	var packages []string
	for _, n := range needs {
		if what := n.missing(m); what != "" {
			p.lacking = append(p.lacking, lack{n, what})
			packages = append(packages, n.packages...)
		}
	}
	if len(p.lacking) == 0 || partial {
		return p
	}
	_, err := m.lookPath("apt-get")
	switch {
	case err == nil && m.root:
		p.install = aptInstall(packages)
	case err == nil:
		p.refuse = append([]string{"sudo"}, aptInstall(packages)...)
	default:
		// Not Debian: the Debian command still names what to install.
		p.refuse = aptInstall(packages)
	}
	return p
}

// provide carries out the plan for needs on the machine the test command
// runs on, saying what it does on con. It returns what a partial run goes
// without, and an error when the tests cannot start. What it installs, it
// installs in two parts: the early needs before it returns, and the rest
// in the background, so that the checks that need none of it run
// meanwhile: installed is closed when that install has ended, and
// lateErr then says whether it failed (nil when nothing is installed).
func provide(con *console, needs []need, partial bool) (lacking []lack, installed <-chan struct{}, lateErr func() error, err error) {
	none := func() error { return nil }
	m := thisMachine()
	p := decide(needs, m, partial)
	for _, l := range p.lacking {
		con.printf("missing: %s, which %s\n", l, l.why)
	}
	switch {
	case len(p.lacking) == 0:
		var names []string
		for _, n := range needs {
			names = append(names, n.name)
		}
		con.printf("found %s\n", strings.Join(names, ", "))
		return nil, nil, none, nil
	case partial:
		con.printf("a partial run: the tests that need them will not run\n")
		return p.lacking, nil, none, nil
	case p.refuse != nil && p.refuse[0] == "sudo":
		return nil, nil, none, fmt.Errorf("the tests need what is missing above, which the test command installs only as root; run\n\n\t%s\n\nthen go run ./build test again (or go run ./build test -partial, to test without it)",
			strings.Join(p.refuse, " "))
	case p.refuse != nil:
		return nil, nil, none, fmt.Errorf("the tests need what is missing above, and this machine has no apt-get to install it; on Debian or Ubuntu the command is\n\n\t%s\n\nelsewhere install the same programs, then run go run ./build test again (or go run ./build test -partial, to test without them)",
			strings.Join(p.refuse, " "))
	}
	var first, later []string
	for _, l := range p.lacking {
		if l.early {
			first = append(first, l.packages...)
		} else {
			later = append(later, l.packages...)
		}
	}
	con.printf("installing them (the test command runs as root, with apt-get): %s first, the rest while the first checks run\n", strings.Join(first, " "))
	env := []string{"DEBIAN_FRONTEND=noninteractive"}
	w := con.tagged("")
	// A fresh machine has no package lists yet.
	if err := runTo(w, env, "apt-get", "update"); err != nil {
		return nil, nil, none, fmt.Errorf("apt-get update: %w", err)
	}
	if len(first) > 0 {
		if err := runTo(w, env, "apt-get", aptInstall(first)[1:]...); err != nil {
			return nil, nil, none, fmt.Errorf("installing what the tests need: %w", err)
		}
	}
	// still says what of want is missing after the install.
	still := func(want func(need) bool) error {
		var errs []error
		for _, l := range decide(needs, m, true).lacking {
			if want(l.need) {
				errs = append(errs, fmt.Errorf("%s is still missing after the install", l))
			}
		}
		return errors.Join(errs...)
	}
	if err := still(func(n need) bool { return n.early }); err != nil {
		return nil, nil, none, err
	}
	done := make(chan struct{})
	var late error
	go func() {
		defer close(done)
		if len(later) > 0 {
			if err := runTo(con.tagged("install"), env, "apt-get", aptInstall(later)[1:]...); err != nil {
				late = fmt.Errorf("installing what the tests need: %w", err)
				return
			}
		}
		late = still(func(n need) bool { return !n.early })
	}()
	return nil, done, func() error { <-done; return late }, nil
}
