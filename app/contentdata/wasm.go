//go:build wasm

package contentdata

import (
	_ "embed"

	"github.com/at4x/companion/docs/content"
)

//go:embed library.bin
var library []byte

// Load decodes the library the site build embedded. Its search blocks
// are left out until RestoreBlocks.
func Load() (*content.Library, error) {
	return Decode(library)
}
