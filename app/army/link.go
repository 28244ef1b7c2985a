package army

import (
	"encoding/base64"
	"net/url"
	"strconv"
	"strings"
)

// The keys of the armies page's link (/armies?...): an army as its file in
// unpadded base64url (mine, theirs) or packed (m, t: Pack), and the
// situation the matrix is worked out for.
const (
	KeyMine         = "mine"
	KeyTheirs       = "theirs"
	KeyMinePacked   = "m"
	KeyTheirsPacked = "t"
)

// EncodeBase64 is a's file in unpadded base64url, the value of mine and
// theirs.
func EncodeBase64(a Army) string {
	return base64.RawURLEncoding.EncodeToString(Encode(a))
}

// DecodeBase64 reads an army from its file in base64url (padded or not).
func DecodeBase64(s string) (Army, []Problem, error) { return ReadBase64(s, Parse) }

// ReadBase64 is DecodeBase64 with parse reading the file's JSON.
func ReadBase64(s string, parse Parser) (Army, []Problem, error) {
	s = strings.TrimRight(strings.TrimSpace(s), "=")
	if base64.RawURLEncoding.DecodedLen(len(s)) > MaxFile {
		return Army{}, nil, &FileError{Reason: ErrTooLarge, Detail: strconv.Itoa(len(s) >> 10)}
	}
	data, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return Army{}, nil, &FileError{Reason: ErrEncoding, Detail: "not base64url"}
	}
	return Read(data, parse)
}

// LinkValue is the key and value that carry a in a link: packed under
// packKey, escaped for the query (EscapeQuery). The file's base64url,
// under the other key, is for links made elsewhere.
func LinkValue(a Army, fileKey, packKey string) (key, value string) {
	return packKey, EscapeQuery(Pack(a))
}

// FromLink reads the army a link's query carries under fileKey (base64url)
// or packKey (Pack), its JSON read by parse; found is false when it has
// neither.
func FromLink(q url.Values, fileKey, packKey string, parse Parser) (a Army, problems []Problem, found bool, err error) {
	if s := q.Get(packKey); q.Has(packKey) {
		if len(s) > MaxFile {
			return Army{}, nil, true, &FileError{Reason: ErrTooLarge, Detail: strconv.Itoa(len(s) >> 10)}
		}
		a, problems, err = Read(Unpack(s), parse)
		return a, problems, true, err
	}
	if q.Has(fileKey) {
		a, problems, err = ReadBase64(q.Get(fileKey), parse)
		return a, problems, true, err
	}
	return Army{}, nil, false, nil
}
