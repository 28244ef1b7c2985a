package main

import (
	"net/http"
	"sync"
	"time"
)

// A link is the network between the browser and the test server under the
// mobile profile, made at the server: every response waits the latency
// before its first byte, and the bodies of all responses share the
// downlink's bandwidth, as a page's and its service worker's requests
// share a phone's connection.
//
// Chromium's network emulation (Network.emulateNetworkConditions) throttles
// only the target it is set on, the page: the service worker, which
// precaches the wasm as soon as it is installed, downloaded at full speed,
// and Chromium lets a second request for a URL read the first one's
// transaction, so the page's wasm came at the speed of whichever request
// started first. The hello world's first visit was interactive at 3.0 s in
// one run of three and at 9.3 s in the others, with the full wasm sent once
// and nothing from a cache. Made at the server, the throttle holds for
// every request.
type link struct {
	latency time.Duration
	rate    float64 // bytes a second, shared by all responses

	mu   sync.Mutex
	free time.Time // when the downlink will have sent all it was given
}

// linkChunk is the most a response sends in one turn, so that concurrent
// responses share the downlink in turns of 40 ms or so at 1.6 Mbit/s.
const linkChunk = 8 << 10

func newMobileLink() *link {
	return &link{latency: latencyMS * time.Millisecond, rate: downBytes}
}

// handler serves h through the link.
func (l *link) handler(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(l.latency)
		h.ServeHTTP(&linkWriter{ResponseWriter: w, link: l}, r)
	})
}

// send waits until the downlink has carried n more bytes after what it
// already carries.
func (l *link) send(n int) {
	l.mu.Lock()
	start := time.Now()
	if l.free.After(start) {
		start = l.free
	}
	l.free = start.Add(time.Duration(float64(n) / l.rate * float64(time.Second)))
	done := l.free
	l.mu.Unlock()
	time.Sleep(time.Until(done))
}

type linkWriter struct {
	http.ResponseWriter
	link *link
}

func (w *linkWriter) Write(b []byte) (int, error) {
	sent := 0
	for len(b) > 0 {
		chunk := b[:min(len(b), linkChunk)]
		w.link.send(len(chunk))
		n, err := w.ResponseWriter.Write(chunk)
		sent += n
		if err != nil {
			return sent, err
		}
		if f, ok := w.ResponseWriter.(http.Flusher); ok {
			f.Flush()
		}
		b = b[len(chunk):]
	}
	return sent, nil
}
