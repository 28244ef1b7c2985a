package docs

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// calcKeys are the share-link keys each calculator accepts (README, "Share
// links").
var calcKeys = map[string][]string{
	"shoot":      {"n", "rate", "rr", "acc", "range", "cm", "pen", "dmg", "target", "prot", "size", "frame", "prop", "weapons", "vehicles", "cover", "faw", "dmgrr", "medic", "det", "type", "pick"},
	"melee":      {"n", "rate", "rr", "acc", "def", "pen", "dmg", "target", "prot", "size", "frame", "prop", "weapons", "vehicles", "cover", "faw", "dmgrr", "medic", "type", "pick"},
	"indirect":   {"n", "rate", "rr", "acc", "range", "aoe", "pen", "dmg", "prot", "under", "faw", "det"},
	"morale":     {"mor", "rank", "obj", "extra", "activations", "spend", "status"},
	"authority":  {"a", "aw", "b", "bw", "rank"},
	"crush":      {"free", "engaged"},
	"minefield":  {"n", "target", "prot", "frame", "prop", "weapons", "vehicles"},
	"terrain":    {"n", "rate", "rr", "acc", "range", "pen", "dmg", "structure", "salvos"},
	"d10attack":  {"mode", "skill", "mod", "n", "ar", "ma", "pui", "phy", "aimed", "lightcover", "heavycover", "large", "charge", "received", "ground", "paralysed"},
	"d10morale":  {"cou", "independent"},
	"d10vehicle": {"dmg", "loco"},
}

func checkCalcLink(u *url.URL) error {
	name := strings.TrimPrefix(u.Path, "/calc/")
	keys, ok := calcKeys[name]
	if !ok {
		return fmt.Errorf("no calculator %q", name)
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return err
	}
	game := q.Get("game")
	if d10 := strings.HasPrefix(name, "d10"); d10 && game != "d10" || !d10 && game != "at43" && game != "at44" {
		return fmt.Errorf("game=%q does not fit /calc/%s", game, name)
	}
	for k := range q {
		if k != "game" && k != "lang" && !slices.Contains(keys, k) {
			return fmt.Errorf("unknown key %q for /calc/%s", k, name)
		}
	}
	return nil
}
