package jsonfields

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
)

// An Index locates the values of one line of JSON Lines, recorded once in
// one walk of the line (as go/token.File records line offsets): the
// 1-based column of the value at each path ("width", "regions[2][5]",
// "goal.state"; object keys in lower case, since encoding/json matches
// them without regard to case), and the 0-based offsets of all tokens in
// order. Every format finds the column of a value through it; the nil
// *Index knows no value, and says column 1 for all.
type Index struct {
	at     map[string]int
	starts []int
}

// NewIndex walks line with a json.Decoder. It stops quietly at a syntax
// error, keeping what it found before it.
func NewIndex(line []byte) *Index {
	x := &Index{at: make(map[string]int)}
	w := walker{x: x, line: line, dec: json.NewDecoder(bytes.NewReader(line))}
	w.dec.UseNumber()
	w.value("")
	return x
}

// walker fills an Index in one pass over a line.
type walker struct {
	x    *Index
	line []byte
	dec  *json.Decoder
}

// next reads the next token and the offset where it starts.
func (w *walker) next() (json.Token, int, error) {
	start := skip(w.line, int(w.dec.InputOffset()), " \t\r\n,:")
	tok, err := w.dec.Token()
	if err == nil {
		w.x.starts = append(w.x.starts, start)
	}
	return tok, start, err
}

// value records the value at path and everything within it; it reports
// false at a syntax error.
func (w *walker) value(path string) bool {
	tok, start, err := w.next()
	if err != nil {
		return false
	}
	w.x.at[path] = start + 1
	switch tok {
	case json.Delim('{'):
		for w.dec.More() {
			key, _, err := w.next()
			if err != nil {
				return false
			}
			k, _ := key.(string)
			if path != "" {
				k = path + "." + k
			}
			if !w.value(strings.ToLower(k)) {
				return false
			}
		}
	case json.Delim('['):
		for i := 0; w.dec.More(); i++ {
			if !w.value(path + "[" + strconv.Itoa(i) + "]") {
				return false
			}
		}
	default:
		return true
	}
	_, _, err = w.next() // the closing delimiter
	return err == nil
}

// TokenAt returns the column of the token holding byte offset off.
func (x *Index) TokenAt(off int) int {
	if x == nil {
		return 1
	}
	i := sort.SearchInts(x.starts, off+1) - 1
	if i < 0 {
		return 1
	}
	return x.starts[i] + 1
}

// Column returns the column of the value at path ("" is the whole
// object), or 1 when the line has no such value.
func (x *Index) Column(path string) int {
	if col, ok := x.Lookup(path); ok {
		return col
	}
	return 1
}

// Lookup returns the column of the value at path and whether the line has
// one (even null) there.
func (x *Index) Lookup(path string) (int, bool) {
	if x == nil {
		return 0, false
	}
	col, ok := x.at[strings.ToLower(path)]
	return col, ok
}

// Elem returns the path of element i of the array at path: "times[2]".
func Elem(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// A Line is one line of JSON Lines whose Index is made on first use, so
// that a line read without a problem costs no walk.
type Line struct {
	Text  []byte
	index *Index
}

// Index returns the line's Index, made on the first call.
func (l *Line) Index() *Index {
	if l.index == nil {
		l.index = NewIndex(l.Text)
	}
	return l.index
}

// Column returns the column of the value at path (see Index.Column).
func (l *Line) Column(path string) int { return l.Index().Column(path) }
