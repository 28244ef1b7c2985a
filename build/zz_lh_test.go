package main

import (
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/at4x/companion/build/browser"
)

func TestZZLH(t *testing.T) {
	srv := httptest.NewServer(siteHandler(os.Getenv("SITE")))
	defer srv.Close()
	cli := filepath.Join("..", lighthouseDir, "node_modules", "lighthouse", "cli", "index.js")
	cmd := exec.Command("node", cli, srv.URL+os.Getenv("PAGE"), "--only-categories=performance", "--output=json", "--output-path=/tmp/lh.json", "--quiet",
		"--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage")
	cmd.Env = append(os.Environ(), "CHROME_PATH="+browser.Chromium)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
}
