package rules

import (
	"errors"
	"net/url"
	"testing"
)

// TestNotApplicable checks each key the third audit found taken silently
// where it does not apply (round3-engine.md, point 6), and the abilities a
// game lacks: given a value that would matter, it is refused with a
// NotApplicable (errors.Is: ErrNotApplicable and ErrConflict) naming the
// quiet value; given that value, the key's default, the link is only
// redundant and is taken as if the key were left out.
func TestNotApplicable(t *testing.T) {
	tests := []struct {
		name, calc, link string
		key, quiet, says string
		redundant        string // the same link with the key's default
	}{
		{"rank in AT-43 morale", "morale", "game=at43&rank=2", "rank", "0",
			`rank: "at43" adds no officer's rank to Morale: allowed 0`, "game=at43&rank=0"},
		{"objective in AT-43 morale", "morale", "game=at43&obj=1", "obj", "0",
			`obj: "at43" gives no Morale bonus for an objective: allowed 0`, "game=at43&obj=0"},
		{"earlier tests in AT-43 morale", "morale", "game=at43&extra=3", "extra", "0",
			`extra: "at43" takes nothing off Morale for earlier tests: allowed 0`, "game=at43&extra=0"},
		{"rank past AT-44's in AT-43", "morale", "game=at43&rank=9", "rank", "0",
			`rank: "at43" adds no officer's rank to Morale: allowed 0`, ""},
		{"size at vehicles", "shoot", "target=veh&size=8", "size", "6",
			"size: applies to infantry only: allowed with target=inf, or left out", "target=veh&size=6"},
		{"type at vehicles", "melee", "target=veh&type=3", "type", "1",
			"type: applies to infantry only: allowed with target=inf, or left out", "target=veh&type=1"},
		{"size in salvos at vehicles", "salvos", "target=veh&size=3", "size", "6",
			"size: applies to infantry only: allowed with target=inf, or left out", "target=veh&size=6"},
		{"type in a minefield at vehicles", "minefield", "target=veh&type=2", "type", "1",
			"type: applies to infantry only: allowed with target=inf, or left out", "target=veh&type=1"},
		{"frame at infantry", "shoot", "target=inf&frame=9", "frame", "6",
			"frame: applies to vehicles only: allowed with target=veh, or left out", "target=inf&frame=6"},
		{"prop at infantry", "melee", "prop=0", "prop", "3",
			"prop: applies to vehicles only: allowed with target=veh, or left out", "prop=3"},
		{"weapons at infantry", "salvos", "weapons=2,2", "weapons", "3",
			"weapons: applies to vehicles only: allowed with target=veh, or left out", "weapons=3"},
		{"no weapons at infantry", "shoot", "weapons=", "weapons", "3",
			"weapons: applies to vehicles only: allowed with target=veh, or left out", "weapons=3"},
		{"vehicles at infantry", "shoot", "vehicles=3", "vehicles", "1",
			"vehicles: applies to vehicles only: allowed with target=veh, or left out", "vehicles=1"},
		{"pick in salvos at infantry", "salvos", "pick=disarm", "pick", "wreck",
			"pick: applies to vehicles only: allowed with target=veh, or left out", "pick=wreck"},
		{"frame in a minefield at infantry", "minefield", "frame=2", "frame", "6",
			"frame: applies to vehicles only: allowed with target=veh, or left out", "frame=6"},
		{"frame without vehicles under the template", "indirect", "frame=9", "frame", "6",
			"frame: applies to vehicles under the template only: allowed with vehicles 1-10, or left out", "vehicles=0&frame=6"},
		{"weapons without vehicles under the template", "indirect", "vehicles=0&weapons=1", "weapons", "3",
			"weapons: applies to vehicles under the template only: allowed with vehicles 1-10, or left out", "weapons=3"},
		{"pick without vehicles under the template", "indirect", "pick=disarm", "pick", "wreck",
			"pick: applies to vehicles under the template only: allowed with vehicles 1-10, or left out", "pick=wreck"},
		{"vprot without vehicles under the template", "indirect", "vprot=12", "vprot", "10",
			"vprot: applies to vehicles under the template only: allowed with vehicles 1-10, or left out", "vprot=10"},
		{"Detection in AT-43", "shoot", "game=at43&det=1", "det", "0",
			`det: "at43" has no Detection ability: allowed 0`, "game=at43&det=0"},
		{"Jammer in an AT-43 salvo", "salvos", "game=at43&target=veh&s1.jammer=3", "s1.jammer", "0",
			`s1.jammer: "at43" has no Jammer: allowed 0`, "game=at43&target=veh&s1.jammer=0"},
		{"artillery strike in AT-44", "indirect", "game=at44&fixed=3", "fixed", "0",
			`fixed: "at44" has no artillery strikes: allowed 0`, "game=at44&fixed=0"},
		{"picker at infantry", "shoot", "picker=defender", "picker", "attacker",
			"picker: applies to vehicles only: allowed with target=veh", "picker=attacker"},
		{"d10 close-combat modifier at range", "d10attack", "mode=ranged&charge=1", "charge", "0",
			"charge: applies to mode=melee only: allowed 0 with mode=ranged", "mode=ranged&charge=0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs := refusals(t, tt.calc, tt.link)
			if len(errs) != 1 {
				t.Fatalf("%s?%s: %d refusals (%v), want one", tt.calc, tt.link, len(errs), errs)
			}
			var na *NotApplicable
			switch fe := errs[0]; {
			case fe.Key != tt.key || fe.Error() != tt.says:
				t.Errorf("says %q, want %q", fe, tt.says)
			case !errors.Is(fe, ErrNotApplicable) || !errors.Is(fe, ErrConflict):
				t.Errorf("%q is not ErrNotApplicable and ErrConflict", fe)
			case !errors.As(fe, &na) || na.Quiet != tt.quiet:
				t.Errorf("%q: quiet value %+v, want %q", fe, na, tt.quiet)
			}
			if tt.redundant == "" {
				return
			}
			if errs := refusals(t, tt.calc, tt.redundant); len(errs) > 0 {
				t.Errorf("%s?%s, only redundant: refused: %v", tt.calc, tt.redundant, errs)
			}
		})
	}
}

// TestLinkKeys checks the keys a share link carries for the page: taken
// once each, lang only as a language of the notes.
func TestLinkKeys(t *testing.T) {
	tests := []struct {
		name, link string
		kind       error
		says       string
	}{
		{"lang", "lang=fr", nil, ""},
		{"every link key", "lang=en&atleast=2&whatif=acc&compare=1&bar=1.2", nil, ""},
		{"lang twice", "lang=en&lang=fr", ErrRepeated, "lang: given 2 times: allowed once"},
		{"atleast twice", "atleast=2&atleast=3", ErrRepeated, "atleast: given 2 times: allowed once"},
		{"unknown lang", "lang=de", ErrChoice, `lang: "de" is not allowed: allowed en, fr`},
		{"hostile lang", `lang="><img src=x onerror=alert(1)>`, ErrChoice,
			`lang: "\"><img src=x onerror=alert(1)>" is not allowed: allowed en, fr`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for calc, parse := range parsers {
				v, err := url.ParseQuery(tt.link)
				if err != nil {
					t.Fatal(err)
				}
				if calc == "d10attack" || calc == "d10morale" || calc == "d10veh" {
					v.Set("game", "d10")
				}
				err = parse(v)
				if tt.kind == nil {
					if err != nil {
						t.Errorf("%s: %v", calc, err)
					}
					continue
				}
				var fe *FieldError
				if !errors.As(err, &fe) || !errors.Is(err, tt.kind) || fe.Error() != tt.says {
					t.Errorf("%s: %v, want %q", calc, err, tt.says)
				}
			}
		})
	}
}
