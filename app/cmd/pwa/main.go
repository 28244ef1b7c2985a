// Command pwa is the companion's WebAssembly client. The site build compiles
// it with GOOS=js GOARCH=wasm into web/app.wasm, then names it with its
// content hash; natively it does nothing, since the site generator in build/
// registers the same routes itself.
package main

import (
	"time"

	"github.com/at4x/companion/app"
	"github.com/at4x/companion/app/contentdata"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	app.Mark("main")
	yield()
	lib, err := contentdata.Load()
	if err != nil {
		goapp.Log(err)
		return
	}
	app.Mark("decoded")
	site := app.NewSite(lib, app.BaseFromEnv())
	app.Register(site)
	site.WarmSearch()
	app.Mark("registered")
	yield()
	goapp.RunWhenOnBrowser()
}

// yield hands the main thread back to the browser for a moment between the
// steps of the start (package init, then decoding and routes, then go-app's
// first mount), so that they run as three tasks instead of one: the page,
// already painted from its prerendered HTML, can answer input between them,
// and no single task blocks it for the whole start. Sleeping parks the only
// goroutine, which returns control from the wasm to the JavaScript event
// loop until the timer fires.
func yield() {
	if goapp.IsClient {
		time.Sleep(time.Millisecond)
	}
}
