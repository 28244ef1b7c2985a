package browser

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestStorageFullOnSave makes every save fail, as a full storage does: the
// bookmark still holds for the session, and the page says it was not saved.
func TestStorageFullOnSave(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/en/at43/shooting.cover")
	title := s.text(t, "h1")
	if n := eval[int](t, s, `document.querySelectorAll(".save-notice[role=alert]").length`); n != 0 {
		t.Fatal("a save notice shows before any save failed")
	}
	s.do(t, chromedp.Evaluate[chromedp.Void](`Storage.prototype.setItem = function () {
		throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
	}`))
	s.do(t, chromedp.Click(chromedp.CSS("button.bookmark")))
	s.poll(t, `document.querySelector("button.bookmark").getAttribute("aria-pressed") === "true"`, "the bookmark to hold in memory")
	s.poll(t, `!!document.querySelector(".save-notice[role=alert]")`, "the notice that the save failed")
	if msg := s.text(t, ".save-notice[role=alert]"); !strings.Contains(msg, "full") {
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
// storage: the home page neither leaves the site nor shows "not found", and
// a huge bookmark list is cut to the cap.
func TestStoredPrefsAreValidated(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/en/at43")
	s.do(t, chromedp.Evaluate[chromedp.Void](`(() => {
		const key = Object.keys(localStorage).find(k => k.endsWith(":prefs"));
		localStorage.setItem(key, JSON.stringify({lang: "/example.com", game: "at43"}));
		const marks = [];
		for (let i = 0; i < 20000; i++) marks.push({lang: "en", game: "at43", section: "s" + i, title: "Mark " + i});
		marks.push({lang: "xx", game: "at43", section: "bad", title: "Bad language"});
		localStorage.setItem(key.replace(/prefs$/, "bookmarks"), JSON.stringify(marks));
	})()`))
	s.open(t, "/")
	if got := eval[string](t, s, `location.origin + location.pathname`); got != s.url("/") {
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
	n := eval[int](t, s, `document.querySelectorAll(".settings .marks li").length`)
	if n == 0 || n > 100 {
		t.Errorf("settings lists %d bookmarks from a stored 20,001, want at most 100", n)
	}
	if strings.Contains(s.text(t, ".settings .marks"), "Bad language") {
		t.Error("a bookmark in an unknown language is listed")
	}
}

// TestStorageAdoptsOldKeys stores a theme and a bookmark under the bare keys
// that versions before the per-base prefix used: the app adopts them.
func TestStorageAdoptsOldKeys(t *testing.T) {
	s := newSession(t, 360, 740)
	s.do(t, chromedp.Navigate(s.url("/en/at43?wasm=false")))
	s.poll(t, `document.readyState === "complete"`, "the page without the wasm")
	s.do(t, chromedp.Evaluate[chromedp.Void](`(() => {
		localStorage.setItem("prefs", JSON.stringify({theme: "dark"}));
		localStorage.setItem("bookmarks", JSON.stringify([{lang: "en", game: "at43", section: "shooting.cover", title: "Old bookmark"}]));
	})()`))
	s.open(t, "/en/settings")
	if got := s.text(t, ".settings .marks"); !strings.Contains(got, "Old bookmark") {
		t.Errorf("the bookmarks list %q lacks the bookmark saved under the old key", got)
	}
	if theme := eval[string](t, s, `document.documentElement.dataset.theme || ""`); theme != "dark" {
		t.Errorf("theme %q, want the dark saved under the old key", theme)
	}
	if !eval[bool](t, s, `localStorage.getItem("at4x:/:bookmarks") !== null`) {
		t.Error("the bookmarks were not copied under the new key")
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
	if !eval[bool](t, s, `caches.keys().then(() => false, () => true)`) {
		t.Fatal("the browser keeps site data: the profile's setting did not take")
	}
	notice := `document.querySelectorAll(".save-notice[role=alert]")`
	s.open(t, "/en/at43/shooting.cover")
	s.poll(t, notice+`.length === 1`, "the notice that nothing is kept")
	if msg := s.text(t, ".save-notice[role=alert]"); !strings.Contains(msg, "keep no data") {
		t.Errorf("the notice says %q", msg)
	}
	s.screenshot(t, "storage-blocked-en")
	title := s.text(t, "h1")
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
	if n := eval[int](t, s, notice+`.length`); n != 1 {
		t.Errorf("%d notices after the saves, want the one", n)
	}
	s.do(t, chromedp.Click(chromedp.CSS(".save-notice button")))
	s.poll(t, notice+`.length === 0`, "the notice to close")

	s.readsShareLink(t)

	s.open(t, "/fr/at44/shooting.cover")
	s.poll(t, notice+`.length === 1`, "the French notice")
	if msg := s.text(t, ".save-notice[role=alert]"); !strings.Contains(msg, "ne rien garder") {
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
	}
	save("P1")
	s.do(t, chromedp.Evaluate[chromedp.Void](`Storage.prototype.setItem = function () {
		throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
	}`))
	save("P2")
	s.poll(t, `!!document.querySelector(".save-notice[role=alert]")`, "the notice that the save failed")
	if !eval[bool](t, s, `[...document.querySelectorAll("#profile-pick option")].some(o => o.textContent === "P1")`) {
		t.Error("the profile saved before the storage filled left the list")
	}
	s.do(t, chromedp.Click(chromedp.CSS(`a[href="/en/settings"]`)))
	s.poll(t, `location.pathname === "/en/settings"`, "the settings page")
	s.poll(t, `document.querySelector(".settings").textContent.includes("P2")`, "the unsaved profile in the settings")
}
