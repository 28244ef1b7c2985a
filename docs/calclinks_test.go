package docs

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/at4x/companion/rules"
)

// A calculator is what a share link names: the keys it takes (README,
// "Share links") and the engine's reading and computing of them.
type calculator struct {
	keys []string
	run  func(url.Values) error
}

func compute[I, R any](parse func(url.Values) (I, error), calc func(I) (R, error)) func(url.Values) error {
	return func(q url.Values) error {
		in, err := parse(q)
		if err != nil {
			return err
		}
		_, err = calc(in)
		return err
	}
}

var vehicleKeys = []string{"frame", "prop", "weapons", "vehicles", "pick"}

var calculators = map[string]calculator{
	"shoot": {slices.Concat([]string{"n", "rate", "rr", "acc", "range", "cm", "pen", "dmg", "dmgrr", "target", "prot", "size", "type", "medic", "cover", "faw", "det"}, vehicleKeys),
		compute(rules.ParseShoot, rules.Shoot)},
	"melee": {slices.Concat([]string{"n", "rate", "rr", "acc", "def", "pen", "dmg", "dmgrr", "target", "prot", "size", "type", "medic"}, vehicleKeys),
		compute(rules.ParseMelee, rules.Melee)},
	"indirect":  {[]string{"n", "rate", "rr", "acc", "range", "cm", "aoe", "pen", "dmg", "dmgrr", "prot", "under"}, compute(rules.ParseIndirect, rules.Indirect)},
	"morale":    {[]string{"mor", "rank", "obj", "extra", "activations", "spend", "status"}, compute(rules.ParseMorale, rules.Morale)},
	"authority": {[]string{"a", "aw", "ar", "b", "bw", "br"}, compute(rules.ParseAuthority, rules.Authority)},
	"crush":     {[]string{"free", "engaged"}, compute(rules.ParseCrush, rules.Crush)},
	"minefield": {slices.Concat([]string{"n", "cards", "target", "prot", "type", "medic"}, vehicleKeys), compute(rules.ParseMinefield, rules.Minefield)},
	"terrain":   {[]string{"n", "rate", "rr", "acc", "range", "cm", "pen", "dmg", "structure", "salvos"}, compute(rules.ParseTerrain, rules.Terrain)},
	"d10attack": {[]string{"mode", "skill", "mod", "n", "ar", "ma", "pui", "phy", "defcr", "knock", "dodge", "parry", "intomelee",
		"aimed", "lightcover", "heavycover", "large", "frommelee", "reserved", "indirect", "burst", "groundpoint",
		"better", "worse", "charge", "received", "ground", "paralysed"}, compute(rules.ParseD10Attack, rules.D10Attack)},
	"d10morale":  {[]string{"cou", "independent"}, compute(rules.ParseD10Morale, rules.D10Morale)},
	"d10vehicle": {[]string{"dmg", "loco"}, compute(rules.ParseD10Vehicle, rules.D10Vehicle)},
}

// checkCalcLink makes sure a calculator link in the text names a calculator,
// uses only its keys (a misspelt key would silently take its default) and
// computes without error in the engine.
func checkCalcLink(u *url.URL) error {
	name := strings.TrimPrefix(u.Path, "/calc/")
	c, ok := calculators[name]
	if !ok {
		return fmt.Errorf("no calculator %q", name)
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return err
	}
	if q.Get("game") == "" {
		return fmt.Errorf("no game= key")
	}
	for k := range q {
		if k != "game" && k != "lang" && !slices.Contains(c.keys, k) {
			return fmt.Errorf("unknown key %q for /calc/%s", k, name)
		}
	}
	return c.run(q)
}
