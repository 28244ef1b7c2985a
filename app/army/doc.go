// Package army is the model of the armies a player keeps: units (what
// they fight with and what they are as a target), armies (a named list of
// units of one game), their file format and links, and the matrix of who
// should shoot whom. It is a leaf: it imports the odds engine (package
// rules) and the standard library, never go-app or the shell, so all of it
// is tested natively.
//
// Every value of a unit is a share-link value, kept under the key a
// calculator's link gives it (README, "Share links"), and checked by the
// engine's own parsing of that link (rules.ParseShoot, ParseMelee,
// ParseIndirect, ParseMorale): an army holds nothing a calculator would
// refuse, and a cell of the matrix is exactly the calculator link it opens
// (Cell.Query), computed by the same engine: its input put together from
// its row's values and its column's, each read once, which is what reading
// the link gives (TestComposedIsParsed, TestMatrixCellIsItsLink).
//
// An army travels as a file, "at4x-army/1" JSON read by a small reader of
// its own (json.go: bounded in size and depth, no reflection; the client
// reads with it too), as
// the same bytes in unpadded base64url under the link keys mine and
// theirs, or packed under m and t (pack.go: the file with its recurring
// pieces written as two characters), which keeps a 12-unit army within
// one QR code. Reading never fails on a bad value: a value the
// engine refuses, an unknown key, a name too long, a unit past the caps
// is left out or cut, and each is reported as a Problem naming the unit
// and the key; only what is not an army at all (not JSON, another format,
// too large, too deep, no unit) is refused, as a *FileError.
//
// The matrix (matrix.go) is filled a slice at a time (Matrix.Fill with a
// work budget), so a page can yield to the browser between slices; each
// distinct attack (the same weapon values at the same target values) is
// worked out once.
package army
