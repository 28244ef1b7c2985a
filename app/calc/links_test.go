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
