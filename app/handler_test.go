//go:build !wasm

package app

import (
	"strings"
	"testing"
)

func TestHeadScript(t *testing.T) {
	js := string(HeadScript("/sub"))
	for _, want := range []string{`"at4x:/sub/:prefs"`, `["","light","dark","red"]`, `[87,100,112,125,150]`, "window.at4xNoStorage = true", `fetch("/sub/web/library.txt")`, "window.at4xLibrary = function", `"shoot":["at43","at44"]`, `"d10morale":["d10"]`} {
		if !strings.Contains(js, want) {
			t.Errorf("the head script lacks %s", want)
		}
	}
	if strings.Contains(js, "{{") || strings.Contains(js, `getItem("prefs")`) {
		t.Errorf("the head script keeps a slot or reads the bare key:\n%s", js)
	}
}
