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
	lib, err := contentdata.Load()
	if err != nil {
		goapp.Log(err)
		return
	}
	app.Register(app.NewSite(lib, app.BaseFromEnv()))
	goapp.RunWhenOnBrowser()
}
