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
	"github.com/at4x/companion/app/ui"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	debug.SetGCPercent(startGCPercent)
	time.AfterFunc(startLength, func() { debug.SetGCPercent(100) })
	ui.Mark("main")
	yield()
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
	yield()
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

// yield hands the main thread back to the browser for a moment between the
// steps of the start (package init, then decoding and routes, then go-app's
// first mount), so that they run as three tasks instead of one: the page,
// already painted from its prerendered HTML, can answer input between them,
// and no single task blocks it for the whole start. Waiting for a
// setTimeout callback parks the only goroutine until the browser has run
// its event loop; a short sleep would not do, since the runtime skips the
// pause when the timer is already due as it looks for work.
func yield() {
	if !goapp.IsClient {
		return
	}
	done := make(chan struct{})
	f := goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		close(done)
		return nil
	})
	goapp.Window().Call("setTimeout", f, 0)
	<-done
	f.Release()
}
