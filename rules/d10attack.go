package rules

import (
	"fmt"
	"math"
	"net/url"
)

// D10Mode is how a d10 attack is made: it picks the skill rolled against and
// the modifiers that apply.
type D10Mode int

const (
	D10Ranged D10Mode = iota // "ranged": the hit roll is made against CD
	D10Melee                 // "melee": the hit roll is made against CR
)

var d10ModeNames = []string{"ranged", "melee"}

// String returns the share-link value of m.
func (m D10Mode) String() string {
	if m < 0 || int(m) >= len(d10ModeNames) {
		return fmt.Sprintf("D10Mode(%d)", int(m))
	}
	return d10ModeNames[m]
}

// D10AttackInput is one or more attacks of the d10 sheet, each a hit roll,
// then an armour roll, then a damage roll. Query keys and defaults:
//
//	game       Game         d10 (d10)
//	mode       Mode         ranged|melee (ranged)
//	skill      Skill        the attacker's CD (ranged) or CR (melee), 1-10 (5)
//	mod        Mod          any other modifier to the hit roll, -10 to 10 (0)
//	n          Attacks      attacks rolled, 1-20 (1)
//	ar         AR           target's armour, 0-10 (3)
//	ma         MA           attacker's armour modifier, -5 to 5 (0)
//	pui        PUI          power of the attack, 0-10 (3)
//	phy        PHY          target's physique, 0-10 (3)
//	defcr      DefCR        defender's CR, 0-10 (none): in melee it replaces
//	                        better/worse by comparing skill with it; dodge needs it
//	knock      Knock        knock-down modifier, -10 to 10 (none): when given,
//	                        the result carries the knock-down chance
//	dodge      Dodge        the defender tries to dodge each hit, 0|1 (0)
//	parry      Parry        the defender tries to parry each hit, melee, 0|1 (0)
//	intomelee  IntoMelee    shooting into a melee: fighters in it, 0-10 (0)
//
// and the sheet's modifiers, each 0|1 (0), for the mode they belong to:
// ranged aimed, lightcover, heavycover, large, frommelee, reserved,
// indirect, burst, groundpoint; melee better, worse, charge, received,
// ground; both paralysed.
type D10AttackInput struct {
	Game    string
	Mode    D10Mode
	Skill   int
	Mod     int
	Attacks int
	AR      int
	MA      int
	PUI     int
	PHY     int
	DefCR   *int
	Knock   *int
	Dodge   bool
	Parry   bool

	IntoMelee   int
	Aimed       bool
	LightCover  bool
	HeavyCover  bool // also +1 AR
	Large       bool
	FromMelee   bool
	Reserved    bool
	Indirect    bool
	Burst       bool // light cover does not count against it
	GroundPoint bool

	Better   bool
	Worse    bool
	Charge   bool
	Received bool // also +1 PUI
	Ground   bool // the target is on the ground: it cannot parry

	Paralysed bool
}

// d10Modifier is one line of the sheet's modifier tables.
type d10Modifier struct {
	key    string
	ranged bool // applies to ranged attacks
	melee  bool // applies to close combat
	value  int
	field  func(*D10AttackInput) *bool
}

// d10Modifiers are the sheet's two modifier tables, in its order.
var d10Modifiers = []d10Modifier{
	{"aimed", true, false, +1, func(in *D10AttackInput) *bool { return &in.Aimed }},
	{"lightcover", true, false, -1, func(in *D10AttackInput) *bool { return &in.LightCover }},
	{"heavycover", true, false, -2, func(in *D10AttackInput) *bool { return &in.HeavyCover }},
	{"large", true, false, +1, func(in *D10AttackInput) *bool { return &in.Large }},
	{"frommelee", true, false, -1, func(in *D10AttackInput) *bool { return &in.FromMelee }},
	{"reserved", true, false, -1, func(in *D10AttackInput) *bool { return &in.Reserved }},
	{"indirect", true, false, -1, func(in *D10AttackInput) *bool { return &in.Indirect }},
	{"burst", true, false, -1, func(in *D10AttackInput) *bool { return &in.Burst }},
	{"groundpoint", true, false, -1, func(in *D10AttackInput) *bool { return &in.GroundPoint }},
	{"better", false, true, +1, func(in *D10AttackInput) *bool { return &in.Better }},
	{"worse", false, true, -1, func(in *D10AttackInput) *bool { return &in.Worse }},
	{"charge", false, true, +1, func(in *D10AttackInput) *bool { return &in.Charge }},
	{"received", false, true, +1, func(in *D10AttackInput) *bool { return &in.Received }},
	{"ground", false, true, +2, func(in *D10AttackInput) *bool { return &in.Ground }},
	{"paralysed", true, true, +2, func(in *D10AttackInput) *bool { return &in.Paralysed }},
}

func (m d10Modifier) allows(mode D10Mode) bool {
	return mode == D10Ranged && m.ranged || mode == D10Melee && m.melee
}

// defaultD10Attack holds the defaults documented on D10AttackInput.
func defaultD10Attack() D10AttackInput {
	return D10AttackInput{Game: D10.ID, Skill: 5, Attacks: 1, AR: 3, PUI: 3, PHY: 3}
}

// ParseD10Attack reads a D10AttackInput from share-link values and
// validates it.
func ParseD10Attack(v url.Values) (D10AttackInput, error) {
	r := newQueryReader(v, "")
	in := defaultD10Attack()
	in.Game = r.str("game", in.Game)
	in.Mode = D10Mode(r.choice("mode", int(in.Mode), d10ModeNames))
	in.Skill = r.int("skill", in.Skill)
	in.Mod = r.int("mod", in.Mod)
	in.Attacks = r.int("n", in.Attacks)
	in.AR = r.int("ar", in.AR)
	in.MA = r.int("ma", in.MA)
	in.PUI = r.int("pui", in.PUI)
	in.PHY = r.int("phy", in.PHY)
	in.DefCR = r.optInt("defcr")
	in.Knock = r.optInt("knock")
	in.Dodge = r.bool("dodge", false)
	in.Parry = r.bool("parry", false)
	in.IntoMelee = r.int("intomelee", 0)
	for _, m := range d10Modifiers {
		*m.field(&in) = r.bool(m.key, false)
	}
	if err := r.done(in.validate); err != nil {
		return D10AttackInput{}, err
	}
	return in, nil
}

// Query writes in as share-link values; options left off are not written.
func (in D10AttackInput) Query() url.Values {
	v := url.Values{}
	w := queryWriter{v: v}
	w.str("game", in.Game)
	w.choice("mode", int(in.Mode), d10ModeNames)
	w.int("skill", in.Skill)
	w.int("mod", in.Mod)
	w.int("n", in.Attacks)
	w.int("ar", in.AR)
	w.int("ma", in.MA)
	w.int("pui", in.PUI)
	w.int("phy", in.PHY)
	if in.DefCR != nil {
		w.int("defcr", *in.DefCR)
	}
	if in.Knock != nil {
		w.int("knock", *in.Knock)
	}
	if in.Dodge {
		w.bool("dodge", true)
	}
	if in.Parry {
		w.bool("parry", true)
	}
	if in.IntoMelee != 0 {
		w.int("intomelee", in.IntoMelee)
	}
	for _, m := range d10Modifiers {
		if *m.field(&in) {
			w.bool(m.key, true)
		}
	}
	return v
}

// Validate checks every field, naming each bad one by its query key.
func (in D10AttackInput) Validate() error { return in.validate(&validator{}) }

func (in D10AttackInput) validate(c *validator) error {
	checkD10Game(c, in.Game)
	if in.Mode != D10Ranged && in.Mode != D10Melee {
		c.fail("mode", ErrChoice, "%d is not allowed: allowed ranged, melee", int(in.Mode))
		return c.result()
	}
	c.rng("skill", in.Skill, 1, maxD10Value)
	signedRange(c, "mod", in.Mod, -maxD10Mod, maxD10Mod)
	c.rng("n", in.Attacks, 1, maxD10Attacks)
	c.rng("ar", in.AR, 0, maxD10Value)
	signedRange(c, "ma", in.MA, -maxD10MA, maxD10MA)
	c.rng("pui", in.PUI, 0, maxD10Value)
	c.rng("phy", in.PHY, 0, maxD10Value)
	if in.DefCR != nil {
		c.rng("defcr", *in.DefCR, 0, maxD10Value)
	}
	if in.Knock != nil {
		signedRange(c, "knock", *in.Knock, -maxD10Mod, maxD10Mod)
	}
	c.rng("intomelee", in.IntoMelee, 0, maxD10Value)
	for _, m := range d10Modifiers {
		if *m.field(&in) && !m.allows(in.Mode) {
			c.notApplicable(m.key, "0", "applies to mode=%s only: allowed 0 with mode=%s", D10Mode(1-in.Mode), in.Mode)
		}
	}
	if in.IntoMelee != 0 && in.Mode != D10Ranged {
		c.notApplicable("intomelee", "0", "applies to mode=ranged only: allowed 0 with mode=melee")
	}
	switch {
	case in.LightCover && in.HeavyCover:
		c.fail("heavycover", ErrConflict, "allowed lightcover or heavycover, not both")
	case in.Aimed && in.Burst:
		c.fail("aimed", ErrConflict, "a burst cannot be aimed: allowed aimed or burst, not both")
	case in.Better && in.Worse:
		c.fail("worse", ErrConflict, "allowed better or worse, not both")
	case (in.Better || in.Worse) && in.DefCR != nil:
		c.fail("defcr", ErrConflict, "defcr sets the comparison: allowed better/worse or defcr, not both")
	case in.Charge && in.Received:
		c.fail("received", ErrConflict, "allowed charge or received, not both")
	case in.Parry && in.Mode != D10Melee:
		c.notApplicable("parry", "0", "only close-combat attacks are parried: allowed with mode=melee")
	case in.Parry && in.Ground:
		c.fail("parry", ErrConflict, "a fighter on the ground cannot parry: allowed parry or ground, not both")
	case in.Parry && in.Dodge:
		c.fail("dodge", ErrConflict, "allowed dodge or parry, not both")
	case in.Dodge && in.DefCR == nil:
		c.fail("defcr", ErrConflict, "dodge=1 needs the defender's CR: allowed with defcr 0-10")
	}
	return c.result()
}

// D10AttackResult is what the attacks of a D10AttackInput do.
type D10AttackResult struct {
	// Target is the hit roll's number after every modifier: a d10 at or
	// under it hits, a natural 1 always, a natural 10 never.
	Target int `json:"target"`
	// HitChance is the chance one attack hits.
	HitChance float64 `json:"hit_chance"`
	// DamageChance is the chance one attack hits, gets past any dodge or
	// parry and the armour roll, and passes the damage roll.
	DamageChance float64 `json:"damage_chance"`
	Hits         Dist    `json:"hits"`     // attacks that hit
	Damaging     Dist    `json:"damaging"` // attacks that cause damage
	// Natural10 is the chance that at least one attack rolls a natural 10,
	// costing its fighter the PM left this round.
	Natural10 float64 `json:"natural10"`
	// Knockdown is the chance a knock-down roll throws the fighter to the
	// ground; only when the input gives knock.
	Knockdown *float64 `json:"knockdown,omitempty"`
	// Dodge is the chance a hit is dodged; only with dodge=1.
	Dodge *float64 `json:"dodge,omitempty"`
	// Parry is the chance a hit is parried; only with parry=1.
	Parry   *float64 `json:"parry,omitempty"`
	Explain []Step   `json:"explain"`
	Notes   []Note   `json:"notes"`
}

// D10HitChance is the chance a hit roll against target succeeds: a natural
// 1 always hits and a natural 10 always misses, whatever the modifiers.
func D10HitChance(target int) float64 {
	return float64(hitFaces(target)) / 10
}

// hitFaces is how many faces hit: 1 to target, never 10.
func hitFaces(target int) int {
	return min(max(target, 1), 9)
}

// D10ParryChance is the chance a successful hit against target is parried:
// the defender's d10 must be strictly below the face the attacker rolled,
// averaged over the faces that hit.
func D10ParryChance(target int) float64 {
	faces := hitFaces(target)
	below := 0 // defender's faces under each hitting face, summed
	for r := 1; r <= faces; r++ {
		below += r - 1
	}
	return float64(below) / float64(10*faces)
}

// D10DodgeChance is the chance a dodge roll succeeds for a defender with
// the given CR: d10 plus 1 per CR point above 5, 6 or more.
func D10DodgeChance(cr int) float64 {
	return d10Chance(dodgeFaces(cr))
}

// dodgeFaces is how many faces dodge: 6 or more once the bonus is added.
func dodgeFaces(cr int) int {
	return d10Faces(5 + max(cr-5, 0))
}

// D10KnockDownChance is the chance a knock-down roll puts the fighter on
// the ground: a d10 at or under 5 plus the modifier.
func D10KnockDownChance(mod int) float64 {
	return d10Chance(5 + mod)
}

// D10Attack works out the attacks of in: chance to hit and to damage per
// attack, and the distributions of hits and damaging attacks.
func D10Attack(in D10AttackInput) (D10AttackResult, error) {
	if err := in.Validate(); err != nil {
		return D10AttackResult{}, err
	}
	var res D10AttackResult
	res.Explain = append(res.Explain, Step{Kind: StepD10Attacks, Value: in.Attacks})
	skillKind := StepD10CD
	if in.Mode == D10Melee {
		skillKind = StepD10CR
	}
	res.Explain = append(res.Explain, Step{Kind: skillKind, Value: in.Skill})
	res.Target = in.Skill + in.modifiers(&res.Explain)
	res.HitChance = D10HitChance(res.Target)
	res.Explain = append(res.Explain, Step{Kind: StepD10Hit, Needed: res.Target, Chance: res.HitChance})
	res.Notes = withNote(res.Notes, NoteD10HitTarget)
	if in.Attacks > 1 {
		res.Notes = withNote(res.Notes, NoteD10SeparateAttacks)
	}

	kept := 10 // the defender's faces that fail to dodge
	if in.Dodge {
		d := D10DodgeChance(*in.DefCR)
		res.Dodge = &d
		kept -= dodgeFaces(*in.DefCR)
		res.Explain = append(res.Explain, Step{Kind: StepD10Dodge, Action: *in.DefCR,
			Needed: 6 - max(*in.DefCR-5, 0), Chance: d})
		res.Notes = withNote(res.Notes, NoteD10Dodge)
	}
	if in.Parry {
		p := D10ParryChance(res.Target)
		res.Parry = &p
		res.Explain = append(res.Explain, Step{Kind: StepD10Parry, Chance: p})
		res.Notes = withNote(res.Notes, NoteD10ParryFace)
	}

	ar, pui := in.AR, in.PUI
	if in.HeavyCover {
		ar++
	}
	if in.Received {
		pui++
	}
	armour := ar - in.MA
	res.Explain = append(res.Explain, Step{Kind: StepD10Armour, Action: ar, Difficulty: in.MA, Needed: armour, Chance: d10Chance(armour)})
	if in.MA != 0 {
		res.Notes = withNote(res.Notes, NoteD10ArmourModifier)
	}
	wound := 5 + pui - in.PHY
	res.Explain = append(res.Explain, Step{Kind: StepD10Damage, Action: pui, Difficulty: in.PHY, Needed: wound, Chance: d10Chance(wound)})
	plain := []int{armour, wound}

	// Count, over the faces that hit, the faces of the later dice that let
	// the attack through, so the chance is one exact division: a natural 1
	// skips the armour roll, and a parry needs a face below the one rolled.
	count := 0
	for r := 1; r <= hitFaces(res.Target); r++ {
		through := 10 - d10Faces(armour)
		if r == 1 {
			through = 10
		}
		unparried := 10
		if in.Parry {
			unparried -= r - 1
		}
		count += unparried * kept * through * d10Faces(wound)
	}
	res.DamageChance = float64(count) / 1e5 // the hit, defence, armour and damage dice: 10^5 outcomes

	res.Hits = Binomial(in.Attacks, res.HitChance)
	res.Damaging = Binomial(in.Attacks, res.DamageChance)
	res.Natural10 = natural10(in.Attacks)

	if in.Knock != nil {
		k := D10KnockDownChance(*in.Knock)
		res.Knockdown = &k
		res.Explain = append(res.Explain, Step{Kind: StepD10Knock, Value: *in.Knock, Needed: 5 + *in.Knock, Chance: k})
		plain = append(plain, 5+*in.Knock)
	}
	if in.Dodge {
		plain = append(plain, 5+max(*in.DefCR-5, 0)) // dodge faces, before capping
	}
	for _, t := range plain {
		if t <= 0 || t >= 10 {
			res.Notes = withNote(res.Notes, NoteD10NaturalRolls)
		}
	}
	return res, nil
}

// natural10 is the chance at least one of n attacks rolls a 10, 1 - 0.9^n,
// through Expm1 and Log1p so that it stays exact to the last bits for one
// attack as for many (math/big would do it exactly, but would carry its
// code into the wasm for one number).
func natural10(n int) float64 {
	return -math.Expm1(float64(n) * math.Log1p(-0.1))
}

// modifiers adds up the hit roll's modifiers, explaining each one given.
func (in D10AttackInput) modifiers(explain *[]Step) int {
	total := 0
	add := func(kind StepKind, v int) {
		*explain = append(*explain, Step{Kind: kind, Value: v})
		total += v
	}
	if in.Mod != 0 {
		add(StepD10Mod, in.Mod)
	}
	for _, m := range d10Modifiers {
		if !*m.field(&in) {
			continue
		}
		v := m.value
		if m.key == "lightcover" && in.Burst {
			v = 0 // light cover does not count against a burst
		}
		add(d10ModifierKind(m.key), v)
	}
	if in.IntoMelee > 0 {
		add(StepD10IntoMelee, -in.IntoMelee)
	}
	if in.Mode == D10Melee && in.DefCR != nil {
		v := 0
		switch {
		case in.Skill > *in.DefCR:
			v = 1
		case in.Skill < *in.DefCR:
			v = -1
		}
		*explain = append(*explain, Step{Kind: StepD10DefCR, Action: in.Skill, Difficulty: *in.DefCR, Value: v})
		total += v
	}
	return total
}
