//go:build !wasm

package app

import (
	_ "embed"
	"strconv"
	"strings"

	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// workerJS is the service worker template; see the comment at its top.
//
//go:embed worker.js
var workerJS string

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
// icons, the style sheets, the theme script, the offline worker.
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
		RawHeaders: []string{
			`<meta name="color-scheme" content="light dark">`,
			themeScript,
			controlledScript,
		},
		CacheableResources:    append([]string{"/web/icon.svg"}, o.Precache...),
		Version:               o.Version,
		ServiceWorkerTemplate: strings.ReplaceAll(workerJS, "{{SHELL}}", shellPath(o.Base)),
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

// themeScript applies the saved theme and text size before the first paint,
// so a reader who chose dark never sees a white flash while the wasm loads.
const themeScript = `<script>try{var p=JSON.parse(localStorage.getItem("` + prefsKey + `")||"{}"),d=document.documentElement;if(p.theme)d.setAttribute("data-theme",p.theme);if(p.textSize)d.style.fontSize=p.textSize+"%"}catch(e){}</script>`

// controlledScript records whether a worker controlled the page when it
// loaded, before the new worker can claim it.
const controlledScript = `<script>window.` + controlledFlag + `=!!(navigator.serviceWorker&&navigator.serviceWorker.controller)</script>`

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
