//go:build !wasm

package calc

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"net/url"
	"os/exec"
	"strings"
	"testing"
)

// condOpsDeclared are the condOp constants fields.go declares, read from
// its source: a new op compiles without a test, and the head script would
// not know it.
func condOpsDeclared(t *testing.T) map[string]condOp {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "fields.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]condOp{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "condOp" {
				continue
			}
			for i, name := range vs.Names {
				lit := vs.Values[i].(*ast.BasicLit)
				ops[name.Name] = condOp(strings.Trim(lit.Value, `"`))
			}
		}
	}
	if len(ops) == 0 {
		t.Fatal("found no condOp in fields.go")
	}
	return ops
}

// TestEveryCondOpHasItsTest: each condOp is tested in Go and in the head
// script from one row of condTests, and the head script's holds has a case
// for each, as the row writes it.
func TestEveryCondOpHasItsTest(t *testing.T) {
	prefill, _ := HeadScript()
	for name, op := range condOpsDeclared(t) {
		t.Run(name, func(t *testing.T) {
			test, ok := condTests[op]
			if !ok || test.holds == nil || test.js == "" {
				t.Fatalf("condTests has no test of %q in Go and JavaScript", op)
			}
			if want := `case "` + string(op) + `": return ` + test.js + ";"; !strings.Contains(prefill, want) {
				t.Errorf("the head script's holds lacks %s", want)
			}
		})
	}
	if n := strings.Count(prefill, "case "); n != len(condTests) {
		t.Errorf("the head script's holds has %d cases, condTests %d", n, len(condTests))
	}
}

// TestCondHolds runs each op through cond.holds, which reads condTests.
func TestCondHolds(t *testing.T) {
	v := url.Values{"game": {"at44"}, "target": {"veh"}, "acc": {"4"}, "cm": {""}}
	tests := []struct {
		name string
		c    *cond
		want bool
	}{
		{"nil", nil, true},
		{"is", valueIs("target", "veh"), true},
		{"is not", valueIs("target", "inf"), false},
		{"is, no value", valueIs("cover", ""), true},
		{"isnot", valueIsNot("target", "inf"), true},
		{"isnot, no value", valueIsNot("cover", "none"), true},
		{"has", hasValue("acc"), true},
		{"has, empty", hasValue("cm"), true},
		{"has not", hasValue("s2.n"), false},
		{"game", gameIs("at43", "at44"), true},
		{"other game", gameIs("at43"), false},
		{"under", valueUnder("acc", 5), true},
		{"not under", valueUnder("acc", 4), false},
		{"over", valueOver("acc", 3), true},
		{"over, no value", valueOver("vehicles", 0), false},
		{"all", allOf(gameIs("at44"), valueIs("target", "veh")), true},
		{"not all", allOf(gameIs("at44"), valueIs("target", "inf")), false},
		{"any", anyOf(gameIs("at43"), valueIs("target", "veh")), true},
		{"none of any", anyOf(gameIs("at43"), valueIs("target", "inf")), false},
		{"unknown op", &cond{Op: "sometimes"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.c.holds(v); got != tt.want {
				t.Errorf("holds = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestSalvoKeys: the salvo keys the client renumbers are those of the
// prefixes the head script renumbers by, and no other.
func TestSalvoKeys(t *testing.T) {
	prefill, _ := HeadScript()
	if want := `var prefixes = ["s1.","s2.","s3.","s4.","s5.","s6.","s7.","s8.","s9.","s10."]`; !strings.Contains(prefill, want) {
		t.Errorf("the head script lacks %s", want)
	}
	for i := 1; i <= maxSalvoGroups; i++ {
		if n, rest, ok := salvoOf(salvoKey(i, "acc")); !ok || n != i || rest != "acc" {
			t.Errorf("salvoOf(%q) = %d, %q, %v", salvoKey(i, "acc"), n, rest, ok)
		}
	}
	for _, k := range []string{"s0.n", "s01.n", "s11.n", "S1.n", "s1", "n", ".n", "s1x.n", "s-1.n"} {
		if n, _, ok := salvoOf(k); ok {
			t.Errorf("salvoOf(%q) = salvo %d, want none", k, n)
		}
	}
}

// TestHeadScriptSlots: every slot of the calculators' part is filled, the
// function has no header of its own, and steppers runs on its own.
func TestHeadScriptSlots(t *testing.T) {
	prefill, steppers := HeadScript()
	if strings.Contains(prefill, "{{") || strings.Contains(steppers, "{{") {
		t.Errorf("a slot is left:\n%s\n%s", prefill, steppers)
	}
	if !strings.HasPrefix(prefill, "(function (lang, saved) {") || !strings.HasSuffix(prefill, "})") {
		t.Errorf("prefill is not one function expression: %.60s … %s", prefill, prefill[len(prefill)-20:])
	}
	if !strings.Contains(prefill, `"shoot":["at43","at44"]`) || !strings.Contains(prefill, `"d10morale":["d10"]`) {
		t.Errorf("prefill lacks the calculators' games")
	}
	if !strings.HasPrefix(strings.TrimSpace(steppers[strings.Index(steppers, "\n(function"):]), "(function () {") {
		t.Errorf("steppers is not a script of its own")
	}
}

// TestClaimSentenceInTheHeadScript runs the head script's claim function
// in node: it words every shape's claim as the client words the headline,
// in both languages, and shows nothing for what is no claim.
func TestClaimSentenceInTheHeadScript(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node to run the head script's claim function")
	}
	type tc struct{ Lang, Claim, Want string }
	var cases []tc
	for _, l := range claimLinks {
		for _, lang := range []string{"en", "fr"} {
			c := refined(opened(t, l.calc, lang, "?"+l.query))
			cl := claimOf(c.now.out, c.atLeast)
			cases = append(cases, tc{lang, cl, c.summary()})
		}
	}
	for _, s := range []string{"", "cas_2.4_56.8", "kill_2.4_56.8_3", "toString_1.0", "__proto___1.0", "kill_56.8%", "kill_\u202e56.8", "cas_2.4_<b>_3"} {
		cases = append(cases, tc{"en", s, ""}, tc{"fr", s, ""})
	}
	cases = append(cases, tc{"de", "kill_50", ""})
	in, _ := json.Marshal(cases)
	script := "var f = " + claimSentenceJS() + ";\nconsole.log(JSON.stringify(" + string(in) + ".map((c) => f(c.Lang, c.Claim))));"
	out, err := exec.Command(node, "-e", script).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var got []string
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(cases) {
		t.Fatalf("node printed %s (%v)", out, err)
	}
	for i, c := range cases {
		if got[i] != c.Want {
			t.Errorf("%s %q: the head script says %q, the client %q", c.Lang, c.Claim, got[i], c.Want)
		}
	}
}
