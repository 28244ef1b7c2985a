package rules

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
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
		{"huge in list", "shoot", "target=veh&weapons=1," + huge, "weapons", ErrRange, "item 2: the number is too large: allowed at most 6 whole numbers 0-60"},
		{"empty item", "shoot", "target=veh&weapons=1,,2", "weapons", ErrSyntax, "item 2 is empty: allowed at most 6 whole numbers 0-60"},
		{"bad item", "shoot", "target=veh&weapons=1,x", "weapons", ErrSyntax, `item 2 is "x", not a whole number: allowed at most 6`},
		{"long value", "shoot", "n=" + long, "n", ErrSyntax, "is not a whole number"},
		{"long game", "shoot", "game=" + long, "game", ErrChoice, "allowed at43, at44"},
		{"range and cm", "shoot", "range=3&cm=20", "cm", ErrBothRanges, "allowed one of them"},
		{"range and cm, indirect", "indirect", "range=3&cm=20", "cm", ErrBothRanges, "allowed one of them"},
		{"range and cm, salvo", "salvos", "s1.range=3&s1.cm=20", "s1.cm", ErrBothRanges, "allowed one of them"},
		{"terrain at43", "terrain", "game=at43&structure=wall", "game", ErrChoice, "no terrain calculator"},
		{"terrain structure", "terrain", "structure=" + long, "structure", ErrChoice, "allowed 1-30 or"},
		{"mor en dash", "morale", "mor=–", "mor", ErrSyntax, `"-" (a plain hyphen) for Nerves of steel`},
		{"mor minus sign", "morale", "mor=−", "mor", ErrSyntax, "Nerves of steel"},
		{"mor too high", "morale", "mor=31", "mor", ErrRange, `allowed 0-30, or "-" (a plain hyphen) for Nerves of steel`},
		{"salvo leading zero", "salvos", "s01.n=3", "s01.n", ErrUnknownKey, "s1. to s10. (no leading zero): n, rate"},
		{"salvo eleven", "salvos", "s11.n=3", "s11.n", ErrUnknownKey, "s1. to s10. (no leading zero): n, rate"},
		{"salvo bogus key", "salvos", "s1.bogus=3", "s1.bogus", ErrUnknownKey, "s1. to s10. (no leading zero): n, rate"},
		{"salvo gap", "salvos", "s1.n=2&s3.n=2", "s3", ErrRange, "s2 is missing: allowed"},
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
			case strings.Contains(msg, strings.Repeat("x", MaxEcho+1)) || strings.Contains(msg, strings.Repeat("9", MaxEcho+1)):
				t.Errorf("message echoes more than %d characters of the input: %.80s...", MaxEcho, msg)
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
	// The unknown keys end the reader's refusals, before Validate's.
	if got := strings.Join(keys, ","); got != "n,s1.n,rate,acc,frame" {
		t.Errorf("keys %s, want n,s1.n,rate,acc,frame (%v)", got, err)
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
	v, err := ParseLink("n=%zz&rate=2&%zzkey=1&&=4&acc=%41")
	var list FieldErrors
	if !errors.As(err, &list) || len(list) != 1 {
		t.Fatalf("error %v, want one FieldError", err)
	}
	if list[0].Key != "n" || !errors.Is(list[0], ErrSyntax) || !strings.Contains(list[0].Error(), `"%zz" has a bad percent-escape: allowed %`) {
		t.Errorf("error %v, want n's bad percent-escape, saying what is allowed", list[0])
	}
	// A garbled key is kept as written, for the calculator to refuse with
	// the other keys it does not read; an empty key is no one's.
	if v.Get("rate") != "2" || v.Get("acc") != "A" || v.Has("n") || v.Get("%zzkey") != "1" || v.Has("") {
		t.Errorf("values %v: want rate=2, acc=A, %%zzkey=1 and no n nor empty key", v)
	}
	_, err = ParseShoot(v)
	var unknown *UnknownKeys
	if !errors.As(err, &unknown) || !slices.Equal(unknown.Keys, []string{"%zzkey"}) {
		t.Errorf("shoot: %v, want %%zzkey refused as unknown", err)
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
// reasons, says what is allowed and stays short however long the input;
// and, the link's keys and values each lengthened by 1,000 characters,
// that no message repeats more than 40 of them.
func FuzzErrors(f *testing.F) {
	for _, s := range []string{"n=%zz", "weapons=1,,2&target=veh", "mor=–", "s01.n=3&s1.bogus=1",
		"game=at43&structure=x", "n=" + strings.Repeat("9", 50), "range=1&cm=2", "target=veh&n=11&cards=0",
		"n=2&n=abc", "game=at43&det=1", "S1.n=2&k0=1&__proto__=1", "target=veh&picker=defender", "lock=-" + strings.Repeat("9", 30)} {
		f.Add(s)
	}
	reasons := []error{ErrSyntax, ErrRange, ErrChoice, ErrBothRanges, ErrConflict, ErrUnknownKey, ErrRepeated}
	filler := strings.Repeat("Zq", 500)
	f.Fuzz(func(t *testing.T, query string) {
		var padded []string
		for part := range strings.SplitSeq(query, "&") {
			k, v, _ := strings.Cut(part, "=")
			padded = append(padded, k+filler+"="+v+filler)
		}
		for i, q := range []string{query, strings.Join(padded, "&")} {
			for calc := range parsers {
				for _, fe := range refusals(t, calc, q) {
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
					case !strings.Contains(msg, "allowed"):
						t.Fatalf("%q does not say what is allowed", msg)
					case len([]rune(msg)) > 600:
						t.Fatalf("%d characters: %.100s...", len([]rune(msg)), msg)
					case i == 1 && (strings.Contains(msg, filler[:MaxEcho+1]) || strings.Contains(msg, filler[1:MaxEcho+2])):
						t.Fatalf("%.100s...: repeats more than %d characters of the input", msg, MaxEcho)
					}
				}
			}
		}
	})
}

// keysOf lists the keys calc reads, from the UnknownKeys its Parse gives
// for a key it does not read; a salvo group's keys are listed for s1. and
// s2.
func keysOf(t *testing.T, calc string) []string {
	t.Helper()
	var unknown *UnknownKeys
	if err := parsers[calc](url.Values{"zz": {"1"}}); !errors.As(err, &unknown) {
		t.Fatalf("%s: zz=1 gives %v, want an UnknownKeys", calc, err)
	}
	parts := strings.Split(unknown.allowed, "; after ")
	keys := strings.Split(parts[0], ", ")
	for _, group := range parts[1:] {
		_, sub, _ := strings.Cut(group, ": ")
		for _, k := range strings.Split(sub, ", ") {
			keys = append(keys, "s1."+k, "s2."+k)
		}
	}
	return keys
}

// refusals parses query with calc, through ParseLink as the app does, and
// returns every FieldError of both.
func refusals(t *testing.T, calc, query string) FieldErrors {
	t.Helper()
	v, linkErr := ParseLink(query)
	var all FieldErrors
	for _, err := range []error{linkErr, parsers[calc](v)} {
		if err == nil {
			continue
		}
		var list FieldErrors
		if !errors.As(err, &list) {
			t.Fatalf("%s?%.80s: error %v is not a FieldErrors", calc, query, err)
		}
		all = append(all, list...)
	}
	return all
}

// TestEveryRefusalSaysWhatIsAllowed gives every key of every calculator
// each kind of bad value (no number, an empty list item, a huge number, a
// bad percent-escape, the key twice), alone and beside values that change
// which keys apply (the other target, a bad game, another mode), and
// checks that every refusal says what is allowed.
func TestEveryRefusalSaysWhatIsAllowed(t *testing.T) {
	huge := strings.Repeat("9", 25)
	bad := []string{"x", "1,,2", "1,x", huge, "-" + huge, "1.5", "%zz", "", "2&%[1]s=3"}
	contexts := []string{"", "target=veh", "target=inf", "game=at44", "game=xx", "game=d10", "mode=melee",
		"vehicles=0", "vehicles=2", "cm=5", "range=2", "s2.n=1", "a=99", "ar=9", "dodge=1&defcr=3"}
	for calc := range parsers {
		keys := keysOf(t, calc)
		t.Run(calc, func(t *testing.T) {
			for _, key := range keys {
				for _, ctx := range contexts {
					for _, b := range bad {
						value := b
						if strings.Contains(b, "%[1]s") {
							value = fmt.Sprintf(b, key)
						}
						query := key + "=" + value
						if ctx != "" {
							query = ctx + "&" + query
						}
						for _, fe := range refusals(t, calc, query) {
							if !strings.Contains(fe.Error(), "allowed") {
								t.Errorf("%s: %s: does not say what is allowed", query, fe)
							}
						}
					}
				}
			}
		})
	}
}

// TestHostileLinksGiveShortMessages opens every calculator with the hostile
// links of the reliability audit: 100 KB values and keys, thousands of
// unknown keys, every key repeated. No refusal repeats more than 40
// characters of the input (an ellipsis marks a cut), and all the unknown
// keys make one refusal.
func TestHostileLinksGiveShortMessages(t *testing.T) {
	filler := strings.Repeat("Zq", 50_000) // 100 KB, a pattern no message holds
	echoed := func(msg string) bool {
		return strings.Contains(msg, filler[:MaxEcho+1]) || strings.Contains(msg, filler[1:MaxEcho+2])
	}
	var many []string
	for i := range 2000 {
		many = append(many, fmt.Sprintf("s%d.k%d=1", i%12, i))
	}
	for calc := range parsers {
		keys := keysOf(t, calc)
		var every, twice, long []string
		for _, k := range keys {
			every = append(every, k+"="+filler)
			twice = append(twice, k+"=2", k+"="+filler)
			long = append(long, k+"=1,"+filler)
		}
		links := map[string]string{
			"100 KB values":    strings.Join(every, "&"),
			"every key twice":  strings.Join(twice, "&"),
			"100 KB list item": strings.Join(long, "&"),
			"100 KB key":       filler + "=1&" + keys[1] + "=" + filler,
			"100 KB keys":      filler + "a=1&" + filler + "b=1&" + filler[:30] + "=1",
			"100 KB bad value": filler + "=%zz" + filler + "&" + keys[1] + "=%zz" + filler,
			"2000 keys":        strings.Join(many, "&"),
		}
		for name, query := range links {
			t.Run(calc+" "+name, func(t *testing.T) {
				unknown := 0
				for _, fe := range refusals(t, calc, query) {
					msg := fe.Error()
					if echoed(msg) {
						t.Errorf("%.120s…: repeats more than %d characters of the input", msg, MaxEcho)
					}
					if len(msg) > 600 {
						t.Errorf("%d characters: %.120s…", len(msg), msg)
					}
					if errors.Is(fe, ErrUnknownKey) {
						unknown++
					}
				}
				if unknown > 1 {
					t.Errorf("%d refusals of unknown keys, want them in one", unknown)
				}
			})
		}
	}
}

// TestNewRefusals pins each refusal the second audit asked for, with its
// reason (errors.Is) and its words.
func TestNewRefusals(t *testing.T) {
	huge := strings.Repeat("9", 20)
	long := strings.Repeat("x", 100_000)
	tests := []struct {
		name, calc, query string
		key               string
		kind              error
		says              string
	}{
		{"repeated key", "shoot", "n=2&n=abc", "n", ErrRepeated, "n: given 2 times: allowed once"},
		{"repeated salvo key", "salvos", "s1.acc=2&s1.acc=2&s1.acc=4", "s1.acc", ErrRepeated, "s1.acc: given 3 times: allowed once"},
		{"repeated game", "crush", "game=at43&game=at44", "game", ErrRepeated, "game: given 2 times"},
		{"picker in melee", "melee", "target=veh&picker=defender", "picker", ErrUnknownKey, "picker: not a key of this calculator: allowed game, n,"},
		{"det in AT-43", "shoot", "game=at43&det=1", "det", ErrNotApplicable, `det: "at43" has no Detection ability: allowed 0`},
		{"det in an AT-43 salvo", "salvos", "game=at43&s1.n=2&s1.det=1", "s1.det", ErrNotApplicable, `s1.det: "at43" has no Detection ability: allowed 0`},
		{"capital salvo key", "salvos", "S1.n=2", "S1.n", ErrUnknownKey, "S1.n: not a key of this calculator: allowed game,"},
		{"capital key", "shoot", "N=2", "N", ErrUnknownKey, "N: not a key of this calculator: allowed game, n, rate"},
		{"unknown keys grouped", "shoot", "k1=1&k2=1&k3=1&__proto__=1", "__proto__", ErrUnknownKey,
			"__proto__: not a key of this calculator, nor are 3 others (k1, k2, k3): allowed game, n"},
		{"long value cut", "shoot", "n=" + long, "n", ErrSyntax, `n: "` + long[:MaxEcho] + `"… is not a whole number: allowed 0-100`},
		{"long key cut", "shoot", long + "=1", long[:MaxEcho] + "…", ErrUnknownKey, long[:MaxEcho] + "…: not a key of this calculator"},
		{"empty list item", "shoot", "target=veh&weapons=1,,2", "weapons", ErrSyntax, "weapons: item 2 is empty: allowed at most 6 whole numbers 0-60, separated by commas"},
		{"empty last item", "indirect", "vehicles=1&weapons=1,2,", "weapons", ErrSyntax, "weapons: item 3 is empty: allowed"},
		{"bad percent-escape", "shoot", "n=%zz", "n", ErrSyntax, `n: "%zz" has a bad percent-escape: allowed % followed by two hexadecimal digits (%25 for % itself)`},
		{"not a number", "d10attack", "skill=x", "skill", ErrSyntax, `skill: "x" is not a whole number: allowed 1-10`},
		{"not a number, other target", "shoot", "target=inf&frame=x", "frame", ErrSyntax, `frame: "x" is not a whole number: allowed 1-60`},
		{"not a number, bad game", "authority", "game=xx&aw=x", "aw", ErrSyntax, `aw: "x" is not a whole number: allowed 0-6`},
		{"lock too large", "shoot", "game=at44&target=veh&lock=" + huge, "lock", ErrRange, "lock: the number is too large: allowed 0 (none) or 2-6"},
		{"jammer too small", "shoot", "game=at44&target=veh&jammer=-" + huge, "jammer", ErrRange, "jammer: the number is too small: allowed 0 (none) or 2-6"},
		{"fixed too large", "indirect", "fixed=" + huge, "fixed", ErrRange, "fixed: the number is too large: allowed 0 (none) or 2-6"},
		{"salvo lock too large", "salvos", "game=at44&target=veh&s1.lock=" + huge, "s1.lock", ErrRange, "s1.lock: the number is too large: allowed 0 (none) or 2-6"},
		{"salvo jammer too large", "salvos", "game=at44&target=veh&s1.jammer=" + huge, "s1.jammer", ErrRange, "s1.jammer: the number is too large: allowed 0 (none) or 2-6"},
		{"mor too large", "morale", "mor=" + huge, "mor", ErrRange, `mor: the number is too large: allowed 0-30, or "-"`},
		{"knock too small", "d10attack", "knock=-" + huge, "knock", ErrRange, "knock: the number is too small: allowed -10 to 10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			list := refusals(t, tt.calc, tt.query)
			if len(list) == 0 {
				t.Fatal("accepted")
			}
			fe := list[0]
			msg := fe.Error()
			switch {
			case fe.Key != tt.key:
				t.Errorf("key %.60q, want %.60q (%.200s)", fe.Key, tt.key, msg)
			case !errors.Is(fe, tt.kind):
				t.Errorf("%.200s: not %v", msg, tt.kind)
			case !strings.HasPrefix(msg, tt.says):
				t.Errorf("says\n%.300s\nwant it to start\n%.300s", msg, tt.says)
			}
		})
	}
}

// TestUnknownKeysListsEveryKey checks that the one refusal of unknown keys
// carries all of them, for the app to drop, and none of those read.
func TestUnknownKeysListsEveryKey(t *testing.T) {
	v := url.Values{"n": {"2"}, "lang": {"fr"}}
	var want []string
	for i := range 5000 {
		k := fmt.Sprintf("k%d", i)
		v[k], want = []string{"1"}, append(want, k)
	}
	slices.Sort(want)
	_, err := ParseShoot(v)
	var unknown *UnknownKeys
	if !errors.As(err, &unknown) {
		t.Fatalf("%v: no UnknownKeys", err)
	}
	if !slices.Equal(unknown.Keys, want) {
		t.Errorf("%d keys, want the %d unknown ones", len(unknown.Keys), len(want))
	}
	if msg := err.Error(); len(msg) > 600 {
		t.Errorf("%d characters: %.100s…", len(msg), msg)
	}
}

// TestLinkKeysAccepted: a whole share link, with the keys of how the page
// shows the answer, parses in every calculator that reads its values.
func TestLinkKeysAccepted(t *testing.T) {
	view := url.Values{"lang": {"fr"}, "atleast": {"2"}, "whatif": {"acc,faw"}, "compare": {"1"}, "bar": {"0.2,o1.0"}}
	for _, tt := range []struct {
		name  string
		parse func(url.Values) error
	}{
		{"shoot", func(v url.Values) error { _, err := ParseShoot(v); return err }},
		{"salvos", func(v url.Values) error { _, err := ParseSalvos(v); return err }},
		{"morale", func(v url.Values) error { _, err := ParseMorale(v); return err }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := url.Values{"game": {"at43"}}
			for k, vs := range view {
				v[k] = vs
			}
			if err := tt.parse(v); err != nil {
				t.Errorf("refused: %v", err)
			}
		})
	}
}
