package browser

import (
	"net/http"
	"sync"
)

// Counter wraps a handler and counts the body bytes it sends, in total and
// per path: what a first visit moves over the network, as the host sees it.
type Counter struct {
	Handler http.Handler

	mu     sync.Mutex
	total  int64
	bodies map[string]int // responses with a body, per path
}

func (c *Counter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	cw := &countingWriter{ResponseWriter: w}
	c.Handler.ServeHTTP(cw, r)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total += cw.n
	if cw.n > 0 {
		if c.bodies == nil {
			c.bodies = map[string]int{}
		}
		c.bodies[r.URL.Path]++
	}
}

// Bytes is how many body bytes the handler has sent.
func (c *Counter) Bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.total
}

// Bodies is how many responses with a body the handler sent for path.
func (c *Counter) Bodies(path string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bodies[path]
}

type countingWriter struct {
	http.ResponseWriter
	n int64
}

func (w *countingWriter) Write(b []byte) (int, error) {
	n, err := w.ResponseWriter.Write(b)
	w.n += int64(n)
	return n, err
}
