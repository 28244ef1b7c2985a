package army

import (
	"errors"
	"net/url"

	"github.com/at4x/companion/rules"
)

// Check runs the engine's parsing of a calculator link on a part's values,
// in game: nil when the calculator would take them, else the
// rules.FieldErrors naming each refused key. A weapon is a shooting link
// (an indirect-fire one when it has an Area of effect, aoe), the target
// and the close-combat values a close-combat link, the morale values a
// morale link.
func Check(game string, p Part, v Values) error {
	q := url.Values{"game": {game}}
	for k, s := range v {
		q.Set(k, s)
	}
	var err error
	switch p {
	case PartWeapon:
		if v.Has("aoe") {
			_, err = rules.ParseIndirect(q)
			break
		}
		// AT-44 lock-on fire aims at vehicles only: the weapon is
		// checked at one, and refused at infantry in the matrix.
		q.Set("target", "veh")
		_, err = rules.ParseShoot(q)
	case PartMelee, PartTarget:
		_, err = rules.ParseMelee(q)
	case PartMorale:
		_, err = rules.ParseMorale(q)
	}
	return err
}

// Has tells whether v holds key.
func (v Values) Has(key string) bool {
	_, ok := v[key]
	return ok
}

// checked is v without the values the engine refuses, each reported as a
// problem; nil when the engine refuses the part even then (a conflict
// between keys it took one by one).
func (r *reader) checked(game string, p Part, v Values, at Problem) Values {
	for range 3 {
		err := Check(game, p, v)
		if err == nil {
			return v
		}
		var list rules.FieldErrors
		if !errors.As(err, &list) {
			return nil
		}
		dropped := false
		for _, fe := range list {
			var unknown *rules.UnknownKeys
			keys := []string{fe.Key}
			if errors.As(fe.Err, &unknown) {
				keys = unknown.Keys
			}
			for _, k := range keys {
				if s, ok := v[k]; ok {
					pb := at
					pb.Key, pb.Value, pb.Reason = k, clipText(s), fe.Err
					r.add(pb)
					delete(v, k)
					dropped = true
				}
			}
		}
		if !dropped {
			return nil
		}
	}
	return nil
}
