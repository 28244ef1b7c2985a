package main

import (
	"flag"
	"fmt"
	"net/http"
	"path/filepath"

	"github.com/at4x/companion/build/browser"
)

// serve builds the site and serves it locally.
func serve(args []string) error {
	flags := flag.NewFlagSet("serve", flag.ExitOnError)
	addr := flags.String("addr", "localhost:8000", "address to listen on")
	out := flags.String("out", filepath.Join("build", "site"), "where to build the site")
	flags.Parse(args)
	if err := buildSite(*out, "/"); err != nil {
		return err
	}
	fmt.Printf("serve: %s on http://%s/ (Ctrl-C stops)\n", *out, *addr)
	return http.ListenAndServe(*addr, siteHandler(*out))
}

// siteHandler serves a built site as a static host would.
func siteHandler(dir string) http.Handler {
	return browser.FileServer(dir)
}
