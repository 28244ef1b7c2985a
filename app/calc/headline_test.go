package calc

import (
	"net/url"
	"strings"
	"testing"
)

func TestHeadline(t *testing.T) {
	spec := specFor("shoot")
	v, _ := url.ParseQuery("game=at43&n=10&rate=1&acc=6&range=0&pen=10&prot=2&size=10")
	s := evaluate(spec, v)
	h := headline("fr", s.out, 2)
	if !strings.Contains(h, "\u202f%") || !strings.Contains(h, "pertes") {
		t.Errorf("French headline %q lacks French percent or noun", h)
	}
	if h := headline("en", s.out, 2); !strings.HasPrefix(h, "Expect ") || !strings.Contains(h, "casualties") {
		t.Errorf("English headline %q", h)
	}
}
