package main

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
)

// A size is one file's bytes as is, gzipped and brotli-compressed, as the
// site build precompressed it and a static host serves it; a file that is
// not worth compressing (an image) is served as is, so all three are its
// raw size.
type size struct{ raw, gzip, brotli int }

func (s *size) add(o size) { s.raw += o.raw; s.gzip += o.gzip; s.brotli += o.brotli }

// measureFile reads the size of a file of a built site and of the .gz and
// .br forms beside it.
func measureFile(path string) (size, error) {
	info, err := os.Stat(path)
	if err != nil {
		return size{}, err
	}
	s := size{raw: int(info.Size()), gzip: int(info.Size()), brotli: int(info.Size())}
	if gz, err := os.Stat(path + ".gz"); err == nil {
		s.gzip = int(gz.Size())
	}
	if br, err := os.Stat(path + ".br"); err == nil {
		s.brotli = int(br.Size())
	}
	return s, nil
}

var compressible = map[string]bool{".html": true, ".js": true, ".css": true, ".wasm": true, ".json": true, ".webmanifest": true, ".svg": true, ".txt": true}

// compressAll writes name.br and name.gz beside every text or wasm file of
// out and returns the sizes by slash path relative to out. Brotli runs at
// its best quality: on the wasm it takes most of a minute but saves 12% of
// the first visit against quality 9, so the files are compressed in
// parallel, the largest first.
func compressAll(out string) (map[string]size, error) {
	var names []string
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, p)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(names, func(i, j int) bool { return fileSize(names[i]) > fileSize(names[j]) })

	var (
		mu    sync.Mutex
		all   = map[string]size{}
		first error
		wg    sync.WaitGroup
		next  = make(chan string)
	)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				s, err := compressFile(p)
				rel, _ := filepath.Rel(out, p)
				mu.Lock()
				all[filepath.ToSlash(rel)] = s
				if err != nil && first == nil {
					first = err
				}
				mu.Unlock()
			}
		}()
	}
	for _, p := range names {
		next <- p
	}
	close(next)
	wg.Wait()
	return all, first
}

func fileSize(name string) int64 {
	st, err := os.Stat(name)
	if err != nil {
		return 0
	}
	return st.Size()
}

// compressFile writes p.gz and p.br when p is worth compressing.
func compressFile(p string) (size, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return size{}, err
	}
	s := size{raw: len(b), gzip: len(b), brotli: len(b)}
	if !compressible[filepath.Ext(p)] {
		return s, nil
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		return s, err
	}
	br, err := brotliBytes(b)
	if err != nil {
		return s, err
	}
	if err := os.WriteFile(p+".gz", gz.Bytes(), 0o644); err != nil {
		return s, err
	}
	if err := os.WriteFile(p+".br", br, 0o644); err != nil {
		return s, err
	}
	s.gzip, s.brotli = gz.Len(), len(br)
	return s, nil
}

// brotliBytes compresses b at brotli's best quality. The output for a large
// file is kept in the user's cache directory under b's hash: the wasm takes
// most of a minute, and the test command's second site (-base) or a rebuild
// of the same code then costs nothing.
func brotliBytes(b []byte) ([]byte, error) {
	var cached string
	if dir, err := os.UserCacheDir(); err == nil && len(b) > 1<<20 {
		cached = filepath.Join(dir, "at4x-companion", "brotli", hash(b)[:32]+"-w24.br")
		if out, err := os.ReadFile(cached); err == nil {
			now := time.Now()
			os.Chtimes(cached, now, now) // newest: kept by pruneCache
			return out, nil
		}
	}
	var br bytes.Buffer
	bw := brotli.NewWriterOptions(&br, brotliOptions)
	bw.Write(b)
	if err := bw.Close(); err != nil {
		return nil, err
	}
	if cached != "" && os.MkdirAll(filepath.Dir(cached), 0o755) == nil {
		// Written whole, then renamed: a cut build leaves no half file.
		if os.WriteFile(cached+".tmp", br.Bytes(), 0o644) == nil {
			os.Rename(cached+".tmp", cached)
		}
		pruneCache(filepath.Dir(cached), 4)
	}
	return br.Bytes(), nil
}

// pruneCache keeps the keep newest files of dir, which hold one wasm's
// brotli each, so the cache does not grow with every build.
func pruneCache(dir string, keep int) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type file struct {
		name string
		mod  time.Time
	}
	var files []file
	for _, e := range entries {
		if info, err := e.Info(); err == nil && !e.IsDir() {
			files = append(files, file{e.Name(), info.ModTime()})
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].mod.After(files[j].mod) })
	for i := keep; i < len(files); i++ {
		os.Remove(filepath.Join(dir, files[i].name))
	}
}

// A flushStream is a brotli stream at the site's quality that tells how
// many compressed bytes each part written between two flushes took.
// brotliOptions are the best quality with the largest window a browser
// decodes (16 MB: RFC 7932's 24 bits), which holds the whole wasm: with
// the library's default 4 MB window, matches farther back than 4 MB are
// lost, and the wasm's brotli jumped by up to 35 KB with the place of its
// data (1842.9 against 1809.1 KB for the same client, issue 32).
var brotliOptions = brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24}

type flushStream struct {
	buf     bytes.Buffer
	w       *brotli.Writer
	flushed int
	err     error
}

func newFlushStream() *flushStream {
	s := &flushStream{}
	s.w = brotli.NewWriterOptions(&s.buf, brotliOptions)
	return s
}

func (s *flushStream) write(b []byte) {
	if _, err := s.w.Write(b); err != nil && s.err == nil {
		s.err = err
	}
}

// flush ends the current part and returns its compressed bytes.
func (s *flushStream) flush() int {
	if err := s.w.Flush(); err != nil && s.err == nil {
		s.err = err
	}
	n := s.buf.Len() - s.flushed
	s.flushed = s.buf.Len()
	return n
}

// close ends the stream and returns its compressed size.
func (s *flushStream) close() (int, error) {
	if err := s.w.Close(); err != nil && s.err == nil {
		s.err = err
	}
	return s.buf.Len(), s.err
}

// compressedSizes compresses b as compressFile does.
func compressedSizes(b []byte) (size, error) {
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		return size{}, err
	}
	br, err := brotliBytes(b)
	return size{raw: len(b), gzip: gz.Len(), brotli: len(br)}, err
}
