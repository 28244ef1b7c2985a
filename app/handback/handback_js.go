//go:build js && wasm

package handback

import "syscall/js"

func now() {
	done := make(chan struct{})
	f := js.FuncOf(func(js.Value, []js.Value) any {
		close(done)
		return nil
	})
	js.Global().Call("setTimeout", f, 0)
	<-done
	f.Release()
}
