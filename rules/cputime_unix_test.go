//go:build unix

package rules

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used: on a machine shared with
// other work, a fairer clock of what the simulation costs than the wall.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
