package rules

import (
	"net/url"
	"testing"
)

// codecs parses a link with each calculator's Parse and writes the input
// back with its Query, by route name.
var codecs = map[string]func(url.Values) (url.Values, error){
	"shoot":     func(v url.Values) (url.Values, error) { in, err := ParseShoot(v); return in.Query(), err },
	"melee":     func(v url.Values) (url.Values, error) { in, err := ParseMelee(v); return in.Query(), err },
	"salvos":    func(v url.Values) (url.Values, error) { in, err := ParseSalvos(v); return in.Query(), err },
	"indirect":  func(v url.Values) (url.Values, error) { in, err := ParseIndirect(v); return in.Query(), err },
	"morale":    func(v url.Values) (url.Values, error) { in, err := ParseMorale(v); return in.Query(), err },
	"authority": func(v url.Values) (url.Values, error) { in, err := ParseAuthority(v); return in.Query(), err },
	"crush":     func(v url.Values) (url.Values, error) { in, err := ParseCrush(v); return in.Query(), err },
	"minefield": func(v url.Values) (url.Values, error) { in, err := ParseMinefield(v); return in.Query(), err },
	"terrain":   func(v url.Values) (url.Values, error) { in, err := ParseTerrain(v); return in.Query(), err },
	"d10attack": func(v url.Values) (url.Values, error) { in, err := ParseD10Attack(v); return in.Query(), err },
	"d10morale": func(v url.Values) (url.Values, error) { in, err := ParseD10Morale(v); return in.Query(), err },
	"d10veh":    func(v url.Values) (url.Values, error) { in, err := ParseD10Vehicle(v); return in.Query(), err },
}

// TestLinkGolden pins the share-link codec as users meet it: a link parses
// and its input writes back exactly as query (url.Values.Encode, so keys
// sorted): same keys, same defaults, same values. The wants were read from
// the codec before the inputs shared their key readers and writers; a
// change here changes links people have saved.
func TestLinkGolden(t *testing.T) {
	tests := []struct{ calc, link, query string }{
		{"shoot", ``,
			`acc=3&cover=none&det=0&dmg=1&dmgrr=0&faw=0&game=at43&medic=0&n=1&pen=5&prot=5&range=0&rate=1&rr=0&size=6&target=inf&type=1`},
		{"shoot", `game=at44&n=5&rate=2&rr=1&acc=4&range=2&pen=7&dmg=2&dmgrr=1&prot=6&size=8&type=2&medic=1&cover=takecover&faw=1&det=1`,
			`acc=4&cover=takecover&det=1&dmg=2&dmgrr=1&faw=1&game=at44&medic=1&n=5&pen=7&prot=6&range=2&rate=2&rr=1&size=8&target=inf&type=2`},
		{"shoot", `target=veh&frame=8&prop=2&weapons=3,4&vehicles=2&pick=disarm&prot=12&cm=35`,
			`acc=3&cm=35&cover=none&det=0&dmg=1&dmgrr=0&faw=0&frame=8&game=at43&medic=0&n=1&pen=5&pick=disarm&prop=2&prot=12&rate=1&rr=0&target=veh&vehicles=2&weapons=3%2C4`},
		{"shoot", `target=veh&picker=defender`,
			`acc=3&cover=none&det=0&dmg=1&dmgrr=0&faw=0&frame=6&game=at43&medic=0&n=1&pen=5&pick=wreck&picker=defender&prop=3&prot=5&range=0&rate=1&rr=0&target=veh&vehicles=1&weapons=3`},
		{"shoot", `target=veh&picker=attacker&medic=1`,
			`acc=3&cover=none&det=0&dmg=1&dmgrr=0&faw=0&frame=6&game=at43&medic=1&n=1&pen=5&pick=wreck&prop=3&prot=5&range=0&rate=1&rr=0&target=veh&vehicles=1&weapons=3`},
		{"shoot", `target=veh&weapons=`,
			`acc=3&cover=none&det=0&dmg=1&dmgrr=0&faw=0&frame=6&game=at43&medic=0&n=1&pen=5&pick=wreck&prop=3&prot=5&range=0&rate=1&rr=0&target=veh&vehicles=1&weapons=`},
		{"shoot", `game=at44&target=veh&lock=4&jammer=3&cm=40`,
			`acc=3&cm=40&cover=none&det=0&dmg=1&dmgrr=0&faw=0&frame=6&game=at44&jammer=3&lock=4&medic=0&n=1&pen=5&pick=wreck&prop=3&prot=5&rate=1&rr=0&target=veh&vehicles=1&weapons=3`},
		{"shoot", `game=at44&sniper=1&cover=cover`,
			`acc=3&cover=cover&det=0&dmg=1&dmgrr=0&faw=0&game=at44&medic=0&n=1&pen=5&prot=5&range=0&rate=1&rr=0&size=6&sniper=1&target=inf&type=1`},
		// A key of the other target at its default is only redundant.
		{"shoot", `frame=6&prop=3&size=4&n=%203%20`,
			`acc=3&cover=none&det=0&dmg=1&dmgrr=0&faw=0&game=at43&medic=0&n=3&pen=5&prot=5&range=0&rate=1&rr=0&size=4&target=inf&type=1`},
		{"shoot", `game=at43&lock=3&n=2`,
			`acc=3&cover=none&det=0&dmg=1&dmgrr=0&faw=0&game=at43&lock=3&medic=0&n=2&pen=5&prot=5&range=0&rate=1&rr=0&size=6&target=inf&type=1`},
		{"melee", ``,
			`acc=3&def=3&dmg=1&dmgrr=0&game=at43&medic=0&n=1&pen=5&prot=5&rate=1&rr=0&size=6&target=inf&type=1`},
		{"melee", `game=at44&def=5&n=4&acc=5&dmgrr=1&size=3&type=3`,
			`acc=5&def=5&dmg=1&dmgrr=1&game=at44&medic=0&n=4&pen=5&prot=5&rate=1&rr=0&size=3&target=inf&type=3`},
		{"melee", `target=veh&frame=10&weapons=2,2,2&def=4&vehicles=3&medic=1`,
			`acc=3&def=4&dmg=1&dmgrr=0&frame=10&game=at43&medic=1&n=1&pen=5&pick=wreck&prop=3&prot=5&rate=1&rr=0&target=veh&vehicles=3&weapons=2%2C2%2C2`},
		{"salvos", ``,
			`game=at43&medic=0&prot=5&s1.acc=3&s1.cover=none&s1.det=0&s1.dmg=1&s1.dmgrr=0&s1.faw=0&s1.n=1&s1.pen=5&s1.range=0&s1.rate=1&s1.rr=0&size=6&type=1`},
		{"salvos", `s1.n=3&s1.acc=4&s2.n=2&s2.cm=40&s2.cover=cover&size=10&type=3&prot=4&medic=1`,
			`game=at43&medic=1&prot=4&s1.acc=4&s1.cover=none&s1.det=0&s1.dmg=1&s1.dmgrr=0&s1.faw=0&s1.n=3&s1.pen=5&s1.range=0&s1.rate=1&s1.rr=0&s2.acc=3&s2.cm=40&s2.cover=cover&s2.det=0&s2.dmg=1&s2.dmgrr=0&s2.faw=0&s2.n=2&s2.pen=5&s2.rate=1&s2.rr=0&size=10&type=3`},
		{"salvos", `target=veh&frame=12&weapons=4&vehicles=2&picker=defender&s1.n=4&s1.pen=10&s1.dmg=2`,
			`frame=12&game=at43&medic=0&pick=wreck&picker=defender&prop=3&prot=5&s1.acc=3&s1.cover=none&s1.det=0&s1.dmg=2&s1.dmgrr=0&s1.faw=0&s1.n=4&s1.pen=10&s1.range=0&s1.rate=1&s1.rr=0&target=veh&vehicles=2&weapons=4`},
		{"salvos", `game=at44&target=veh&s1.lock=3&s1.jammer=4&s2.sniper=1&s2.dmgrr=1&s2.faw=1&s2.det=1`,
			`frame=6&game=at44&medic=0&pick=wreck&prop=3&prot=5&s1.acc=3&s1.cover=none&s1.det=0&s1.dmg=1&s1.dmgrr=0&s1.faw=0&s1.jammer=4&s1.lock=3&s1.n=1&s1.pen=5&s1.range=0&s1.rate=1&s1.rr=0&s2.acc=3&s2.cover=none&s2.det=1&s2.dmg=1&s2.dmgrr=1&s2.faw=1&s2.n=1&s2.pen=5&s2.range=0&s2.rate=1&s2.rr=0&s2.sniper=1&target=veh&vehicles=1&weapons=3`},
		{"salvos", `size=4&frame=6&pick=wreck&s1.range=3`,
			`game=at43&medic=0&prot=5&s1.acc=3&s1.cover=none&s1.det=0&s1.dmg=1&s1.dmgrr=0&s1.faw=0&s1.n=1&s1.pen=5&s1.range=3&s1.rate=1&s1.rr=0&size=4&type=1`},
		{"indirect", ``,
			`acc=3&aoe=3&dmg=1&dmgrr=0&game=at43&n=1&pen=5&prot=5&range=0&rate=1&rr=0&under=1`},
		{"indirect", `game=at44&n=3&rate=2&rr=1&acc=4&cm=30&aoe=5&pen=6&dmg=2&dmgrr=1&prot=4&under=8`,
			`acc=4&aoe=5&cm=30&dmg=2&dmgrr=1&game=at44&n=3&pen=6&prot=4&rate=2&rr=1&under=8`},
		{"indirect", `vehicles=2&vprot=12&frame=8&prop=4&weapons=3,3&pick=disarm`,
			`acc=3&aoe=3&dmg=1&dmgrr=0&frame=8&game=at43&n=1&pen=5&pick=disarm&prop=4&prot=5&range=0&rate=1&rr=0&under=1&vehicles=2&vprot=12&weapons=3%2C3`},
		{"indirect", `vehicles=1`,
			`acc=3&aoe=3&dmg=1&dmgrr=0&frame=6&game=at43&n=1&pen=5&pick=wreck&prop=3&prot=5&range=0&rate=1&rr=0&under=1&vehicles=1&vprot=10&weapons=3`},
		{"indirect", `fixed=4&range=3`,
			`acc=3&aoe=3&dmg=1&dmgrr=0&fixed=4&game=at43&n=1&pen=5&prot=5&range=3&rate=1&rr=0&under=1`},
		{"indirect", `frame=6&vprot=10&vehicles=0`,
			`acc=3&aoe=3&dmg=1&dmgrr=0&game=at43&n=1&pen=5&prot=5&range=0&rate=1&rr=0&under=1`},
		{"minefield", ``,
			`cards=1&game=at43&medic=0&n=6&prot=5&target=inf&type=1`},
		{"minefield", `n=8&cards=2&prot=3&type=2&medic=1`,
			`cards=2&game=at43&medic=1&n=8&prot=3&target=inf&type=2`},
		{"minefield", `target=veh&n=2&frame=10&prop=4&weapons=2,3&pick=disarm&prot=12&medic=1`,
			`cards=1&frame=10&game=at43&medic=1&n=2&pick=disarm&prop=4&prot=12&target=veh&weapons=2%2C3`},
		{"minefield", `target=veh&type=1`,
			`cards=1&frame=6&game=at43&medic=0&n=6&pick=wreck&prop=3&prot=5&target=veh&weapons=3`},
		{"minefield", `frame=6&weapons=3`,
			`cards=1&game=at43&medic=0&n=6&prot=5&target=inf&type=1`},
		{"terrain", ``,
			`acc=3&dmg=1&game=at44&n=1&pen=5&range=0&rate=1&rr=0&salvos=1&structure=12`},
		{"terrain", `n=4&rate=2&rr=1&acc=4&range=2&pen=12&dmg=3&structure=stonewall&salvos=3`,
			`acc=4&dmg=3&game=at44&n=4&pen=12&range=2&rate=2&rr=1&salvos=3&structure=14`},
		{"terrain", `cm=25&structure=5`,
			`acc=3&cm=25&dmg=1&game=at44&n=1&pen=5&rate=1&rr=0&salvos=1&structure=5`},
		{"terrain", `structure=Reinforced-Concrete&lock=4`,
			`acc=3&dmg=1&game=at44&lock=4&n=1&pen=5&range=0&rate=1&rr=0&salvos=1&structure=18`},
		{"morale", ``,
			`activations=1&extra=0&game=at43&mor=6&obj=0&rank=0&spend=0&status=valiant`},
		{"morale", `game=at44&mor=-&rank=2&obj=1&extra=1&activations=3&spend=1&status=disorganized`,
			`activations=3&extra=1&game=at44&mor=-&obj=1&rank=2&spend=1&status=disorganized`},
		{"authority", ``,
			`a=2&ar=1&aw=0&b=2&br=1&bw=0&game=at43`},
		{"authority", `game=at44&a=3&aw=2&b=4&bw=1&ar=2&br=3`,
			`a=3&ar=2&aw=2&b=4&br=3&bw=1&game=at44`},
		{"crush", ``,
			`engaged=0&free=3&game=at43`},
		{"crush", `game=at44&free=4&engaged=2`,
			`engaged=2&free=4&game=at44`},
		{"d10attack", ``,
			`ar=3&game=d10&ma=0&mod=0&mode=ranged&n=1&phy=3&pui=3&skill=5`},
		{"d10attack", `mode=melee&skill=6&mod=-1&n=3&ar=4&ma=1&pui=5&phy=2&defcr=4&knock=2&parry=1`,
			`ar=4&defcr=4&game=d10&knock=2&ma=1&mod=-1&mode=melee&n=3&parry=1&phy=2&pui=5&skill=6`},
		{"d10morale", ``,
			`cou=5&game=d10`},
		{"d10morale", `cou=7&independent=1`,
			`cou=7&game=d10&independent=1`},
		{"d10veh", ``,
			`dmg=1&game=d10`},
		{"d10veh", `dmg=4&loco=1`,
			`dmg=4&game=d10&loco=1`},
	}
	for _, tt := range tests {
		t.Run(tt.calc+"?"+tt.link, func(t *testing.T) {
			v, err := ParseLink(tt.link)
			if err != nil {
				t.Fatal(err)
			}
			got, err := codecs[tt.calc](v)
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if q := got.Encode(); q != tt.query {
				t.Errorf("writes back\n%s\nwant\n%s", q, tt.query)
			}
			again, err := codecs[tt.calc](got)
			if err != nil || again.Encode() != tt.query {
				t.Errorf("its own query does not read back: %v, %s", err, again.Encode())
			}
		})
	}
}

// TestLinkErrorGolden pins what a refused link says, whole: every key
// refused, in order, with its reason. The order is that of the reader
// (syntax) and then of Validate (ranges); which reason a key keeps when
// both refuse it is the first one met.
func TestLinkErrorGolden(t *testing.T) {
	tests := []struct{ calc, link, err string }{
		{"shoot", `n=x&frame=y&target=veh&range=1&cm=2`,
			`n: "x" is not a whole number: allowed 0-100; frame: "y" is not a whole number: allowed 1-60; cm: range and cm both given: allowed one of them`},
		{"shoot", `range=1&cm=z`,
			`cm: range and cm both given: allowed one of them`},
		{"shoot", `cm=z&range=1&n=q`,
			`n: "q" is not a whole number: allowed 0-100; cm: range and cm both given: allowed one of them`},
		{"shoot", `target=tank&picker=both`,
			`target: "tank" is not allowed: allowed inf, veh; picker: "both" is not allowed: allowed attacker, defender`},
		{"shoot", `n=101&rate=0&rr=11&acc=31&pen=-1&dmg=11&prot=31&size=0&type=4&range=31`,
			`n: 101 is out of range: allowed 0-100; rate: 0 is out of range: allowed 1-20; rr: 11 is out of range: allowed 0-10; acc: 31 is out of range: allowed 0-30; pen: -1 is out of range: allowed 0-30; dmg: 11 is out of range: allowed 1-10; prot: 31 is out of range: allowed 0-30; size: 0 is out of range: allowed 1-100; type: 4 is out of range: allowed 1-3; range: 31 is out of range: allowed 0-30`},
		{"shoot", `target=veh&frame=0&prop=61&weapons=1,2,3,4,5,6,7&vehicles=11&pick=x`,
			`weapons: 7 values given: allowed at most 6 whole numbers 0-60, separated by commas; pick: "x" is not allowed: allowed wreck, disarm; frame: 0 is out of range: allowed 1-60; prop: 61 is out of range: allowed 0-60; vehicles: 11 is out of range: allowed 1-10`},
		{"shoot", `target=veh&frame=0&prop=61&weapons=1,2,3,99&vehicles=0&pick=disarm&cover=takecover`,
			`frame: 0 is out of range: allowed 1-60; prop: 61 is out of range: allowed 0-60; weapons: item 4: 99 is out of range: allowed at most 6 whole numbers 0-60, separated by commas; vehicles: 0 is out of range: allowed 1-10; cover: "takecover" protects infantry only: allowed for vehicles none, cover`},
		{"shoot", `picker=defender`,
			`picker: applies to vehicles only: allowed with target=veh`},
		{"shoot", `game=at44&target=veh&picker=defender`,
			`picker: the attacker always picks the weapon hit in "at44": allowed attacker`},
		{"shoot", `game=at43&jammer=3&sniper=1`,
			`jammer: "at43" has no Jammer: allowed 0; sniper: "at43" has no Sniper ability: allowed 0`},
		{"shoot", `game=at44&lock=3`,
			`lock: lock-on fire hits only vehicles and scenery in "at44": allowed with target=veh (scenery: the terrain calculator)`},
		{"shoot", `weapons=a&vehicles=b&pick=c&picker=d&frame=e&prop=f&target=veh`,
			`frame: "e" is not a whole number: allowed 1-60; prop: "f" is not a whole number: allowed 0-60; weapons: item 1 is "a", not a whole number: allowed at most 6 whole numbers 0-60, separated by commas; vehicles: "b" is not a whole number: allowed 1-10; pick: "c" is not allowed: allowed wreck, disarm; picker: "d" is not allowed: allowed attacker, defender`},
		{"melee", `def=x&acc=y`,
			`acc: "y" is not a whole number: allowed 0-30; def: "x" is not a whole number: allowed 0-30`},
		{"melee", `target=veh&weapons=a&def=31&vehicles=0`,
			`weapons: item 1 is "a", not a whole number: allowed at most 6 whole numbers 0-60, separated by commas; vehicles: 0 is out of range: allowed 1-10; def: 31 is out of range: allowed 0-30`},
		{"salvos", `s1.n=x&s1.range=1&s1.cm=y&frame=z&target=veh&s2.cover=takecover`,
			`frame: "z" is not a whole number: allowed 1-60; s1.cm: range and cm both given: allowed one of them; s1.n: "x" is not a whole number: allowed 0-100; s2.cover: "takecover" protects infantry only: allowed for vehicles none, cover`},
		{"salvos", `target=veh&s1.cover=takecover&s1.acc=40`,
			`s1.acc: 40 is out of range: allowed 0-30; s1.cover: "takecover" protects infantry only: allowed for vehicles none, cover`},
		{"salvos", `picker=defender&size=0&type=0&prot=-1`,
			`prot: -1 is out of range: allowed 0-30; picker: applies to vehicles only: allowed with target=veh; size: 0 is out of range: allowed 1-100; type: 0 is out of range: allowed 1-3`},
		{"salvos", `target=veh&frame=x&prop=y&weapons=z&vehicles=w&pick=v&picker=u`,
			`frame: "x" is not a whole number: allowed 1-60; prop: "y" is not a whole number: allowed 0-60; weapons: item 1 is "z", not a whole number: allowed at most 6 whole numbers 0-60, separated by commas; vehicles: "w" is not a whole number: allowed 1-10; pick: "v" is not allowed: allowed wreck, disarm; picker: "u" is not allowed: allowed attacker, defender`},
		{"salvos", `target=veh&frame=0&prop=99&vehicles=0&s1.n=200&s1.rate=0&s1.cm=400`,
			`frame: 0 is out of range: allowed 1-60; prop: 99 is out of range: allowed 0-60; vehicles: 0 is out of range: allowed 1-10; s1.n: 200 is out of range: allowed 0-100; s1.rate: 0 is out of range: allowed 1-20; s1.cm: 400 is out of range: allowed 0-300`},
		{"salvos", `game=at43&s1.sniper=1&s1.lock=2&s2.jammer=3`,
			`s1.sniper: "at43" has no Sniper ability: allowed 0; s2.jammer: "at43" has no Jammer: allowed 0`},
		{"indirect", `range=1&cm=x&n=y&vehicles=z&frame=w`,
			`cm: range and cm both given: allowed one of them; n: "y" is not a whole number: allowed 0-100; vehicles: "z" is not a whole number: allowed 0-10; frame: "w" is not a whole number: allowed 1-60`},
		{"indirect", `vehicles=11&vprot=31&frame=0`,
			`vehicles: 11 is out of range: allowed 0-10; vprot: 31 is out of range: allowed 0-30; frame: 0 is out of range: allowed 1-60`},
		{"indirect", `vehicles=2&vprot=x&pick=y&weapons=1,z`,
			`weapons: item 2 is "z", not a whole number: allowed at most 6 whole numbers 0-60, separated by commas; pick: "y" is not allowed: allowed wreck, disarm; vprot: "x" is not a whole number: allowed 0-30`},
		{"indirect", `vehicles=2&frame=0&prop=70&weapons=1,2,3,4,5,6,7&pick=disarm&vprot=40`,
			`weapons: 7 values given: allowed at most 6 whole numbers 0-60, separated by commas; vprot: 40 is out of range: allowed 0-30; frame: 0 is out of range: allowed 1-60; prop: 70 is out of range: allowed 0-60`},
		{"indirect", `game=at44&fixed=3`,
			`fixed: "at44" has no artillery strikes: allowed 0`},
		{"indirect", `n=x&rate=y&rr=z&acc=w&pen=v&dmg=u&dmgrr=t&aoe=s&range=r&under=q&prot=p`,
			`n: "x" is not a whole number: allowed 0-100; rate: "y" is not a whole number: allowed 1-20; rr: "z" is not a whole number: allowed 0-10; acc: "w" is not a whole number: allowed 0-30; range: "r" is not a whole number: allowed 0-30; aoe: "s" is not a whole number: allowed 1-10; pen: "v" is not a whole number: allowed 0-30; dmg: "u" is not a whole number: allowed 1-10; dmgrr: "t" is not allowed: allowed 0, 1; prot: "p" is not a whole number: allowed 0-30; under: "q" is not a whole number: allowed 0-100`},
		{"indirect", `n=101&rate=0&rr=11&acc=31&range=31&aoe=11&pen=31&dmg=0&prot=31&under=101&vehicles=-1`,
			`n: 101 is out of range: allowed 0-100; rate: 0 is out of range: allowed 1-20; rr: 11 is out of range: allowed 0-10; acc: 31 is out of range: allowed 0-30; range: 31 is out of range: allowed 0-30; aoe: 11 is out of range: allowed 1-10; pen: 31 is out of range: allowed 0-30; dmg: 0 is out of range: allowed 1-10; prot: 31 is out of range: allowed 0-30; under: 101 is out of range: allowed 0-100; vehicles: -1 is out of range: allowed 0-10`},
		{"minefield", `target=veh&frame=x&n=11&prop=y`,
			`frame: "x" is not a whole number: allowed 1-60; prop: "y" is not a whole number: allowed 0-60; n: 11 is out of range: allowed 1-10`},
		{"minefield", `target=veh&frame=0&prop=61&weapons=70&pick=z`,
			`pick: "z" is not allowed: allowed wreck, disarm; frame: 0 is out of range: allowed 1-60; prop: 61 is out of range: allowed 0-60; weapons: item 1: 70 is out of range: allowed at most 6 whole numbers 0-60, separated by commas`},
		{"minefield", `game=at44`,
			`game: "at44" has no minefields: allowed at43`},
		{"minefield", `n=0&cards=11&type=4&prot=31`,
			`cards: 11 is out of range: allowed 1-10; prot: 31 is out of range: allowed 0-30; n: 0 is out of range: allowed 1-100; type: 4 is out of range: allowed 1-3`},
		{"terrain", `cm=x&range=1&n=y`,
			`n: "y" is not a whole number: allowed 0-100; cm: "x" is not a whole number: allowed 0-300`},
		{"terrain", `structure=foo&acc=x`,
			`acc: "x" is not a whole number: allowed 0-30; structure: "foo" is neither a whole number nor an element: allowed 1-30 or tree, door, reinforceddoor, rocks, lowwall, container, woodenwall, stonewall, concretewall, reinforcedconcrete`},
		{"terrain", `game=at43`,
			`game: "at43" has no terrain calculator (its scenery does not lose structure): allowed at44`},
		{"terrain", `n=101&rate=0&rr=11&acc=31&range=31&pen=31&dmg=0&salvos=21&lock=7`,
			`n: 101 is out of range: allowed 0-100; rate: 0 is out of range: allowed 1-20; rr: 11 is out of range: allowed 0-10; acc: 31 is out of range: allowed 0-30; range: 31 is out of range: allowed 0-30; pen: 31 is out of range: allowed 0-30; dmg: 0 is out of range: allowed 1-10; salvos: 21 is out of range: allowed 1-20; lock: 7 is out of range: allowed 0 (none) or 2-6, the result needed on one die`},
		{"terrain", `n=x&rate=y&rr=z&acc=w&pen=v&dmg=u&range=t&cm=s&salvos=r&lock=q`,
			`n: "x" is not a whole number: allowed 0-100; rate: "y" is not a whole number: allowed 1-20; rr: "z" is not a whole number: allowed 0-10; acc: "w" is not a whole number: allowed 0-30; range: "t" is not a whole number: allowed 0-30; cm: "s" is not a whole number: allowed 0-300; pen: "v" is not a whole number: allowed 0-30; dmg: "u" is not a whole number: allowed 1-10; salvos: "r" is not a whole number: allowed 1-20; lock: "q" is not a whole number: allowed 0 (none) or 2-6, the result needed on one die`},
		{"indirect", `range=1&cm=x`,
			`cm: range and cm both given: allowed one of them`},
		{"indirect", `vehicles=0&frame=x`,
			`frame: "x" is not a whole number: allowed 1-60`},
		// The third audit's: a key that does not apply, given a value
		// other than its default (which would only be redundant).
		{"shoot", `frame=9&prop=1&size=4&n=%203%20`,
			`frame: applies to vehicles only: allowed with target=veh, or left out; prop: applies to vehicles only: allowed with target=veh, or left out`},
		{"melee", `target=veh&size=4&type=2`,
			`size: applies to infantry only: allowed with target=inf, or left out; type: applies to infantry only: allowed with target=inf, or left out`},
		{"salvos", `size=4&frame=20&vehicles=3&pick=disarm&s1.range=3`,
			`frame: applies to vehicles only: allowed with target=veh, or left out; vehicles: applies to vehicles only: allowed with target=veh, or left out; pick: applies to vehicles only: allowed with target=veh, or left out`},
		{"indirect", `frame=9&vprot=3&vehicles=0`,
			`frame: applies to vehicles under the template only: allowed with vehicles 1-10, or left out; vprot: applies to vehicles under the template only: allowed with vehicles 1-10, or left out`},
		{"minefield", `target=veh&type=2`,
			`type: applies to infantry only: allowed with target=inf, or left out`},
		{"minefield", `frame=9&weapons=1,2`,
			`frame: applies to vehicles only: allowed with target=veh, or left out; weapons: applies to vehicles only: allowed with target=veh, or left out`},
		{"morale", `game=at43&rank=2&obj=1&extra=1`,
			`rank: "at43" adds no officer's rank to Morale: allowed 0; obj: "at43" gives no Morale bonus for an objective: allowed 0; extra: "at43" takes nothing off Morale for earlier tests: allowed 0`},
		{"melee", `frame=x&weapons=1,y`,
			`frame: "x" is not a whole number: allowed 1-60; weapons: item 2 is "y", not a whole number: allowed at most 6 whole numbers 0-60, separated by commas`},
		{"salvos", `frame=x&s1.n=2`,
			`frame: "x" is not a whole number: allowed 1-60`},
		{"salvos", `s1.cm=y&s1.range=1&s1.n=x&s1.dmgrr=2`,
			`s1.cm: range and cm both given: allowed one of them; s1.n: "x" is not a whole number: allowed 0-100; s1.dmgrr: "2" is not allowed: allowed 0, 1`},
		// The second audit's refusals: keys that do not apply, repeated
		// keys, Detection in AT-43, numbers past an int.
		{"minefield", `target=veh&vehicles=3`,
			`vehicles: not a key of this calculator: allowed game, n, cards, target, prot, type, medic, frame, prop, weapons, pick`},
		{"minefield", `frame=x&weapons=y`,
			`frame: "x" is not a whole number: allowed 1-60; weapons: item 1 is "y", not a whole number: allowed at most 6 whole numbers 0-60, separated by commas`},
		{"melee", `target=veh&picker=defender`,
			`picker: not a key of this calculator: allowed game, n, rate, rr, acc, pen, dmg, dmgrr, target, prot, size, type, medic, frame, prop, weapons, vehicles, pick, def`},
		{"shoot", `n=2&n=abc&acc=x&acc=4`,
			`n: given 2 times: allowed once; acc: given 2 times: allowed once`},
		{"shoot", `game=at43&det=1`,
			`det: "at43" has no Detection ability: allowed 0`},
		{"salvos", `S1.n=2&s1.bogus=1&s01.n=1&s11.n=3`,
			`S1.n: not a key of this calculator, nor are 3 others (s01.n, s1.bogus, s11.n): allowed game, size, type, prot, medic, target, frame, prop, weapons, vehicles, pick, picker; after s1. to s10. (no leading zero): n, rate, rr, acc, range, cm, pen, dmg, dmgrr, cover, faw, det, lock, jammer, sniper`},
		{"salvos", `s1.n=2&s3.n=2&s3.bogus=1`,
			`s3.bogus: not a key of this calculator: allowed game, size, type, prot, medic, target, frame, prop, weapons, vehicles, pick, picker; after s1. to s10. (no leading zero): n, rate, rr, acc, range, cm, pen, dmg, dmgrr, cover, faw, det, lock, jammer, sniper; s3: salvo group s2 is missing: allowed groups numbered from s1 without gaps`},
		{"shoot", `game=at44&target=veh&lock=99999999999999999999&jammer=-99999999999999999999`,
			`lock: the number is too large: allowed 0 (none) or 2-6, the result needed on one die; jammer: the number is too small: allowed 0 (none) or 2-6, the result needed on one die`},
		{"morale", `game=xx&rank=x&mor=99999999999999999999`,
			`rank: "x" is not a whole number: allowed 0; game: "xx" is unknown: allowed at43, at44`},
		{"morale", `mor=99999999999999999999`,
			`mor: the number is too large: allowed 0-30, or "-" (a plain hyphen) for Nerves of steel`},
		{"crush", `%zz=1&free=2&engaged=1,2`,
			`engaged: "1,2" is not a whole number: allowed 0-100; %zz: not a key of this calculator: allowed game, free, engaged`},
		{"shoot", `n=x&rate=y&rr=z&acc=w&pen=v&dmg=u&dmgrr=t&target=s&prot=r&size=q&type=p&medic=o&range=m&cover=l&faw=k&det=j&lock=i&jammer=h&sniper=g`,
			`n: "x" is not a whole number: allowed 0-100; rate: "y" is not a whole number: allowed 1-20; rr: "z" is not a whole number: allowed 0-10; acc: "w" is not a whole number: allowed 0-30; pen: "v" is not a whole number: allowed 0-30; dmg: "u" is not a whole number: allowed 1-10; dmgrr: "t" is not allowed: allowed 0, 1; target: "s" is not allowed: allowed inf, veh; prot: "r" is not a whole number: allowed 0-30; size: "q" is not a whole number: allowed 1-100; type: "p" is not a whole number: allowed 1-3; medic: "o" is not allowed: allowed 0, 1; range: "m" is not a whole number: allowed 0-30; cover: "l" is not allowed: allowed none, cover, takecover, kneecover; faw: "k" is not allowed: allowed 0, 1; det: "j" is not allowed: allowed 0, 1; lock: "i" is not a whole number: allowed 0 (none) or 2-6, the result needed on one die; jammer: "h" is not a whole number: allowed 0 (none) or 2-6, the result needed on one die; sniper: "g" is not allowed: allowed 0, 1`},
	}
	for _, tt := range tests {
		t.Run(tt.calc+"?"+tt.link, func(t *testing.T) {
			v, err := ParseLink(tt.link)
			if err != nil {
				t.Fatal(err)
			}
			_, err = codecs[tt.calc](v)
			if err == nil {
				t.Fatalf("accepted, want %s", tt.err)
			}
			if err.Error() != tt.err {
				t.Errorf("says\n%s\nwant\n%s", err, tt.err)
			}
		})
	}
}
