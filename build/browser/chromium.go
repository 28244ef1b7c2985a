package browser

import "github.com/chromedp/chromedp"

// Chromium is Debian's package, which chromedp drives over the DevTools
// protocol.
const Chromium = "/usr/bin/chromium"

// AllocatorOptions are the flags the browser tests and the load timings run
// headless Chromium with, plus extra: no sandbox, since they run as root,
// and no background traffic, which the machine's closed network refuses.
func AllocatorOptions(extra ...chromedp.ExecAllocatorOption) []chromedp.ExecAllocatorOption {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(Chromium),
		chromedp.NoSandbox,
		chromedp.Headless,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
	)
	return append(opts, extra...)
}
