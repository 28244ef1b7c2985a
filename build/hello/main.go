// Command hello is go-app's "hello world", built the way the app is built
// (server code kept out of the wasm, -trimpath -ldflags="-s -w"), so that
// `go run ./build perf` can set the app's size and load times beside the
// smallest thing go-app can ship, on the same machine in the same run.
package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

type hello struct{ app.Compo }

func (h *hello) Render() app.UI { return app.H1().Text("Hello World!") }

// OnNav marks the page ready once drawn, as the app does, for the load
// timings.
func (h *hello) OnNav(ctx app.Context) {
	if app.IsClient {
		ctx.Defer(func(app.Context) {
			app.Window().Get("document").Get("documentElement").Call("setAttribute", "data-app", "ready")
		})
	}
}

func main() {
	app.Route("/", func() app.Composer { return &hello{} })
	app.RunWhenOnBrowser()
	generate()
}
