// Package contentdata gives the app its content.Library. Natively (the
// site generator, tests) it renders the Markdown with package docs; in the
// WebAssembly client it decodes library.bin, which the site build writes
// from the same Library before compiling the wasm, so goldmark and the
// Markdown stay out of the client.
package contentdata

// File is the name of the file the wasm embeds, in this directory.
const File = "library.bin"
