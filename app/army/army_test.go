package army

import (
	"errors"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/at4x/companion/app/qr"
	"github.com/at4x/companion/rules"
)

func TestSamplesAreClean(t *testing.T) {
	mine, theirs := Samples()
	for _, a := range []Army{mine, theirs} {
		t.Run(a.Name, func(t *testing.T) {
			got, problems, err := Decode(Encode(a))
			if err != nil || len(problems) > 0 {
				t.Fatalf("Decode(Encode) = %v, %v", problems, err)
			}
			if !got.Equal(a) {
				t.Fatalf("round trip changed the army:\n%s\n%s", Encode(got), Encode(a))
			}
		})
	}
}

func TestRoundTrips(t *testing.T) {
	mine, _ := Samples()
	odd := mine.Clone()
	odd.Name = `Strike "group" <script>alert(1)</script> ~*% é *h ~A }}`
	odd.Units[0].Name = "Steel * Troopers ~ 100% (heavy), \"x\": 1 {"
	odd.Units[1].Melee = Values{}
	tests := []struct {
		name   string
		encode func(Army) string
		decode func(string) (Army, []Problem, error)
	}{
		{"file", func(a Army) string { return string(Encode(a)) }, func(s string) (Army, []Problem, error) { return Decode([]byte(s)) }},
		{"base64url", EncodeBase64, DecodeBase64},
		{"packed", Pack, func(s string) (Army, []Problem, error) { return Decode(Unpack(s)) }},
	}
	for _, tt := range tests {
		for _, a := range []Army{mine, odd} {
			t.Run(tt.name+"/"+a.Name, func(t *testing.T) {
				got, problems, err := tt.decode(tt.encode(a))
				if err != nil || len(problems) > 0 {
					t.Fatalf("decode = %v, %v", problems, err)
				}
				if !got.Equal(a) {
					t.Fatalf("round trip changed the army:\n%s\n%s", Encode(got), Encode(a))
				}
			})
		}
	}
}

// TestTwelveUnitsFitOneQRCode: the compact link of a 12-unit army, under
// a long site address, fits a QR code of version 28 or less (129 modules a side), which a
// phone reads from another phone's screen.
func TestTwelveUnitsFitOneQRCode(t *testing.T) {
	mine, theirs := Samples()
	for _, a := range []Army{mine, theirs} {
		k, v := LinkValue(a, KeyTheirs, KeyTheirsPacked)
		link := "https://example.github.io/at4x-companion/armies?" + k + "=" + v
		code, err := qr.Encode([]byte(link))
		if err != nil {
			t.Fatal(err)
		}
		file := len(Encode(a))
		t.Logf("%s: file %d bytes, base64url %d, packed link %d bytes, QR version %d (%d modules)", a.Name, file, len(EncodeBase64(a)), len(link), code.Version(), 17+4*code.Version())
		if k != KeyTheirsPacked || code.Version() > 28 {
			t.Errorf("%s: key %s, version %d: want the packed key and version 28 at most", a.Name, k, code.Version())
		}
	}
}

// TestIssueExample reads the issue's example file, in AT-44, whose morale
// has an officer's rank (AT-43's has none: the engine refuses rank there).
func TestIssueExample(t *testing.T) {
	const file = `{"format": "at4x-army/1", "game": "at44", "name": "Strike group",
 "units": [{"name": "Steel Troopers",
            "target": {"target": "inf", "prot": 5, "size": 6, "type": 1},
            "weapons": [{"name": "Laser rifles", "shoot": {"n": 5, "rate": 1, "acc": 4, "pen": 5, "dmg": 1}}],
            "melee": {"n": 6, "rate": 1, "acc": 2, "pen": 3, "dmg": 1},
            "morale": {"mor": 5, "rank": 1}}]}`
	a, problems, err := Decode([]byte(file))
	if err != nil || len(problems) > 0 {
		t.Fatalf("Decode = %v, %v", problems, err)
	}
	want := Army{Game: "at44", Name: "Strike group", Units: []Unit{{Name: "Steel Troopers",
		Target:  Values{"target": "inf", "prot": "5", "size": "6", "type": "1"},
		Weapons: []Weapon{{Name: "Laser rifles", Shoot: Values{"n": "5", "rate": "1", "acc": "4", "pen": "5", "dmg": "1"}}},
		Melee:   Values{"n": "6", "rate": "1", "acc": "2", "pen": "3", "dmg": "1"}, Morale: Values{"mor": "5", "rank": "1"}}}}
	if !a.Equal(want) {
		t.Fatalf("got %s", Encode(a))
	}
}

func TestRefused(t *testing.T) {
	deep := strings.Repeat("[", 10000) + strings.Repeat("]", 10000)
	tests := []struct {
		name string
		in   string
		want error
	}{
		{"empty", "", ErrNotJSON},
		{"not json", "hello", ErrNotJSON},
		{"html", "<html><script>alert(1)</script>", ErrNotJSON},
		{"array", `[]`, ErrFormat},
		{"no format", `{"game": "at43", "units": []}`, ErrFormat},
		{"other format", `{"format": "at4x-army/2", "game": "at43"}`, ErrFormat},
		{"format number", `{"format": 1, "game": "at43"}`, ErrFormat},
		{"d10", `{"format": "at4x-army/1", "game": "d10"}`, ErrGame},
		{"no game", `{"format": "at4x-army/1"}`, ErrGame},
		{"deep", deep, ErrTooDeep},
		{"deep objects", `{"format": "at4x-army/1", "game": "at43", "name": ` + strings.Repeat(`{"a":`, 50) + "1" + strings.Repeat("}", 50) + "}", ErrTooDeep},
		{"10 MB", `{"format": "at4x-army/1", "game": "at43", "name": "` + strings.Repeat("x", 10<<20) + `"}`, ErrTooLarge},
		{"duplicate key", `{"format": "at4x-army/1", "game": "at43", "game": "at44"}`, ErrNotJSON},
		{"trailing", `{"format": "at4x-army/1", "game": "at43"} {}`, ErrNotJSON},
		{"unterminated", `{"format": "at4x-army/1", "game": "at43`, ErrNotJSON},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Decode([]byte(tt.in))
			var fe *FileError
			if !errors.As(err, &fe) || !errors.Is(err, tt.want) {
				t.Fatalf("Decode = %v, want a *FileError of %v", err, tt.want)
			}
			if len(err.Error()) > 200 {
				t.Errorf("message too long: %d bytes", len(err.Error()))
			}
		})
	}
}

func TestTrimmed(t *testing.T) {
	unit := func(body string) string {
		return `{"format": "at4x-army/1", "game": "at43", "name": "A", "units": [{"name": "Troopers", ` + body + `}]}`
	}
	tests := []struct {
		name  string
		in    string
		part  Part
		key   string
		want  error
		check func(t *testing.T, a Army)
	}{
		{"acc out of range", unit(`"weapons": [{"name": "Rifles", "shoot": {"acc": 99, "pen": 5}}]`), PartWeapon, "acc", rules.ErrRange,
			func(t *testing.T, a Army) {
				if w := a.Units[0].Weapons[0].Shoot; w.Has("acc") || w["pen"] != "5" {
					t.Errorf("shoot = %v, want pen alone", w)
				}
			}},
		{"unknown key", unit(`"target": {"prot": 5, "colour": "red"}`), PartTarget, "colour", ErrUnknown, nil},
		{"unknown unit property", unit(`"onclick": "x"`), PartUnit, "onclick", ErrUnknown, nil},
		{"unknown army property", `{"format": "at4x-army/1", "game": "at43", "extra": 1}`, PartArmy, "extra", ErrUnknown, nil},
		{"not a number", unit(`"target": {"size": "six"}`), PartTarget, "size", rules.ErrSyntax, nil},
		{"object value", unit(`"target": {"size": {"a": 1}}`), PartTarget, "size", ErrType, nil},
		{"det in AT-43", unit(`"weapons": [{"name": "R", "shoot": {"det": 1}}]`), PartWeapon, "det", rules.ErrNotApplicable, nil},
		{"rank in AT-43", unit(`"morale": {"mor": 5, "rank": 1}`), PartMorale, "rank", rules.ErrNotApplicable,
			func(t *testing.T, a Army) {
				if m := a.Units[0].Morale; m["mor"] != "5" || m.Has("rank") {
					t.Errorf("morale %v, want mor alone", m)
				}
			}},
		{"long name", unit(`"weapons": [{"name": "` + strings.Repeat("é", 100) + `", "shoot": {}}]`), PartWeapon, "name", ErrTooLong,
			func(t *testing.T, a Army) {
				if n := len([]rune(a.Units[0].Weapons[0].Name)); n != MaxName {
					t.Errorf("name of %d characters, want %d", n, MaxName)
				}
			}},
		{"control characters", `{"format": "at4x-army/1", "game": "at43", "units": [{"name": "A\u0000B\u202eC\nD"}]}`, "", "", nil,
			func(t *testing.T, a Army) {
				if a.Units[0].Name != "ABC D" {
					t.Errorf("name %q", a.Units[0].Name)
				}
			}},
		{"script name", `{"format": "at4x-army/1", "game": "at43", "units": [{"name": "<img src=x onerror=alert(1)>"}]}`, "", "", nil,
			func(t *testing.T, a Army) {
				if a.Units[0].Name != "<img src=x onerror=alert(1)>" {
					t.Errorf("name %q: a name is text, kept as it is", a.Units[0].Name)
				}
			}},
		{"too many weapons", unit(`"weapons": [` + strings.TrimSuffix(strings.Repeat(`{"name": "x", "shoot": {}},`, 9), ",") + `]`), PartUnit, "weapons", ErrTooMany,
			func(t *testing.T, a Army) {
				if len(a.Units[0].Weapons) != MaxWeapons {
					t.Errorf("%d weapons", len(a.Units[0].Weapons))
				}
			}},
		{"too many units", `{"format": "at4x-army/1", "game": "at43", "units": [` + strings.TrimSuffix(strings.Repeat(`{"name": "u"},`, 40), ",") + `]}`, PartArmy, "units", ErrTooMany,
			func(t *testing.T, a Army) {
				if len(a.Units) != MaxUnits {
					t.Errorf("%d units", len(a.Units))
				}
			}},
		{"weapon list as array", unit(`"target": {"target": "veh", "weapons": [3, 2]}`), "", "", nil,
			func(t *testing.T, a Army) {
				if a.Units[0].Target["weapons"] != "3,2" {
					t.Errorf("weapons %q", a.Units[0].Target["weapons"])
				}
			}},
		{"booleans and floats", unit(`"target": {"medic": true, "prot": 5.0, "size": "06"}`), "", "", nil,
			func(t *testing.T, a Army) {
				if tg := a.Units[0].Target; tg["medic"] != "1" || tg["prot"] != "5" || tg["size"] != "6" {
					t.Errorf("target %v", tg)
				}
			}},
		{"melee not an object", unit(`"melee": 3`), PartMelee, "melee", ErrType, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, problems, err := Decode([]byte(tt.in))
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if tt.want != nil {
				found := false
				for _, p := range problems {
					if p.Part == tt.part && p.Key == tt.key && errors.Is(p, tt.want) {
						found = true
					}
				}
				if !found {
					t.Errorf("problems %v, want %s %s: %v", problems, tt.part, tt.key, tt.want)
				}
			}
			if tt.check != nil {
				tt.check(t, a)
			}
			// Whatever was read is an army the engine takes.
			for _, u := range a.Units {
				for _, w := range u.Weapons {
					if err := Check(a.Game, PartWeapon, w.Shoot); err != nil {
						t.Errorf("weapon kept with %v", err)
					}
				}
			}
		})
	}
}

func TestPackedRefused(t *testing.T) {
	for _, s := range []string{"", "*h", "*hat43*n", "*x*y*z", "~Z~Z", "*hat43*nA*u*vU*t~Z1*c*x*c*E garbage", "{" + strings.Repeat("*e", 1000)} {
		t.Run(s[:min(len(s), 20)], func(t *testing.T) {
			if _, _, err := Decode(Unpack(s)); err == nil {
				t.Fatalf("Decode(Unpack(%q)) = nil error", s)
			}
		})
	}
	// A link's packed value is refused past MaxFile before it is unpacked.
	q := url.Values{KeyTheirsPacked: {strings.Repeat("*h", MaxFile)}}
	if _, _, found, err := FromLink(q, KeyTheirs, KeyTheirsPacked, Parse); !found || !errors.Is(err, ErrTooLarge) {
		t.Errorf("FromLink of a long packed value = %v, %v", found, err)
	}
}

func TestMatrix(t *testing.T) {
	mine, theirs := Samples()
	for _, view := range Views {
		t.Run(string(view), func(t *testing.T) {
			m, err := New(mine, theirs, view, Situation{Range: 2, Cover: "cover"})
			if err != nil {
				t.Fatal(err)
			}
			for !m.Fill(time.Millisecond) {
			}
			if m.Size() == 0 {
				t.Fatal("empty matrix")
			}
			for r, row := range m.Cells {
				for c, cell := range row {
					if !cell.Done || cell.Err != nil {
						t.Errorf("%v × %v: done %v, %v", m.Rows[r], m.Cols[c], cell.Done, cell.Err)
					}
					if cell.Score < 0 || cell.Score > 1 {
						t.Errorf("score %v", cell.Score)
					}
				}
				if m.BestInRow(r) < 0 {
					t.Errorf("row %d has no best", r)
				}
			}
		})
	}
	other := theirs.Clone()
	other.Game = "at44"
	if _, err := New(mine, other, ViewFire, Situation{}); !errors.Is(err, ErrGames) {
		t.Errorf("New of two games = %v", err)
	}
}

// TestMatrixCellIsItsLink: a cell's figures are those of the engine on its
// link, read back from the link's text, whatever the view and situation:
// the matrix puts each cell's input together from its row's and column's
// values read once (Matrix.composed), and shares a cell's figures with the
// cells of the same values, so this is the check that neither changes a
// figure or a refusal.
func TestMatrixCellIsItsLink(t *testing.T) {
	mine, theirs := Samples()
	at44 := func(a Army) Army {
		a = a.Clone()
		a.Game = "at44"
		a.Units[0].Weapons[0].Shoot["lock"] = "3" // lock-on: refused at infantry
		return a
	}
	for _, tt := range []struct {
		name         string
		mine, theirs Army
		sit          Situation
	}{
		{"range 2, cover", mine, theirs, Situation{Range: 2, Cover: "cover"}},
		{"35 cm, take cover", mine, theirs, Situation{CM: "35", Cover: "takecover"}},
		{"range 0, kneel", mine, theirs, Situation{Cover: "kneecover"}},
		{"range 5, none", mine, theirs, Situation{Range: 5, Cover: "none"}},
		{"AT-44, 20 cm", at44(mine), at44(theirs), Situation{CM: "20", Cover: "cover"}},
	} {
		for _, view := range Views {
			t.Run(tt.name+"/"+string(view), func(t *testing.T) {
				m, _ := New(tt.mine, tt.theirs, view, tt.sit)
				m.Fill(time.Hour)
				for _, row := range m.Cells {
					for _, cell := range row {
						q, err := rules.ParseLink(cell.Query.Encode())
						if err != nil {
							t.Fatal(err)
						}
						q.Del("atleast")
						again := Cell{Calc: cell.Calc, Query: q, Vehicle: cell.Vehicle, size: cell.size}
						again.compute(nil, false)
						if again.Mean != cell.Mean || again.Destroyed != cell.Destroyed || again.AtLeast1 != cell.AtLeast1 ||
							(again.Err == nil) != (cell.Err == nil) || again.Query.Has("atleast") != cell.Query.Has("atleast") {
							t.Errorf("%s?%s: %+v, again %+v", cell.Calc, cell.Query.Encode(), cell, again)
						}
					}
				}
			})
		}
	}
}

// TestComposedIsParsed: the input the matrix puts together from a row's
// values and a column's is the one the engine reads from the cell's link.
func TestComposedIsParsed(t *testing.T) {
	mine, theirs := Samples()
	for _, view := range Views {
		for _, sit := range []Situation{{Range: 1, Cover: "takecover"}, {CM: "45"}} {
			m, _ := New(mine, theirs, view, sit)
			composed := 0
			for i, row := range m.Cells {
				for j := range row {
					cell := m.cell(i, j)
					in, ok := m.composed(i, j, cell.Query)
					if !ok {
						continue
					}
					composed++
					var want any
					var err error
					if cell.Calc == "melee" {
						want, err = rules.ParseMelee(cell.Query)
					} else {
						want, err = rules.ParseShoot(cell.Query)
					}
					if err != nil || !reflect.DeepEqual(in, want) {
						t.Errorf("%s %s?%s: composed %+v, parsed %+v (%v)", view, cell.Calc, cell.Query.Encode(), in, want, err)
					}
				}
			}
			if composed == 0 {
				t.Errorf("%s: no cell composed", view)
			}
		}
	}
}

func BenchmarkMatrix(b *testing.B) {
	mine, theirs := Samples()
	for b.Loop() {
		m, _ := New(mine, theirs, ViewFire, Situation{Range: 2, Cover: "cover"})
		m.Fill(time.Hour)
	}
}

func FuzzDecode(f *testing.F) {
	mine, _ := Samples()
	f.Add(Encode(mine))
	f.Add([]byte(`{"format": "at4x-army/1", "game": "at44", "units": [{"name": "x", "weapons": [{"name": "y", "shoot": {"lock": 3}}]}]}`))
	f.Add([]byte(Pack(mine)))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, decode := range []func([]byte) (Army, []Problem, error){Decode,
			func(b []byte) (Army, []Problem, error) { return Decode(Unpack(string(b))) },
			func(b []byte) (Army, []Problem, error) { return DecodeBase64(string(b)) }} {
			a, problems, err := decode(data)
			if err != nil {
				if err.Error() == "" {
					t.Fatal("empty error")
				}
				continue
			}
			for _, p := range problems {
				if p.Error() == "" {
					t.Fatal("empty problem")
				}
			}
			// What was read encodes and reads back the same, in both forms.
			again, problems, err := Decode(Encode(a))
			if err != nil || len(problems) > 0 || !again.Equal(a) {
				t.Fatalf("re-read: %v %v\n%s\n%s", problems, err, Encode(a), Encode(again))
			}
			packed := Pack(a)
			if again, problems, err := Decode(Unpack(packed)); err != nil || len(problems) > 0 || !again.Equal(a) {
				t.Fatalf("packed re-read: %v %v\n%s", problems, err, packed)
			}
		}
	})
}

// Each cell's link, put together from its row's part and its column's,
// holds exactly the values a link made for that cell alone holds.
func TestCellLinks(t *testing.T) {
	mine, theirs := Samples()
	for _, view := range Views {
		for _, sit := range []Situation{{Range: 1, Cover: "takecover"}, {CM: "45", Cover: "cover"}} {
			m, _ := New(mine, theirs, view, sit)
			for i, row := range m.Cells {
				for j := range row {
					got := m.cell(i, j)
					target := Unit{Target: m.to[j]}
					want := indirectCell(m.Game, m.from[i], target, sit)
					switch got.Calc {
					case "shoot":
						want.Query = withGame(m.Game, m.from[i])
						situationQuery(want.Query, sit)
						targetQuery(want.Query, target, false)
						coverQuery(want.Query, target, sit)
					case "melee":
						want.Query = withGame(m.Game, m.from[i])
						targetQuery(want.Query, target, true)
					}
					if !reflect.DeepEqual(got.Query, want.Query) {
						t.Errorf("%s %v: cell %d,%d links %s, want %s", view, sit, i, j, got.Query.Encode(), want.Query.Encode())
					}
				}
			}
		}
	}
}
