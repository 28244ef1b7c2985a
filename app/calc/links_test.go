package calc

import (
	"testing"

	"github.com/at4x/companion/i18n"
)

func TestEveryCalculatorSaysWhatItAnswers(t *testing.T) {
	for _, sp := range allSpecs() {
		t.Run(sp.name, func(t *testing.T) {
			k, ok := questions[sp.name]
			if !ok {
				t.Fatalf("calculator %s has no line on the home page (questions)", sp.name)
			}
			for _, lang := range i18n.Langs {
				if i18n.T(lang, k) == "" {
					t.Errorf("calculator %s has no %s line", sp.name, lang)
				}
			}
		})
	}
}

// TestTitleInEachGamesWords: a calculator takes the name its game's books
// give it, and the shared name where no game is chosen.
func TestTitleInEachGamesWords(t *testing.T) {
	tests := []struct {
		lang, game, name, want string
	}{
		{"fr", "at43", "melee", "Corps à corps"},
		{"fr", "at44", "melee", "Mêlée"},
		{"fr", "", "melee", "Corps à corps"},
		{"en", "at44", "melee", "Close combat"},
		{"fr", "at44", "shoot", Title("shoot", "fr", "at43")},
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+tt.game+"/"+tt.name, func(t *testing.T) {
			if got := Title(tt.name, tt.lang, tt.game); got != tt.want {
				t.Errorf("Title(%q, %q, %q) = %q, want %q", tt.name, tt.lang, tt.game, got, tt.want)
			}
		})
	}
}
