// Command build builds, serves, checks and measures the app:
//
//	go run ./build serve [-addr localhost:8000] [-base /]   build the site and serve it
//	go run ./build site  [-out build/site] [-base /] [-wasm file]   build the static site
//	go run ./build test  [-fuzzexecs 20000] [-fuzzbox 30s] [-jobs N] [-partial]   every check and test
//	go run ./build perf  [-runs 5]                the size and speed report
//
// Each command does its own set-up and says what it does, so that a fresh
// clone needs nothing else than Go: test installs what its checks run
// (gcc for the race detector, Chromium, nginx, npm, Firefox and WebKitGTK
// for the print tests, zbar-tools for the QR codes) when it runs as root
// with apt-get, and names the command that does otherwise; perf needs
// Chromium and npm.
package main

import (
	"fmt"
	"os"
)

func main() {
	commands := map[string]func(args []string) error{
		"serve": serve,
		"site":  site,
		"test":  test,
		"perf":  perf,
	}
	if len(os.Args) < 2 || commands[os.Args[1]] == nil {
		fmt.Fprintln(os.Stderr, "usage: go run ./build serve|site|test|perf [flags]")
		os.Exit(2)
	}
	if err := commands[os.Args[1]](os.Args[2:]); err != nil {
		fmt.Fprintln(os.Stderr, "build "+os.Args[1]+": "+err.Error())
		os.Exit(1)
	}
}
