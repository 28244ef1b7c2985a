package app

import (
	"net/url"
	"testing"
)

// TestReaderLang: the path's language first, then the reader's choice,
// then the browser's preferred languages, then the link's lang.
func TestReaderLang(t *testing.T) {
	calc := route{view: viewCalc, calc: "shoot"}
	tests := []struct {
		name    string
		r       route
		query   string
		chosen  string
		browser []string
		want    string
	}{
		{"the path names it", route{view: viewSection, lang: "en", game: "at43", section: "x"}, "lang=fr", "fr", []string{"fr"}, "en"},
		{"the reader's choice beats the link", calc, "lang=en", "fr", []string{"en-US"}, "fr"},
		{"first visit: the browser beats the link", calc, "lang=en", "", []string{"fr-FR", "en"}, "fr"},
		{"the browser's first known language", calc, "lang=fr", "", []string{"de-DE", "en-GB", "fr"}, "en"},
		{"no known browser language: the link", calc, "lang=fr", "", []string{"de", "nl"}, "fr"},
		{"nothing: English", calc, "", "", nil, "en"},
		{"a bad link lang is no language", calc, "lang=xx", "", nil, "en"},
		{"a bad choice is no choice", calc, "lang=fr", "xx", nil, "fr"},
		{"upper case tags", calc, "", "", []string{"FR-ca"}, "fr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, _ := url.ParseQuery(tt.query)
			if got := readerLang(tt.r, q, prefs{Lang: tt.chosen}, tt.browser); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}
