package main

import (
	"bytes"
	"testing"
)

// The parts a flushStream measures add up to the stream, less its end.
func TestFlushStream(t *testing.T) {
	s := newFlushStream()
	parts := [][]byte{bytes.Repeat([]byte("abc"), 1000), []byte("a few other bytes"), bytes.Repeat([]byte{0}, 5000)}
	sum := 0
	for _, p := range parts {
		s.write(p)
		n := s.flush()
		if n <= 0 || n > len(p)+16 {
			t.Errorf("a part of %d bytes took %d", len(p), n)
		}
		sum += n
	}
	total, err := s.close()
	if err != nil {
		t.Fatal(err)
	}
	if total < sum || total > sum+8 {
		t.Errorf("the parts take %d bytes, the stream %d", sum, total)
	}
}
