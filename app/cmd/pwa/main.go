// Command pwa is the companion's WebAssembly client. The site build compiles
// it with GOOS=js GOARCH=wasm into web/app.wasm, then names it with its
// content hash; natively it does nothing, since the site generator in build/
// registers the same routes itself.
package main

import (
	"runtime/debug"
	"time"

	"github.com/at4x/companion/app"
	"github.com/at4x/companion/app/contentdata"
	"github.com/at4x/companion/app/handback"
	"github.com/at4x/companion/app/ui"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	debug.SetGCPercent(startGCPercent)
	time.AfterFunc(startLength, func() { debug.SetGCPercent(100) })
	ui.Mark("main")
	handback.Now()
	lib, err := contentdata.Load()
	if err != nil {
		goapp.Log(err)
		app.LoadFailed()
		return
	}
	ui.Mark("decoded")
	site := app.NewSite(lib, app.BaseFromEnv())
	app.Register(site)
	site.WarmSearch()
	ui.Mark("registered")
	handback.Now()
	goapp.RunWhenOnBrowser()
}

// The start collects garbage less often: the heap it builds (the library,
// the routes, the first page, the search index) is small but made of many
// pieces, and with Go's default of a collection each time the heap doubles,
// the collector took 106 to 132 ms of the main thread at 4x CPU slowdown on
// a calculator link (build perf's profile step), against 13 to 25 ms with
// startGCPercent, while the wasm's memory after the start stayed about 15
// MB either way. After startLength, longer than any start measured with
// its search index, the default returns.
const (
	startGCPercent = 400
	startLength    = 5 * time.Second
)
