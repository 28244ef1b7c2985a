//go:build wasm

package main

func generate() {}
