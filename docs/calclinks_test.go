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
	"shoot":     {"n", "rate", "rr", "acc", "range", "cm", "pen", "dmg", "target", "prot", "size", "frame", "prop", "weapons", "vehicles", "cover", "faw", "dmgrr", "medic", "det", "type", "pick"},
	"melee":     {"n", "rate", "rr", "acc", "def", "pen", "dmg", "target", "prot", "size", "frame", "prop", "weapons", "vehicles", "cover", "faw", "dmgrr", "medic", "type", "pick"},
	"indirect":  {"n", "rate", "rr", "acc", "range", "aoe", "pen", "dmg", "prot", "under", "faw", "det"},
	"morale":    {"mor", "rank", "obj", "extra", "activations", "spend", "status"},
	"authority": {"a", "aw", "b", "bw", "rank"},
	"crush":     {"free", "engaged"},
	"minefield": {"n", "target", "prot", "frame", "prop", "weapons", "vehicles"},
	"terrain":   {"n", "rate", "rr", "acc", "range", "pen", "dmg", "structure", "salvos"},
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
	if g := q.Get("game"); g != "at43" && g != "at44" {
		return fmt.Errorf("game=%q, want at43 or at44", g)
	}
	for k := range q {
		if k != "game" && k != "lang" && !slices.Contains(keys, k) {
			return fmt.Errorf("unknown key %q for /calc/%s", k, name)
		}
	}
	return nil
}
