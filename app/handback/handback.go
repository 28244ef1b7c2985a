// Package handback hands the browser's main thread back to the browser for
// a moment during the client's start, so that the start runs as several
// tasks instead of one: the page, painted from its prerendered HTML,
// answers input between them, and no single task holds it for the whole
// start (a task's blocking time is what it lasts over 50 ms).
//
// Go initialises packages in import order, and V8 compiles each wasm
// function on its first call, so the runtime's and the packages'
// initialisation was one long task. This package imports nothing but
// syscall/js, so it is initialised early, and its init hands back once
// there; app/ui's init, right after go-app's, hands back again, and the
// client's main between the steps of its start (app/cmd/pwa).
package handback

// Now parks the calling goroutine until the browser has run its event
// loop once (a setTimeout callback): waiting on it leaves the runtime
// nothing to run, so it returns to the browser, where a short sleep would
// not (the runtime skips the pause when the timer is already due). Outside
// the browser it returns at once.
func Now() { now() }

func init() { now() }
