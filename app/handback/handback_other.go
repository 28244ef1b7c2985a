//go:build !(js && wasm)

package handback

func now() {}
