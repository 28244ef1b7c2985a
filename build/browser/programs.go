package browser

import (
	"os"
	"path/filepath"
)

// The programs outside Go that some browser tests run, where Debian puts
// them. The test command (build/test.go) looks for the same paths before
// it starts the tests, and installs what is missing.
const (
	// NginxBinary runs the README's nginx snippet in TestHostingNginx.
	NginxBinary = "/usr/sbin/nginx"
	// NginxBrotliModule serves the precompressed .br files the snippet's
	// brotli_static line asks for (libnginx-mod-http-brotli-static).
	NginxBrotliModule = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so"
)

// AxeVersion is the axe-core release the accessibility tests run. axe-core
// is MPL-2.0: it is not kept in the repository but fetched from the npm
// registry with `npm pack` the first time the tests run, into AxeCacheFile
// (or read from AXE_JS, a path to axe.min.js).
const AxeVersion = "4.14.1"

// AxeCacheFile is where the tests keep axe.min.js once npm has fetched it.
func AxeCacheFile() string {
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	return filepath.Join(cache, "at4x", "axe-core-"+AxeVersion, "axe.min.js")
}
