//go:build !unix

package search

import "time"

var started = time.Now()

// cpuTime is the time since the tests started, where the system gives no
// CPU time (js/wasm).
func cpuTime() time.Duration { return time.Since(started) }
