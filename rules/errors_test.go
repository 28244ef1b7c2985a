package rules

import (
	"errors"
	"net/url"
	"strings"
	"testing"
)

// parsers holds every calculator's Parse function, by route name.
var parsers = map[string]func(url.Values) error{
	"shoot":     func(v url.Values) error { _, err := ParseShoot(v); return err },
	"melee":     func(v url.Values) error { _, err := ParseMelee(v); return err },
	"salvos":    func(v url.Values) error { _, err := ParseSalvos(v); return err },
	"indirect":  func(v url.Values) error { _, err := ParseIndirect(v); return err },
	"morale":    func(v url.Values) error { _, err := ParseMorale(v); return err },
	"authority": func(v url.Values) error { _, err := ParseAuthority(v); return err },
	"crush":     func(v url.Values) error { _, err := ParseCrush(v); return err },
	"minefield": func(v url.Values) error { _, err := ParseMinefield(v); return err },
	"terrain":   func(v url.Values) error { _, err := ParseTerrain(v); return err },
	"d10attack": func(v url.Values) error { _, err := ParseD10Attack(v); return err },
	"d10morale": func(v url.Values) error { _, err := ParseD10Morale(v); return err },
	"d10veh":    func(v url.Values) error { _, err := ParseD10Vehicle(v); return err },
}

// TestErrorsAlwaysHelp checks each finding of the reliability audit: every
// refused value is a *FieldError whose key opens the message, whose reason
// is one of the sentinels, and which says what is allowed.
func TestErrorsAlwaysHelp(t *testing.T) {
	huge := strings.Repeat("9", 40)
	long := strings.Repeat("x", 5000)
	tests := []struct {
		name, calc, query string
		key               string
		kind              error
		says              string
	}{
		{"huge number", "shoot", "n=" + huge, "n", ErrRange, "too large: allowed 0-100"},
		{"huge negative", "shoot", "n=-" + huge, "n", ErrRange, "too small: allowed 0-100"},
		{"huge in list", "shoot", "target=veh&weapons=1," + huge, "weapons", ErrRange, "too large: allowed 0-60"},
		{"empty item", "shoot", "target=veh&weapons=1,,2", "weapons", ErrSyntax, "item 2 is empty"},
		{"bad item", "shoot", "target=veh&weapons=1,x", "weapons", ErrSyntax, `"x" is not a whole number (item 2)`},
		{"long value", "shoot", "n=" + long, "n", ErrSyntax, "is not a whole number"},
		{"long game", "shoot", "game=" + long, "game", ErrChoice, "allowed at43, at44"},
		{"range and cm", "shoot", "range=3&cm=20", "cm", ErrBothRanges, "give one of them"},
		{"range and cm, indirect", "indirect", "range=3&cm=20", "cm", ErrBothRanges, "give one of them"},
		{"range and cm, salvo", "salvos", "s1.range=3&s1.cm=20", "s1.cm", ErrBothRanges, "give one of them"},
		{"terrain at43", "terrain", "game=at43&structure=wall", "game", ErrChoice, "no terrain calculator"},
		{"terrain structure", "terrain", "structure=" + long, "structure", ErrChoice, "allowed 1-30 or"},
		{"mor en dash", "morale", "mor=–", "mor", ErrSyntax, `"-" (a plain hyphen) for Nerves of steel`},
		{"mor minus sign", "morale", "mor=−", "mor", ErrSyntax, "Nerves of steel"},
		{"mor too high", "morale", "mor=31", "mor", ErrRange, `allowed 0-30, or "-" for Nerves of steel`},
		{"salvo leading zero", "salvos", "s01.n=3", "s01.n", ErrUnknownKey, "no leading zero"},
		{"salvo eleven", "salvos", "s11.n=3", "s11.n", ErrUnknownKey, "numbered s1 to s10"},
		{"salvo bogus key", "salvos", "s1.bogus=3", "s1.bogus", ErrUnknownKey, "allowed n, rate"},
		{"salvo gap", "salvos", "s1.n=2&s3.n=2", "s3", ErrRange, "s2 is missing"},
		{"minefield vehicles", "minefield", "target=veh&n=11", "n", ErrRange, "allowed 1-10"},
		{"d10 game", "d10attack", "game=" + long, "game", ErrChoice, "allowed d10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := url.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			err = parsers[tt.calc](v)
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *FieldError", err)
			}
			msg := fe.Error()
			switch {
			case fe.Key != tt.key:
				t.Errorf("key %q, want %q (%s)", fe.Key, tt.key, msg)
			case !errors.Is(err, tt.kind):
				t.Errorf("%s: not %v", msg, tt.kind)
			case !strings.HasPrefix(msg, tt.key+": "):
				t.Errorf("%s: does not start with its key", msg)
			case !strings.Contains(msg, tt.says):
				t.Errorf("%s: does not say %q", msg, tt.says)
			case strings.Contains(msg, strings.Repeat("x", maxEcho+1)) || strings.Contains(msg, strings.Repeat("9", maxEcho+1)):
				t.Errorf("message echoes more than %d characters of the input: %.80s...", maxEcho, msg)
			}
		})
	}
}

// TestEveryBadValueInOnePass checks that a Parse reports every bad value,
// each under its own key, rather than the first only.
func TestEveryBadValueInOnePass(t *testing.T) {
	v, _ := url.ParseQuery("n=two&rate=0&acc=31&target=veh&frame=99&s1.n=1")
	_, err := ParseShoot(v)
	var list FieldErrors
	if !errors.As(err, &list) {
		t.Fatalf("error %v is not a FieldErrors", err)
	}
	var keys []string
	for _, fe := range list {
		keys = append(keys, fe.Key)
	}
	if got := strings.Join(keys, ","); got != "n,rate,acc,frame" {
		t.Errorf("keys %s, want n,rate,acc,frame (%v)", got, err)
	}
	if !errors.Is(err, ErrSyntax) || !errors.Is(err, ErrRange) {
		t.Errorf("%v: want both ErrSyntax and ErrRange among its reasons", err)
	}
	v, _ = url.ParseQuery("s1.n=two&s2.rate=99&size=0")
	_, err = ParseSalvos(v)
	for _, key := range []string{"size: ", "s1.n: ", "s2.rate: "} {
		if err == nil || !strings.Contains(err.Error(), key) {
			t.Errorf("salvos: error %v does not name %s", err, key)
		}
	}
}

// TestParseLink checks that a bad percent-escape is reported under its key
// and the other values still read.
func TestParseLink(t *testing.T) {
	v, err := ParseLink("n=%zz&rate=2&%zzkey=1&&acc=%41")
	var list FieldErrors
	if !errors.As(err, &list) || len(list) != 2 {
		t.Fatalf("error %v, want two FieldErrors", err)
	}
	if list[0].Key != "n" || !errors.Is(list[0], ErrSyntax) || !strings.Contains(list[0].Error(), "percent-escape") {
		t.Errorf("first error %v, want n's bad percent-escape", list[0])
	}
	if v.Get("rate") != "2" || v.Get("acc") != "A" || v.Has("n") {
		t.Errorf("values %v: want rate=2, acc=A and no n", v)
	}
	if v, err := ParseLink("n=3&cover=take+cover"); err != nil || v.Get("cover") != "take cover" {
		t.Errorf("good link: %v, %v", v, err)
	}
}

// TestEveryStepKindIsListed checks that the steps of a spread of links use
// only the kinds StepKinds lists, and that the list holds no duplicate.
func TestEveryStepKindIsListed(t *testing.T) {
	known := map[StepKind]bool{}
	for _, k := range StepKinds() {
		if known[k] {
			t.Errorf("%q listed twice", k)
		}
		known[k] = true
	}
	check := func(name string, steps []Step) {
		for _, st := range steps {
			if !known[st.Kind] {
				t.Errorf("%s: step kind %q is not in StepKinds", name, st.Kind)
			}
		}
	}
	for _, g := range Games() {
		sh, _ := Shoot(ShootInput{Game: g.ID, Attack: defaultAttack(), CM: new(25), Cover: CoverNormal})
		check("shoot", sh.Explain)
		a := defaultAttack()
		a.Target, a.Rerolls, a.DamageReroll = TargetVehicle, 1, true
		me, _ := Melee(MeleeInput{Game: g.ID, Attack: a, Defense: 3})
		check("melee", me.Explain)
		mo, _ := Morale(MoraleInput{Game: g.ID, Morale: 5, Rank: 1, Objective: true, Earlier: 1, Activations: 1})
		check("morale", mo.Explain)
		au, _ := Authority(AuthorityInput{Game: g.ID, A: 3, B: 2, AWager: 1})
		check("authority", au.Explain)
		cr, _ := Crush(CrushInput{Game: g.ID, Free: 2, Engaged: 2})
		check("crush", cr.Explain)
	}
	sa, _ := Salvos(SalvosInput{Game: "at43", Size: 6, Type: 1, Protection: 5, Salvos: []Salvo{DefaultSalvo()}})
	check("salvos", sa.Explain)
	for _, q := range []string{"game=at44&target=veh&lock=4&jammer=5&sniper=1&dmgrr=1", "game=at44&target=veh&s1.jammer=3&s2.sniper=1",
		"game=at43&fixed=4&vehicles=2&dmgrr=1"} {
		v, _ := url.ParseQuery(q)
		if in, err := ParseShoot(v); err == nil {
			res, _ := Shoot(in)
			check(q, res.Explain)
		}
		if in, err := ParseSalvos(v); err == nil {
			res, _ := Salvos(in)
			check(q, res.Explain)
		}
		if in, err := ParseIndirect(v); err == nil {
			res, _ := Indirect(in)
			check(q, res.Explain)
		}
	}
	for _, q := range []string{"game=d10&aimed=1&lightcover=1&large=1&frommelee=1&reserved=1&indirect=1&mod=2&intomelee=1&knock=1",
		"game=d10&mode=melee&charge=1&paralysed=1&dodge=1&defcr=3", "game=d10&mode=melee&parry=1&worse=1"} {
		v, _ := url.ParseQuery(q)
		in, err := ParseD10Attack(v)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		res, _ := D10Attack(in)
		check(q, res.Explain)
	}
	dm, _ := D10Morale(D10MoraleInput{Game: "d10", COU: 5})
	check("d10morale", dm.Explain)
	dv, _ := D10Vehicle(D10VehicleInput{Game: "d10", Points: 3})
	check("d10vehicle", dv.Explain)
}

// FuzzErrors checks, for any link, that every refused value is a
// *FieldError whose message starts with its key, has one of the sentinel
// reasons, and stays short however long the input.
func FuzzErrors(f *testing.F) {
	for _, s := range []string{"n=%zz", "weapons=1,,2&target=veh", "mor=–", "s01.n=3&s1.bogus=1",
		"game=at43&structure=x", "n=" + strings.Repeat("9", 50), "range=1&cm=2", "target=veh&n=11&cards=0"} {
		f.Add(s)
	}
	reasons := []error{ErrSyntax, ErrRange, ErrChoice, ErrBothRanges, ErrConflict, ErrUnknownKey}
	f.Fuzz(func(t *testing.T, query string) {
		v, err := ParseLink(query)
		errs := []error{err}
		for _, parse := range parsers {
			errs = append(errs, parse(v))
		}
		for _, err := range errs {
			if err == nil {
				continue
			}
			var list FieldErrors
			var one *FieldError
			switch {
			case errors.As(err, &list):
			case errors.As(err, &one):
				list = FieldErrors{one}
			default:
				t.Fatalf("error %v is not a FieldError", err)
			}
			for _, fe := range list {
				msg := fe.Error()
				known := false
				for _, r := range reasons {
					known = known || errors.Is(fe, r)
				}
				switch {
				case fe.Key == "" || !strings.HasPrefix(msg, fe.Key+": "):
					t.Fatalf("%q does not start with its key %q", msg, fe.Key)
				case !known:
					t.Fatalf("%q has no sentinel reason", msg)
				case len([]rune(msg)) > 400:
					t.Fatalf("%d characters: %.100s...", len([]rune(msg)), msg)
				}
			}
		}
	})
}
