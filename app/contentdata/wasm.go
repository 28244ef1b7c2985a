//go:build wasm

package contentdata

import (
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/at4x/companion/docs/content"
)

//go:embed library.json
var libraryJSON []byte

// Load decodes the library the site build embedded and rebuilds the
// blocks the build left out.
func Load() (*content.Library, error) {
	var lib content.Library
	if err := json.Unmarshal(libraryJSON, &lib); err != nil {
		return nil, fmt.Errorf("decoding the embedded %s failed: %w", File, err)
	}
	Restore(&lib)
	return &lib, nil
}
