//go:build wasm

package contentdata

import (
	"errors"
	"fmt"
	"syscall/js"
	"time"

	"github.com/at4x/companion/docs/content"
)

// fetchTries is how many times Load asks for the library before it gives
// up, a second apart: a first visit on a poor link may lose one request.
const fetchTries = 3

// Load waits for the library the head script fetches (FetchFunc) and
// decodes it. Its search blocks are left out until RestoreBlocks.
func Load() (*content.Library, error) {
	fetch := js.Global().Get(FetchFunc)
	if fetch.Type() != js.TypeFunction {
		return nil, fmt.Errorf("loading the library failed: the page's head script did not define %s", FetchFunc)
	}
	var err error
	for try := range fetchTries {
		if try > 0 {
			time.Sleep(time.Second)
		}
		var b []byte
		if b, err = await(fetch.Invoke()); err == nil {
			return Decode(b)
		}
	}
	return nil, fmt.Errorf("loading the library failed: %w", err)
}

// await waits for a promise of an ArrayBuffer and copies its bytes into Go.
func await(promise js.Value) ([]byte, error) {
	type result struct {
		b   []byte
		err error
	}
	done := make(chan result, 1)
	ok := js.FuncOf(func(_ js.Value, args []js.Value) any {
		arr := js.Global().Get("Uint8Array").New(args[0])
		b := make([]byte, arr.Length())
		js.CopyBytesToGo(b, arr)
		done <- result{b: b}
		return nil
	})
	defer ok.Release()
	fail := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- result{err: errors.New(js.Global().Get("String").Invoke(args[0]).String())}
		return nil
	})
	defer fail.Release()
	promise.Call("then", ok, fail)
	r := <-done
	return r.b, r.err
}
