package army

import (
	"encoding/base64"
	"net/url"
	"strings"
)

// The keys of the armies page's link (/armies?...): an army as its file in
// unpadded base64url (mine, theirs) or as compact text (m, t), and the
// situation the matrix is worked out for.
const (
	KeyMine          = "mine"
	KeyTheirs        = "theirs"
	KeyMineCompact   = "m"
	KeyTheirsCompact = "t"
)

// EncodeBase64 is a's file in unpadded base64url, the value of mine and
// theirs.
func EncodeBase64(a Army) string {
	return base64.RawURLEncoding.EncodeToString(Encode(a))
}

// DecodeBase64 reads an army from its file in base64url (padded or not).
func DecodeBase64(s string) (Army, []Problem, error) {
	s = strings.TrimRight(strings.TrimSpace(s), "=")
	if base64.RawURLEncoding.DecodedLen(len(s)) > MaxFile {
		return Army{}, nil, &FileError{Reason: ErrTooLarge, Detail: "link"}
	}
	data, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return Army{}, nil, &FileError{Reason: ErrEncoding, Detail: "not base64url"}
	}
	return Decode(data)
}

// LinkValue is the key and value that carry a in a link: the compact text
// under compactKey when it holds every value, else the file's base64url
// under fileKey. The value is escaped for the query (EscapeQuery).
func LinkValue(a Army, fileKey, compactKey string) (key, value string) {
	if s, ok := EncodeCompact(a); ok {
		return compactKey, EscapeQuery(s)
	}
	return fileKey, EncodeBase64(a)
}

// FromLink reads the army a link's query carries under fileKey (base64url)
// or compactKey (compact text); found is false when it has neither.
func FromLink(q url.Values, fileKey, compactKey string) (a Army, problems []Problem, found bool, err error) {
	if s := q.Get(compactKey); q.Has(compactKey) {
		a, problems, err = DecodeCompact(s)
		return a, problems, true, err
	}
	if q.Has(fileKey) {
		a, problems, err = DecodeBase64(q.Get(fileKey))
		return a, problems, true, err
	}
	return Army{}, nil, false, nil
}
