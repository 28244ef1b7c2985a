package main

import (
	"flag"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"

	"github.com/at4x/companion/build/browser"
)

// serve builds the site and serves it locally as a careful static host does
// (see browser.FileServer): /x is x.html, precompressed files, _headers,
// 404.html.
func serve(args []string) error {
	flags := flag.NewFlagSet("serve", flag.ExitOnError)
	addr := flags.String("addr", "localhost:8000", "address to listen on")
	out := flags.String("out", filepath.Join("build", "site"), "where to build the site")
	base := flags.String("base", "/", "path to serve the site under, like /at43/")
	flags.Parse(args)
	if err := buildSite(*out, *base); err != nil {
		return err
	}
	prefix := strings.TrimRight("/"+strings.Trim(*base, "/"), "/")
	fmt.Printf("serve: %s on http://%s%s/ (Ctrl-C stops)\n", *out, *addr, prefix)
	return http.ListenAndServe(*addr, browser.NewHost(*out, browser.HostOptions{Base: prefix}))
}

// siteHandler serves a built site as a static host would.
func siteHandler(dir string) http.Handler {
	return browser.FileServer(dir)
}
