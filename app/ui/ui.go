// Package ui holds the few view helpers that both rooms of the interface
// use: the shell (package app: routing, header, reading views, overlays)
// and the calculators (package calc). It is a leaf, so imports run one way,
// app → calc → ui, and neither room reaches into the other.
//
// What lives here is small and has one meaning everywhere: the generic
// element builder, the boolean attributes that must not be prerendered
// when false, a label's colon, the moments of the start marked for the
// performance trace, the action that opens a glossary term's sheet, which
// the rules text and the calculators' labels both send, and the one that
// says the page went out of sight. The device's storage is package store;
// how a game's or a term's name is written, package content, which the
// reference cards share.
package ui

import (
	"github.com/at4x/companion/app/handback"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Elem makes an element of go-app's one generic element type. Each typed
// element of go-app (Section, Table, ...) links a few hundred methods into
// the wasm, so elements that need no attribute of their own use this one.
func Elem(tag string) goapp.HTMLElem { return goapp.Elem(tag) }

// Sep is the colon and spacing each language puts after a label.
func Sep(lang string) string {
	if lang == "fr" {
		return "\u00a0: "
	}
	return ": "
}

// MarkReady tells tests and the perf report that the client has drawn the
// page whole (data-app="ready" on the root element): the shell says it for
// every page but a calculator's, which draws in two turns (calc.Page).
func MarkReady() {
	if goapp.IsClient {
		goapp.Window().Get("document").Get("documentElement").Call("setAttribute", "data-app", "ready")
	}
}

// Mark names a moment of the client's start in the browser's performance
// timeline ("at4x:" + name), where go run ./build perf reads the phases of
// the start (build/trace.go). It does nothing outside the browser.
func Mark(name string) {
	if goapp.IsClient {
		goapp.Window().Get("performance").Call("mark", "at4x:"+name)
	}
}

// ActionHidden says the page went out of sight (another app, another tab,
// the phone locked), where a reader may never come back to it: the shell
// sends it, a calculator writes what waits.
const ActionHidden = "at4x/hidden"

// Initialised right after go-app, app/ui hands the main thread back to the
// browser between the standard library's and go-app's initialisation and
// ours (package handback).
func init() { handback.Now() }
