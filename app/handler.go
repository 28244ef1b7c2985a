//go:build !wasm

package app

import (
	_ "embed"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/at4x/companion/app/calc"
	"github.com/at4x/companion/app/contentdata"
	"github.com/at4x/companion/app/store"
	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// workerJS is the service worker template; see the comment at its top.
//
//go:embed worker.js
var workerJS string

// headJS is the script every page runs in its head before the first paint
// (theme, text size, whether a worker controlled the page); see HeadScript.
//
//go:embed head.js
var headJS string

// HeadScriptPath is where pages load the head script from. The site build
// writes HeadScript there, then renames it with its content hash.
const HeadScriptPath = "/web/head.js"

// HeadScript is the head script for a site served under base: it reads the
// preferences under that base's storage key, applies only the themes and
// text sizes the settings offer, and starts fetching the library from
// under base. The calculators' part (calc.HeadScript) shows a calculator
// link's values before the client has started, with the reader's
// language this part picks, and makes the steppers repeat.
func HeadScript(base string) []byte {
	prefill, steppers := calc.HeadScript()
	return []byte(strings.NewReplacer(
		"{{PREFS_KEY}}", store.Prefix(base)+prefsName,
		"{{CONTROLLED}}", controlledFlag,
		"{{NO_STORAGE}}", store.BlockedFlag,
		"{{THEMES}}", jsValue(themes),
		"{{TEXT_SIZES}}", jsValue(textSizes),
		"{{ROOT_FONT_SIZES}}", jsValue(rootFontSizes()),
		"{{LIBRARY}}", strings.TrimRight(base, "/")+"/"+contentdata.File,
		"{{LIBRARY_FETCH}}", contentdata.FetchFunc,
		"{{CALC_PREFILL}}", prefill,
		"{{LOAD_FAILED}}", loadFailedFunc,
		"{{LOAD_TEXTS}}", jsValue(loadTexts()),
	).Replace(headJS) + steppers)
}

// loadTexts are the words of the head script's notice that the page could
// not load, by language: the notice and its button.
func loadTexts() map[string][2]string {
	m := map[string][2]string{}
	for _, l := range content.Langs {
		m[l] = [2]string{i18n.T(l, i18n.LoadFailed), i18n.T(l, i18n.UpdateNow)}
	}
	return m
}

// rootFontSizes are the root font sizes of the text size settings, by
// setting, for the head script to apply the one stored.
func rootFontSizes() map[int]string {
	m := map[int]string{}
	for _, n := range textSizes {
		m[n] = rootFontSize(n)
	}
	return m
}

// VersionMark is the tag each page carries in its head, which the service
// worker checks before it stores a page: a page the HTTP cache or a CDN kept
// from an older version never enters the new version's cache.
func VersionMark(version string) string {
	return `<meta name="at4x-version" content="` + version + `">`
}

// HandlerOptions are what a build decides about the served app.
type HandlerOptions struct {
	// Version identifies the build: a hash of the wasm and the content, so
	// rebuilding the same code is not an update.
	Version string
	// Base is the path prefix the site is served under ("" or "/sub").
	Base string
	// Domain is the host name for social metadata.
	Domain string
	// Styles are the app's style sheets, as cache-busted /web/ paths.
	Styles []string
	// WasmSize is app.wasm's uncompressed size, so the loading bar is right
	// when the wasm is served compressed.
	WasmSize int64
	// Precache lists the extra paths the service worker stores on install.
	Precache []string
}

// NewHandler configures go-app's handler for the companion: metadata, local
// icons, the style sheets, the head script, the offline worker.
func NewHandler(o HandlerOptions) *goapp.Handler {
	const en = "en"
	h := &goapp.Handler{
		Name:        i18n.T(en, i18n.AppName),
		ShortName:   "AT-4x",
		Title:       i18n.T(en, i18n.AppName),
		Description: i18n.T(en, i18n.AppDescription),
		Author:      "AT-4x Companion",
		Keywords:    []string{"AT-43", "AT-44", "rules", "règles", "wargame"},
		Lang:        en,
		Domain:      o.Domain,
		Icon: goapp.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			SVG:      "/web/icon.svg",
			Maskable: "/web/icon-maskable.png",
		},
		Image:           "/web/icon-512.png",
		BackgroundColor: "#14171c",
		ThemeColor:      "#14171c",
		LoadingLabel:    "{progress}%",
		Styles:          o.Styles,
		Scripts:         []string{HeadScriptPath},
		RawHeaders: []string{
			`<meta name="color-scheme" content="light dark">`,
			VersionMark(o.Version),
		},
		CacheableResources: append([]string{"/web/icon.svg"}, o.Precache...),
		Version:            o.Version,
		ServiceWorkerTemplate: strings.NewReplacer(
			"{{SHELL}}", shellPath(o.Base),
			"{{PREFIX}}", CachePrefix(o.Base),
			"{{ROUTES}}", jsValue(RoutePattern()),
		).Replace(workerJS),
	}
	if o.WasmSize > 0 {
		h.WasmContentLength = strconv.FormatInt(o.WasmSize, 10)
	}
	if o.Base != "" {
		h.Resources = prefixResolver(o.Base)
		h.StartURL = "/"
	}
	return h
}

// jsValue writes v, a string or a list of strings or numbers, as a
// JavaScript literal.
func jsValue(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // such values always marshal
	}
	return string(b)
}

func shellPath(base string) string {
	return strings.TrimRight(base, "/") + "/"
}

// prefixResolver serves the site under a path prefix. go-app's
// PrefixedLocation turns "/" into the bare prefix, which static hosts
// redirect; this one keeps the trailing slash and prefixes every local
// absolute path, pages included.
type prefixResolver string

func (p prefixResolver) Resolve(loc string) string {
	if strings.HasPrefix(loc, "https://") || strings.HasPrefix(loc, "http://") || !strings.HasPrefix(loc, "/") {
		return loc
	}
	return strings.TrimRight(string(p), "/") + loc
}
