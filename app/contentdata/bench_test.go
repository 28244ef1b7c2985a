package contentdata

import "testing"

// BenchmarkRestoreBlocks times rebuilding the search blocks of one text,
// which the client does before it indexes the text.
func BenchmarkRestoreBlocks(b *testing.B) {
	lib, err := Load()
	if err != nil {
		b.Skipf("content does not load: %v", err)
	}
	stripped := Encode(Strip(lib))
	for b.Loop() {
		back, err := Decode(stripped)
		if err != nil {
			b.Fatal(err)
		}
		RestoreBlocks(back, "at43", "en")
	}
}

// BenchmarkDecode times decoding the embedded library, which the client
// does at every start.
func BenchmarkDecode(b *testing.B) {
	lib, err := Load()
	if err != nil {
		b.Skipf("content does not load: %v", err)
	}
	stripped := Encode(Strip(lib))
	for b.Loop() {
		if _, err := Decode(stripped); err != nil {
			b.Fatal(err)
		}
	}
}
