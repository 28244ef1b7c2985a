package contentdata

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/at4x/companion/docs/content"
)

// small is a library with a value in every field the codec writes.
func small() *content.Library {
	return &content.Library{
		Texts: []*content.Text{{Game: "at43", Lang: "fr", Chapters: []*content.Chapter{{
			ID: "tir", Title: "Tir", Sections: []*content.Section{{
				ID: "cover", Title: "Couvert", Source: "Livre, p. 12", HTML: "<p>Été: 10 dés</p>",
				Headings: []content.Heading{{ID: "a", Title: "À couvert"}},
				Aliases:  []string{"abri"},
				Blocks:   []content.Block{{Anchor: "a", Text: "Été: 10 dés"}},
			}},
		}}}},
		Pages: []*content.Page{{ID: "about", Lang: "en", Title: "About", HTML: "<p>x</p>"}},
		Terms: []*content.Term{{
			ID: "cover", Games: []string{"at43", "at44"},
			Names:    map[string]map[string]string{"en": {"at43": "cover"}, "fr": {"at43": "couvert"}},
			Abbr:     map[string]map[string]string{"fr": {"at43": "PC"}},
			Aliases:  map[string][]string{"en": {"shelter", "hiding"}},
			Def:      map[string]string{"en": "Something between.", "fr": "Un obstacle."},
			Sections: []string{"cover"},
		}},
	}
}

func TestCodecRoundTrip(t *testing.T) {
	lib := small()
	b := Encode(lib)
	if !utf8.Valid(b) {
		t.Errorf("the encoded library is not UTF-8 text:\n%q", b)
	}
	back, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, lib) {
		t.Errorf("decoded library differs:\ngot  %#v\nwant %#v", back, lib)
	}
}

func TestDecodeRefuses(t *testing.T) {
	good := string(Encode(small()))
	for _, tc := range []struct {
		name, data, want string
	}{
		{"empty", "", "does not start with"},
		{"older format", "at4x-library-3\n\x01", "does not start with"},
		{"cut", good[:len(good)-3], "ends in the middle"},
		{"left over", good + "x", "left over"},
		{"length not digits", magic + "1x:", "not digits"},
		{"length past the end", magic + "999:", "ends in the middle"},
		{"length too long", magic + "12345678901:", "not digits"},
		{"no length", magic + ":", "not digits"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode([]byte(tc.data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Decode(%q) = %v, want an error saying %q", tc.data, err, tc.want)
			}
		})
	}
}

// TestLibraryIsText checks the real library encodes as UTF-8 text, which
// hosts serve compressed as text/plain.
func TestLibraryIsText(t *testing.T) {
	lib, err := Load()
	if err != nil {
		t.Skipf("content does not load: %v", err)
	}
	b := Encode(Strip(lib))
	if !utf8.Valid(b) {
		t.Error("the encoded library is not UTF-8")
	}
	back, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, Strip(lib)) {
		t.Error("the real library does not survive Encode and Decode")
	}
}
