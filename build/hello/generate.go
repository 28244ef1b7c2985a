//go:build !wasm

package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"log"
	"os"
	"path/filepath"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// generate writes the static site to the directory named by the first
// argument; the wasm goes to its web/app.wasm, built separately. The icons
// are local, as the app's are: go-app's default icons live on another host,
// which the offline machine cannot reach, and its worker would then cache
// nothing, so the comparison would not be like for like.
func generate() {
	if len(os.Args) < 2 {
		log.Fatal("usage: hello OUTDIR")
	}
	dir := os.Args[1]
	h := &app.Handler{
		Name:    "Hello",
		Title:   "Hello",
		Version: "hello",
		Icon:    app.Icon{Default: "/web/icon.png", SVG: "/web/icon.svg"},
	}
	if err := app.GenerateStaticWebsite(dir, h); err != nil {
		log.Fatal(err)
	}
	img := image.NewRGBA(image.Rect(0, 0, 192, 192))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	img.Set(96, 96, color.Black)
	var icon bytes.Buffer
	if err := png.Encode(&icon, img); err != nil {
		log.Fatal(err)
	}
	svg := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>`
	for name, b := range map[string][]byte{"icon.png": icon.Bytes(), "icon.svg": []byte(svg)} {
		if err := os.WriteFile(filepath.Join(dir, "web", name), b, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
