//go:build !wasm

package main

import (
	"log"
	"os"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// generate writes the static site to the directory named by the first
// argument; the wasm goes to its web/app.wasm, built separately.
func generate() {
	if len(os.Args) < 2 {
		log.Fatal("usage: hello OUTDIR")
	}
	h := &app.Handler{Name: "Hello", Title: "Hello", Version: "hello"}
	if err := app.GenerateStaticWebsite(os.Args[1], h); err != nil {
		log.Fatal(err)
	}
}
