//go:build !wasm

package contentdata

import (
	"github.com/at4x/companion/docs"
	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/docs/refcard"
)

// Load renders the library from the embedded Markdown and adds each game's
// reference card to its pages (package refcard), which the client then
// finds in the library file ready to show.
func Load() (*content.Library, error) {
	lib, err := docs.Load()
	if err != nil {
		return nil, err
	}
	refcard.AddTo(lib)
	return lib, nil
}
