//go:build !wasm

package contentdata

import (
	"github.com/at4x/companion/docs"
	"github.com/at4x/companion/docs/content"
)

// Load renders the library from the embedded Markdown.
func Load() (*content.Library, error) {
	return docs.Load()
}
