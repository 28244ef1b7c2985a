//go:build race

package search

// raceEnabled makes the timing tests report only: the race detector slows
// the code several times over.
const raceEnabled = true
