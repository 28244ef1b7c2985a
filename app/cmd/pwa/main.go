// Command pwa is the companion's WebAssembly client. The site build compiles
// it with GOOS=js GOARCH=wasm into web/app.wasm, then names it with its
// content hash; natively it does nothing, since the site generator in build/
// registers the same routes itself.
package main

import (
	"github.com/at4x/companion/app"
	"github.com/at4x/companion/app/contentdata"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	app.Mark("main")
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
	goapp.RunWhenOnBrowser()
}
