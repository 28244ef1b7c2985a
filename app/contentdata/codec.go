package contentdata

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"unsafe"

	"github.com/at4x/companion/docs/content"
)

// The library is not JSON: encoding/json decodes by reflection and unquotes
// every '"' of the HTML, which took about 0.5 s of a throttled phone's
// start. This format is the Library's fields in declaration order, each
// string and slice prefixed by its length in decimal and a colon, and each
// map as its length then its pairs in key order, so the client reads it in
// one pass with no reflection. Lengths in decimal keep the file UTF-8 text,
// which every static host serves compressed (as text/plain), where some
// would send an application/octet-stream file as it is.

// magic starts the encoded library, and changes with the format.
const magic = "at4x-library-4\n"

// Encode writes a library in the format Decode reads.
func Encode(lib *content.Library) []byte {
	var e encoder
	e.b = append(e.b, magic...)
	e.len(len(lib.Texts))
	for _, t := range lib.Texts {
		e.str(t.Game)
		e.str(t.Lang)
		e.len(len(t.Chapters))
		for _, c := range t.Chapters {
			e.str(c.ID)
			e.str(c.Title)
			e.len(len(c.Sections))
			for _, s := range c.Sections {
				e.str(s.ID)
				e.str(s.Title)
				e.str(s.Source)
				e.str(s.HTML)
				e.headings(s.Headings)
				e.strs(s.Aliases)
				e.blocks(s.Blocks)
			}
		}
	}
	e.len(len(lib.Pages))
	for _, p := range lib.Pages {
		e.str(p.ID)
		e.str(p.Lang)
		e.str(p.Title)
		e.str(p.HTML)
		e.headings(p.Headings)
		e.blocks(p.Blocks)
	}
	e.len(len(lib.Terms))
	for _, t := range lib.Terms {
		e.str(t.ID)
		e.strs(t.Games)
		e.langMap(t.Names)
		e.langMap(t.Abbr)
		e.len(len(t.Aliases))
		for _, l := range sortedKeys(t.Aliases) {
			e.str(l)
			e.strs(t.Aliases[l])
		}
		e.strMap(t.Def)
		e.strs(t.Sections)
	}
	return e.b
}

type encoder struct{ b []byte }

func (e *encoder) len(n int)    { e.b = append(strconv.AppendUint(e.b, uint64(n), 10), ':') }
func (e *encoder) str(s string) { e.len(len(s)); e.b = append(e.b, s...) }

func (e *encoder) strs(v []string) {
	e.len(len(v))
	for _, s := range v {
		e.str(s)
	}
}

func (e *encoder) strMap(m map[string]string) {
	e.len(len(m))
	for _, k := range sortedKeys(m) {
		e.str(k)
		e.str(m[k])
	}
}

// langMap writes a map keyed by language of maps keyed by game.
func (e *encoder) langMap(m map[string]map[string]string) {
	e.len(len(m))
	for _, l := range sortedKeys(m) {
		e.str(l)
		e.strMap(m[l])
	}
}

func (e *encoder) headings(v []content.Heading) {
	e.len(len(v))
	for _, h := range v {
		e.str(h.ID)
		e.str(h.Title)
	}
}

func (e *encoder) blocks(v []content.Block) {
	e.len(len(v))
	for _, b := range v {
		e.str(b.Anchor)
		e.str(b.Text)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Decode reads a library Encode wrote. Empty slices and maps come back nil,
// as encoding/json leaves omitted fields. The library's strings share b's
// memory, so b must never change afterwards.
func Decode(b []byte) (lib *content.Library, err error) {
	if len(b) < len(magic) || string(b[:len(magic)]) != magic {
		return nil, fmt.Errorf("decoding the library failed: it does not start with %q; rebuild it with go run ./build site", magic)
	}
	d := decoder{b: b[len(magic):]}
	defer func() {
		if r := recover(); r != nil {
			if r != errTruncated {
				panic(r)
			}
			lib, err = nil, fmt.Errorf("decoding the library failed: %w", errTruncated)
		}
	}()
	lib = &content.Library{}
	for range d.len() {
		t := &content.Text{Game: d.str(), Lang: d.str()}
		for range d.len() {
			c := &content.Chapter{ID: d.str(), Title: d.str()}
			for range d.len() {
				c.Sections = append(c.Sections, &content.Section{
					ID: d.str(), Title: d.str(), Source: d.str(), HTML: d.str(),
					Headings: d.headings(), Aliases: d.strs(), Blocks: d.blocks(),
				})
			}
			t.Chapters = append(t.Chapters, c)
		}
		lib.Texts = append(lib.Texts, t)
	}
	for range d.len() {
		lib.Pages = append(lib.Pages, &content.Page{
			ID: d.str(), Lang: d.str(), Title: d.str(), HTML: d.str(),
			Headings: d.headings(), Blocks: d.blocks(),
		})
	}
	for range d.len() {
		t := &content.Term{ID: d.str(), Games: d.strs()}
		t.Names = d.langMap()
		t.Abbr = d.langMap()
		if n := d.len(); n > 0 {
			t.Aliases = make(map[string][]string, n)
			for range n {
				lang := d.str()
				t.Aliases[lang] = d.strs()
			}
		}
		t.Def = d.strMap()
		t.Sections = d.strs()
		lib.Terms = append(lib.Terms, t)
	}
	if len(d.b) != 0 {
		return nil, fmt.Errorf("decoding the library failed: %d bytes left over after the last term", len(d.b))
	}
	return lib, nil
}

var errTruncated = errors.New("the data ends in the middle of a value, or a length is not digits and a colon")

// decoder reads the encoded library; it panics with errTruncated, which
// Decode turns into an error, so the reading code stays one call per field.
type decoder struct{ b []byte }

// len reads a length: decimal digits and a colon.
func (d *decoder) len() int {
	n := 0
	for i, c := range d.b {
		switch {
		case c >= '0' && c <= '9' && i < maxDigits:
			n = n*10 + int(c-'0')
		case c == ':' && i > 0 && n <= len(d.b):
			d.b = d.b[i+1:]
			return n
		default:
			panic(errTruncated)
		}
	}
	panic(errTruncated)
}

// maxDigits is the most digits a length may have: more than any length of a
// file the client can hold, and few enough that n cannot overflow.
const maxDigits = 10

func (d *decoder) str() string {
	n := d.len()
	if n > len(d.b) {
		panic(errTruncated)
	}
	if n == 0 {
		return ""
	}
	// The strings share the encoded bytes rather than copy them: a copy
	// per string was a third of the decoding time in wasm.
	s := unsafe.String(&d.b[0], n)
	d.b = d.b[n:]
	return s
}

func (d *decoder) strs() []string {
	n := d.len()
	if n == 0 {
		return nil
	}
	v := make([]string, n)
	for i := range v {
		v[i] = d.str()
	}
	return v
}

func (d *decoder) strMap() map[string]string {
	n := d.len()
	if n == 0 {
		return nil
	}
	m := make(map[string]string, n)
	for range n {
		k := d.str()
		m[k] = d.str()
	}
	return m
}

func (d *decoder) langMap() map[string]map[string]string {
	n := d.len()
	if n == 0 {
		return nil
	}
	m := make(map[string]map[string]string, n)
	for range n {
		l := d.str()
		m[l] = d.strMap()
	}
	return m
}

func (d *decoder) headings() []content.Heading {
	n := d.len()
	if n == 0 {
		return nil
	}
	v := make([]content.Heading, n)
	for i := range v {
		v[i] = content.Heading{ID: d.str(), Title: d.str()}
	}
	return v
}

func (d *decoder) blocks() []content.Block {
	n := d.len()
	if n == 0 {
		return nil
	}
	v := make([]content.Block, n)
	for i := range v {
		v[i] = content.Block{Anchor: d.str(), Text: d.str()}
	}
	return v
}
