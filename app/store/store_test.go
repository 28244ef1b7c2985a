package store

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestPrefix(t *testing.T) {
	for _, tt := range []struct{ base, want string }{{"", "at4x:/:"}, {"/", "at4x:/:"}, {"/sub", "at4x:/sub/:"}, {"/sub/", "at4x:/sub/:"}} {
		if got := Prefix(tt.base); got != tt.want {
			t.Errorf("Prefix(%q) = %q, want %q", tt.base, got, tt.want)
		}
	}
}

// TestFields reads stored values back through JSON, as the browser gives
// them: a value of another type reads as the zero value.
func TestFields(t *testing.T) {
	f := Fields{}
	SetNonZero(f, "name", "Fire toads")
	SetNonZero(f, "size", 125)
	SetNonZero(f, "awake", true)
	SetNonZero(f, "unset", "")
	SetNonZero(f, "none", 0)
	if len(f) != 3 {
		t.Errorf("zero values stored: %v", f)
	}
	b, err := json.Marshal(map[string]any{"name": "x", "size": 125.0, "half": 12.5, "awake": true,
		"values": map[string]any{"n": "6", "acc": 4}, "three": 3})
	if err != nil {
		t.Fatal(err)
	}
	var back Fields
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		got, want any
	}{
		{"string", back.String("name"), "x"},
		{"number as string", back.String("three"), ""},
		{"whole number", back.Int("size"), 125},
		{"number not whole", back.Int("half"), 0},
		{"string as number", back.Int("name"), 0},
		{"boolean", back.Bool("awake"), true},
		{"missing boolean", back.Bool("asleep"), false},
		{"object of strings", back.Strings("values"), map[string]string{"n": "6"}},
		{"not an object", back.Strings("name"), map[string]string(nil)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !reflect.DeepEqual(tt.got, tt.want) {
				t.Errorf("read %#v, want %#v", tt.got, tt.want)
			}
		})
	}
}
