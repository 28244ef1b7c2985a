package rules

// Note explains an interpretation a result depends on, where the sources
// leave a choice open. ID is stable, so the app may key its own wording on it.
type Note struct {
	ID string `json:"id"`
	EN string `json:"en"`
	FR string `json:"fr"`
}

// Step is one machine-readable step of a calculation, for the app to phrase
// in its own language. Kind names the step:
//
//	"shoot"    Accuracy (Action) against the range band (Difficulty)
//	"melee"    Accuracy against the defender's Combat
//	"damage"   Penetration against Protection
//	"cover"    cover save: Needed is the roll that cancels an impact
//	"reroll"   Value re-rolls per die (AT-43) or in the pool (AT-44)
//	"dice"     Value dice rolled
//	"range"    Value is the range band read from Action centimetres
//	"morale", "authority", ... as the other calculators document
type Step struct {
	Kind       string  `json:"kind"`
	Action     int     `json:"action,omitempty"`
	Difficulty int     `json:"difficulty,omitempty"`
	Needed     int     `json:"needed,omitempty"`
	Auto       Outcome `json:"auto,omitempty"`
	Value      int     `json:"value,omitempty"`
	Chance     float64 `json:"chance"`
}
