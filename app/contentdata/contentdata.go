// Package contentdata gives the app its content.Library. Natively (the
// site generator, tests) it renders the Markdown with package docs; in the
// WebAssembly client it decodes the library file the site build writes
// from the same Library (web/library-<hash>.txt, in the format of codec.go),
// so goldmark and the Markdown stay out of the client.
//
// The library is a file of its own rather than data in the wasm: the page's
// head script starts fetching it before app.js starts fetching the wasm, so
// both download at once; the browser compiles a wasm 200 KB smaller; and
// the service worker precaches it beside the wasm. Its name carries its
// hash, like the wasm's, and the head script that names it carries its own,
// so a page only ever reads the library of its own version.
package contentdata

// File is the library's path in the site, before the build names it with
// its hash.
const File = "web/library.txt"

// FetchFunc is the name of the function the head script defines on window
// (app/head.js): it returns a promise of the library's bytes, fetching
// them once, and again after a failed fetch.
const FetchFunc = "at4xLibrary"
