package browser

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestStorageFullOnSave makes every save fail, as a full storage does: the
// bookmark still holds for the session, and the page says it was not saved.
func TestStorageFullOnSave(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/en/at43/shooting.cover")
	title, _ := s.textUntil(t, "h1", nonEmpty)
	if n := eval[int](t, s, `document.querySelectorAll(".save-notice[role=alert]").length`); n != 0 {
		t.Fatal("a save notice shows before any save failed")
	}
	s.do(t, chromedp.Evaluate[chromedp.Void](`Storage.prototype.setItem = function () {
		throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
	}`))
	s.do(t, chromedp.Click(chromedp.CSS("button.bookmark")))
	s.poll(t, `document.querySelector("button.bookmark").getAttribute("aria-pressed") === "true"`, "the bookmark to hold in memory")
	s.poll(t, `!!document.querySelector(".save-notice[role=alert]")`, "the notice that the save failed")
	if msg, ok := s.textUntil(t, ".save-notice[role=alert]", has("full")); !ok {
		t.Errorf("the notice says %q", msg)
	}
	// A navigation inside the app keeps what memory holds.
	s.do(t, chromedp.Click(chromedp.CSS(`a[href="/en/settings"]`)))
	s.poll(t, `location.pathname === "/en/settings"`, "the settings page")
	// The list comes with the page's render, which may follow the new
	// address by a frame.
	s.poll(t, `document.querySelector(".settings .marks").textContent.includes(`+strconv.Quote(title)+`)`,
		"the bookmarks list to hold the unsaved bookmark")
	s.do(t, chromedp.Click(chromedp.CSS(".save-notice button")))
	s.poll(t, `!document.querySelector(".save-notice[role=alert]")`, "the notice to close")
}

// TestStoredPrefsAreValidated plants hostile or stale values in local
// storage: the home page neither leaves the site nor shows "not found"; a
// list of 150 bookmarks is cut to the newest 100, and one of 3,001, longer
// than the app ever writes (100 marks of at most 1,024 characters), is not
// the app's and is not read (app/store, Span).
func TestStoredPrefsAreValidated(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/en/at43")
	s.do(t, chromedp.Evaluate[chromedp.Void](`(() => {
		const key = Object.keys(localStorage).find(k => k.endsWith(":prefs"));
		localStorage.setItem(key, JSON.stringify({lang: "/example.com", game: "at43"}));
		const marks = [];
		for (let i = 0; i < 150; i++) marks.push({lang: "en", game: "at43", section: "s" + i, title: "Mark " + i});
		marks.push({lang: "xx", game: "at43", section: "bad", title: "Bad language"});
		localStorage.setItem(key.replace(/prefs$/, "bookmarks"), JSON.stringify(marks));
	})()`))
	s.open(t, "/")
	if got, ok := readUntil(t, s, `location.origin + location.pathname`, is(s.url("/"))); !ok {
		t.Errorf("a stored language of /example.com sent the home page to %s", got)
	}
	if eval[int](t, s, `document.querySelectorAll(".notfound").length`) != 0 {
		t.Error("a stored bad language shows 'not found'")
	}
	s.do(t, chromedp.Evaluate[chromedp.Void](`(() => {
		const key = Object.keys(localStorage).find(k => k.endsWith(":prefs"));
		localStorage.setItem(key, JSON.stringify({lang: "fr", game: "yy"}));
	})()`))
	s.open(t, "/")
	if eval[int](t, s, `document.querySelectorAll(".notfound").length`) != 0 {
		t.Error("a stored bad game shows 'not found'")
	}
	s.open(t, "/en/settings")
	if n, ok := readUntil(t, s, `document.querySelectorAll(".settings .marks li").length`, is(99)); !ok {
		t.Errorf("settings lists %d bookmarks from a stored 151, want the newest 100 but the one in no language", n)
	}
	if text, ok := s.textUntil(t, ".settings .marks", func(got string) bool {
		return !strings.Contains(got, "Bad language") && strings.Contains(got, "Mark 149")
	}); !ok {
		t.Errorf("the bookmarks listed are not the newest valid ones: %q", text)
	}
	s.do(t, chromedp.Evaluate[chromedp.Void](`(() => {
		const key = Object.keys(localStorage).find(k => k.endsWith(":bookmarks"));
		const marks = [];
		for (let i = 0; i < 3001; i++) marks.push({lang: "en", game: "at43", section: "s" + i, title: "Mark " + i});
		localStorage.setItem(key, JSON.stringify(marks));
	})()`))
	s.open(t, "/en/settings")
	s.poll(t, `!!document.querySelector(".settings")`, "the settings")
	if n, ok := readUntil(t, s, `document.querySelectorAll(".settings .marks li").length`, is(0)); !ok {
		t.Errorf("settings lists %d bookmarks from a stored 3,001, longer than the app writes, want none", n)
	}
}

// TestStorageIgnoresBareKeys stores values under the bare names "prefs" and
// "bookmarks", which any app on the origin may use: the app neither applies
// nor copies them.
func TestStorageIgnoresBareKeys(t *testing.T) {
	s := newSession(t, 360, 740)
	s.do(t, chromedp.Navigate(s.url("/en/at43?wasm=false")))
	s.poll(t, `document.readyState === "complete"`, "the page without the wasm")
	s.do(t, chromedp.Evaluate[chromedp.Void](`(() => {
		localStorage.setItem("prefs", JSON.stringify({theme: "dark", textSize: 150}));
		localStorage.setItem("bookmarks", JSON.stringify([{lang: "en", game: "at43", section: "shooting.cover", title: "Another app's bookmark"}]));
	})()`))
	s.do(t, chromedp.Navigate(s.url("/en/at43?wasm=false")))
	s.poll(t, `document.readyState === "complete"`, "the page without the wasm")
	if look := eval[string](t, s, `(document.documentElement.dataset.theme || "") + " " + document.documentElement.style.fontSize`); look != " " {
		t.Errorf("the head script applied the bare prefs: theme and size %q", look)
	}
	s.open(t, "/en/settings")
	if got := s.text(t, ".settings .marks"); strings.Contains(got, "Another app") {
		t.Errorf("the bookmarks list %q holds the bookmark under the bare key", got)
	}
	if theme := eval[string](t, s, `document.documentElement.dataset.theme || ""`); theme != "" {
		t.Errorf("theme %q from the bare prefs", theme)
	}
	if got := eval[[]string](t, s, `Object.keys(localStorage).filter(k => k.startsWith("at4x:") && /dark|Another app/.test(localStorage.getItem(k)))`); len(got) > 0 {
		t.Errorf("the bare values were copied under %q", got)
	}
}

// blockSiteData writes a browser profile set to keep no site data
// (Chromium's "Sites can't save data", what a reader sets in the browser's
// settings) and returns its directory.
func blockSiteData(t *testing.T) string {
	t.Helper()
	profile := t.TempDir()
	if err := os.MkdirAll(filepath.Join(profile, "Default"), 0o755); err != nil {
		t.Fatal(err)
	}
	prefs := `{"profile":{"default_content_setting_values":{"cookies":2}}}`
	if err := os.WriteFile(filepath.Join(profile, "Default", "Preferences"), []byte(prefs), 0o644); err != nil {
		t.Fatal(err)
	}
	return profile
}

// TestStorageBlocked runs the app in a browser that keeps no site data, where
// reading window.localStorage throws: the app starts, a share link gives its
// result, search answers, a bookmark and a theme hold for the visit, and one
// notice, in the page's language, says that nothing is kept.
func TestStorageBlocked(t *testing.T) {
	s := newSessionIn(t, 360, 740, FileServer, blockSiteData(t))
	s.do(t, chromedp.Navigate(s.url("/en/at43?wasm=false")))
	s.poll(t, `document.readyState === "complete"`, "the page without the wasm")
	blocked, err := chromedp.Run(s.ctx, chromedp.Evaluate[bool](`caches.keys().then(() => false, () => true)`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if !blocked {
		t.Fatal("the browser keeps site data: the profile's setting did not take")
	}
	notice := `document.querySelectorAll(".save-notice[role=alert]")`
	s.open(t, "/en/at43/shooting.cover")
	s.poll(t, notice+`.length === 1`, "the notice that nothing is kept")
	// No service worker registers without site data: the notice says the
	// app will not work offline either (audit round 3, L5).
	if msg, ok := s.textUntil(t, ".save-notice[role=alert]", has("keep no data", "offline")); !ok {
		t.Errorf("the notice says %q", msg)
	}
	s.screenshot(t, "storage-blocked-en")
	title, _ := s.textUntil(t, "h1", nonEmpty)
	s.do(t, chromedp.Click(chromedp.CSS("button.bookmark")))
	s.poll(t, `document.querySelector("button.bookmark").getAttribute("aria-pressed") === "true"`, "the bookmark")

	s.do(t, chromedp.Click(chromedp.ID("search-open")))
	s.poll(t, `document.activeElement && document.activeElement.id === "search-input"`, "the search box")
	s.do(t, chromedp.SendKeys(chromedp.ID("search-input"), "cover"))
	s.poll(t, `document.querySelectorAll("#search-results a.result").length > 0`, "search results")
	s.do(t, chromedp.KeyEvent("\x1b"))

	s.do(t, chromedp.Click(chromedp.CSS(`a[href="/en/settings"]`)))
	s.poll(t, `location.pathname === "/en/settings" && document.querySelector(".settings .marks").textContent.includes(`+strconv.Quote(title)+`)`,
		"the bookmark, held for the visit, in the settings")
	s.do(t, chromedp.Click(chromedp.ID("theme-dark")))
	s.poll(t, `document.documentElement.dataset.theme === "dark"`, "the dark theme")
	if n, ok := readUntil(t, s, notice+`.length`, is(1)); !ok {
		t.Errorf("%d notices after the saves, want the one", n)
	}
	s.do(t, chromedp.Click(chromedp.CSS(".save-notice button")))
	s.poll(t, notice+`.length === 0`, "the notice to close")

	s.readsShareLink(t)

	s.open(t, "/fr/at44/shooting.cover")
	s.poll(t, notice+`.length === 1`, "the French notice")
	if msg, ok := s.textUntil(t, ".save-notice[role=alert]", has("ne rien garder", "hors ligne")); !ok {
		t.Errorf("the French notice says %q", msg)
	}
	s.screenshot(t, "storage-blocked-fr")
}

// TestStorageFullKeepsProfiles fills the storage between two saved profiles:
// the second stays for the visit, in the calculator's list and in the
// settings, as the notice promises.
func TestStorageFullKeepsProfiles(t *testing.T) {
	s := newSession(t, 360, 740)
	s.readsShareLink(t)
	save := func(name string) {
		t.Helper()
		s.do(t, chromedp.SendKeys(chromedp.ID("profile-name"), name),
			chromedp.Click(chromedp.CSS(".save-profile button[type=submit]")))
		s.poll(t, `[...document.querySelectorAll("#profile-pick option")].some(o => o.textContent === `+strconv.Quote(name)+`)`,
			"the profile "+name+" in the list")
		// The box empties once saved, so the next name is not typed after this one.
		if v, ok := readUntil(t, s, `document.getElementById("profile-name").value`, is("")); !ok {
			t.Errorf("after saving %s the name box still holds %q", name, v)
		}
	}
	save("P1")
	s.do(t, chromedp.Evaluate[chromedp.Void](`Storage.prototype.setItem = function () {
		throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
	}`))
	save("P2")
	s.poll(t, `!!document.querySelector(".save-notice[role=alert]")`, "the notice that the save failed")
	if !s.holds(t, `[...document.querySelectorAll("#profile-pick option")].some(o => o.textContent === "P1")`) {
		t.Error("the profile saved before the storage filled left the list")
	}
	s.do(t, chromedp.Click(chromedp.CSS(`a[href="/en/settings"]`)))
	s.poll(t, `location.pathname === "/en/settings"`, "the settings page")
	s.poll(t, `document.querySelector(".settings").textContent.includes("P2")`, "the unsaved profile in the settings")
}

// plant stores, under the root app's keys, n profiles and n history entries
// (the history newest first, after three links off the app), and
// preferences with a theme that is markup and a text size of 100000 %.
func plant(t *testing.T, s *session, n int) {
	t.Helper()
	s.do(t, chromedp.Evaluate[chromedp.Void](`((n) => {
		const key = name => "at4x:/:" + name;
		localStorage.setItem(key("prefs"), JSON.stringify({theme: 'x" onload="window.__pwned=1', textSize: 100000}));
		const profiles = [], history = [];
		for (let i = 0; i < n; i++) {
			profiles.push({name: "Profile " + i, values: {n: String(i % 10 + 1), acc: "3"}});
			history.push({link: "/calc/shoot?game=at43&n=" + (i % 10 + 1) + "&acc=" + i, headline: "Calculation " + i});
		}
		history.unshift({link: "javascript:window.__pwned=1", headline: "script"},
			{link: "https://evil.example/phish", headline: "phish"}, {link: "//evil.example/calc/shoot", headline: "host"});
		localStorage.setItem(key("profiles"), JSON.stringify(profiles));
		localStorage.setItem(key("history"), JSON.stringify(history));
	})(`+strconv.Itoa(n)+`)`))
}

// TestStoredDataIsCapped plants profiles and history entries, some of them
// links off the app, a theme that is markup and a text size of 100000 %:
// 20,000 of each (1 and 1.5 MB, the audit's case) are not decoded at all,
// and pages open at their usual speed; of 3,000 of each, only the newest
// 100 profiles are read, the history being longer than the app writes (20
// entries of at most 2,600 characters); of 150 of each, the newest 100
// profiles and the first 20 history entries.
// Only the app's own links are listed, and neither the head script nor the
// app applies the bad look.
func TestStoredDataIsCapped(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/en/at43")
	look := `(document.documentElement.getAttribute("data-theme") || "") + "|" + document.documentElement.style.fontSize`
	for _, n := range []int{20000, 3000, 150} {
		plant(t, s, n)
		s.do(t, chromedp.Navigate(s.url("/en/at43?wasm=false")))
		s.poll(t, `document.readyState === "complete"`, "the page without the wasm")
		if got := eval[string](t, s, look); got != "|" {
			t.Errorf("the head script applied a stored theme and size of %q", got)
		}

		start := time.Now()
		s.readsShareLink(t)
		t.Logf("%d stored profiles and history entries: the calculator ready in %s", n, time.Since(start).Round(10*time.Millisecond))
		// The history's first 20 entries are read, three of them off the
		// app.
		want := []int{map[int]int{20000: 0, 3000: 100, 150: 100}[n], map[int]int{20000: 0, 3000: 0, 150: 17}[n]}
		if got, ok := readUntil(t, s, `[document.querySelectorAll("#profile-pick optgroup[label='Saved profiles'] option").length, document.querySelectorAll("#calc-history li").length]`,
			func(got []int) bool { return slices.Equal(got, want) }); !ok {
			t.Errorf("from %d stored: %d profiles and %d calculations listed, want %v", n, got[0], got[1], want)
		}
		if bad := eval[[]string](t, s, `[...document.querySelectorAll("#calc-history a")].map(a => a.getAttribute("href")).filter(h => !h.startsWith("/calc/shoot?"))`); len(bad) > 0 {
			t.Errorf("the history links off the app: %q", bad)
		}
		if got, ok := readUntil(t, s, look, is("|100%")); !ok {
			t.Errorf("the app applied a stored theme and size of %q", got)
		}
		start = time.Now()
		s.open(t, "/en/settings")
		t.Logf("%d stored profiles: the settings ready in %s", n, time.Since(start).Round(10*time.Millisecond))
		wantListed := 100
		if n > 10000 {
			wantListed = 0
		}
		if listed, ok := readUntil(t, s, `[...document.querySelectorAll(".settings li")].filter(li => li.textContent.includes("Profile ")).length`, is(wantListed)); !ok {
			t.Errorf("the settings list %d profiles from a stored %d", listed, n)
		}
		if n < 10000 {
			if _, ok := s.textUntil(t, ".settings", has(fmt.Sprintf("Profile %d", n-1))); !ok {
				t.Error("the settings do not list the newest profile")
			}
		}
	}
	if eval[bool](t, s, `!!window.__pwned`) {
		t.Error("a stored value ran a script")
	}
}
