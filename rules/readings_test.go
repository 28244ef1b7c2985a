package rules

import (
	"math"
	"testing"
)

// TestMinefieldCardsArePooled pins the reading of several minefield cards:
// members x cards impacts on the unit, each success one loss, capped at the
// members (not one impact per member and card).
func TestMinefieldCardsArePooled(t *testing.T) {
	in := MinefieldInput{Game: "at43", Members: 6, Cards: 2, Target: TargetInfantry, Protection: 4, Type: 1,
		Vehicle: defaultAttack().Vehicle}
	res, err := Minefield(in)
	if err != nil {
		t.Fatal(err)
	}
	p := Chance(AT43.Minefield.Infantry.Penetration, 4)
	want := Binomial(12, p).Cap(6)
	for k := range want.P {
		if !near(res.Casualties.At(k), want.At(k)) {
			t.Errorf("P(%d) = %v, pooled reading %v", k, res.Casualties.At(k), want.At(k))
		}
	}
	perMember := 6 * (1 - math.Pow(1-p, 2)) // the other reading's mean
	if math.Abs(res.Casualties.Mean()-5.32) > 0.005 || math.Abs(perMember-4.50) > 0.005 {
		t.Errorf("means %.3f pooled, %.3f per member: want the audit's 5.32 and 4.50", res.Casualties.Mean(), perMember)
	}
	found := false
	for _, n := range res.Notes {
		found = found || n.ID == "minefield-cards" && n.FR != ""
	}
	if !found {
		t.Errorf("notes %v: want minefield-cards", res.Notes)
	}
}

// TestD10ChainReactionAddsToTheHit pins the reading of the chain reaction:
// the next vehicle roll is d10 + (points + 1), not d10 + 1.
func TestD10ChainReactionAddsToTheHit(t *testing.T) {
	// detonation(points): the chance the chain ends in a detonation.
	var detonation func(points int) float64
	detonation = func(points int) float64 {
		det, internal := 0.0, 0.0
		for roll := 1; roll <= 10; roll++ {
			switch d10VehicleBand(roll + points) {
			case d10Detonation:
				det += 0.1
			case d10Internal:
				internal += 0.1
			}
		}
		if internal == 0 {
			return det
		}
		return det + internal*0.1*detonation(points+1) // a 10 on the internal table
	}
	res, err := D10Vehicle(D10VehicleInput{Game: "d10", Points: 5})
	if err != nil {
		t.Fatal(err)
	}
	if !near(res.Detonation, detonation(5)) || math.Abs(res.Detonation-0.525) > 0.0005 {
		t.Errorf("detonation at 5 points %v, reading d10 + (points + 1) gives %v (the audit's 0.525)", res.Detonation, detonation(5))
	}
	// The other reading, d10 + 1 after every chain reaction, gives 0.504: at
	// 5 points 0.5 detonates and 0.4 goes to the internal table; at 1 point
	// 0.1 detonates and 0.4 goes there again, 0.1 of it a chain.
	other := 0.5 + 0.4*0.1*(0.1/(1-0.4*0.1))
	if math.Abs(other-0.504) > 0.0005 {
		t.Errorf("the other reading gives %v, the audit says 0.504", other)
	}
}
