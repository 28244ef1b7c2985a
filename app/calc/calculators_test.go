package calc

import (
	"encoding/json"
	"net/url"
	"testing"
)

func TestEvaluateKeepsGoodValuesPastABadOne(t *testing.T) {
	spec := specFor("shoot")
	v, _ := url.ParseQuery("game=at43&n=abc&acc=6&range=2&cover=sideways")
	s := evaluate(spec, v)
	if s.err != nil {
		t.Fatalf("evaluate failed as a whole: %v", s.err)
	}
	for _, key := range []string{"n", "cover"} {
		if s.errs[key] == nil {
			t.Errorf("no message for the bad %s; errors %v", key, s.errs)
		}
	}
	if s.shown.Get("acc") != "6" || s.shown.Get("range") != "2" {
		t.Errorf("good values lost: %v", s.shown)
	}
	var res map[string]any
	if err := json.Unmarshal(s.resultJSON(), &res); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"hits", "impacts", "casualties"} {
		if _, ok := res[k]; !ok {
			t.Errorf("result JSON lacks %q", k)
		}
	}
}

func TestEverySpecRunsOnItsDefaults(t *testing.T) {
	for _, spec := range allSpecs() {
		v := url.Values{"game": {spec.games[0]}}
		s := evaluate(spec, v)
		if s.err != nil || len(s.errs) > 0 {
			t.Errorf("%s on defaults: %v %v", spec.name, s.err, s.errs)
			continue
		}
		for _, f := range spec.fields {
			if f.show.holds(s.shown) && f.valueIn(s.shown) == "" && f.kind != kindToggle && !f.optional {
				t.Errorf("%s: the engine's query has no %q for the field", spec.name, f.key)
			}
		}
		if h := headline("fr", s.out, firstThreshold(s.out)); h == "" {
			t.Errorf("%s has no headline", spec.name)
		}
	}
}
