package ui

import "testing"

func TestStoragePrefix(t *testing.T) {
	for _, tt := range []struct{ base, want string }{{"", "at4x:/:"}, {"/", "at4x:/:"}, {"/sub", "at4x:/sub/:"}, {"/sub/", "at4x:/sub/:"}} {
		if got := StoragePrefix(tt.base); got != tt.want {
			t.Errorf("StoragePrefix(%q) = %q, want %q", tt.base, got, tt.want)
		}
	}
}
