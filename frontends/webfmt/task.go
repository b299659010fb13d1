package webfmt

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// DecodeTask reads a puzzle-aquarium.com task string:
//
//	<col_1>_..._<col_N>_<row_1>_..._<row_N>;<id>,<id>,...
//
// with the N column clues, the N row clues and then the N×N aquarium ids of
// the cells, row by row from the top left, counting from 1. The site's
// grids are square and the string does not say its width, so N is half the
// number of clues and the ids must number N×N; a W×H grid with W≠H cannot be
// told apart from an H×W one and is not accepted. The site gives every clue,
// and the format has no mark for a missing one. The site plays by
// aquarium.RegionRule.
//
// Surrounding white space is ignored. name labels errors, which are
// *inputerr.Error values at line 1 (or the line of the problem, when the
// text spans lines) and the byte column of the problem.
func DecodeTask(name, text string) (*aquarium.Puzzle, error) {
	src := source{name: name, text: text}
	start, end := trimSpace(text)
	if start == end {
		return nil, src.errAt(end, "empty task string; want column and row clues, ';', then aquarium ids, "+
			"as in 1_2_1_2;1,1,2,2")
	}
	semi := strings.IndexByte(text[start:end], ';')
	if semi < 0 {
		return nil, src.errAt(end, "want ';' between the clues and the aquarium ids")
	}
	semi += start

	clues, err := taskNumbers(src, start, semi, '_', "a clue (a number of full cells)", 2*aquarium.MaxSide)
	if err != nil {
		return nil, err
	}
	if len(clues)%2 != 0 {
		return nil, src.errAt(semi, "%d clues before ';'; want as many column clues as row clues", len(clues))
	}
	n := len(clues) / 2
	ids, err := taskNumbers(src, semi+1, end, ',', "an aquarium id (a number from 1)", n*n)
	if err != nil {
		return nil, err
	}
	if len(ids) < n*n {
		return nil, src.errAt(end, "%d aquarium ids; a %dx%d grid needs %d, one per cell", len(ids), n, n, n*n)
	}

	p := newPuzzle(n, n)
	for i, k := range clues {
		if msg := setClue(p, i, k.value); msg != "" {
			return nil, src.errAt(k.off, "%s", msg)
		}
	}
	for i, id := range ids {
		if id.value < 1 {
			return nil, src.errAt(id.off, "aquarium id 0; ids count from 1")
		}
		p.Regions[i] = id.value
	}
	compact(p.Regions)
	return p, nil
}

// EncodeTask writes p as a puzzle-aquarium.com task string (see DecodeTask).
// It fails for a grid that is not square and for a puzzle with a missing
// clue, neither of which the format can express. Aquarium ids are written
// from 1 in the order of p's ids, closing any gaps.
func EncodeTask(p *aquarium.Puzzle) (string, error) {
	if err := p.Validate(); err != nil {
		return "", err
	}
	if p.Width != p.Height {
		return "", unsupported("task strings describe square grids; this one is %dx%d", p.Width, p.Height)
	}
	var b strings.Builder
	for i, k := range slices.Concat(p.Cols, p.Rows) {
		if k == aquarium.NoClue {
			return "", unsupported("task strings give every clue; %s has none", clueName(p, i))
		}
		if i > 0 {
			b.WriteByte('_')
		}
		b.WriteString(strconv.Itoa(k))
	}
	b.WriteByte(';')
	ids := slices.Clone(p.Regions)
	compact(ids)
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(id + 1))
	}
	return b.String(), nil
}

// number is a number read from the input and the byte offset where it
// starts.
type number struct {
	value, off int
}

// taskNumbers reads the sep-separated numbers in text[from:to], failing at
// the first number beyond the first limit.
func taskNumbers(src source, from, to int, sep byte, want string, limit int) ([]number, error) {
	var out []number
	for off := from; ; {
		next := strings.IndexByte(src.text[off:to], sep)
		field := src.text[off:to]
		if next >= 0 {
			field = field[:next]
		}
		v, ok := parseCount(field)
		switch {
		case !ok:
			return nil, src.errAt(off+badByte(field), "want %s, found %s", want, describe(field))
		case len(out) == limit:
			return nil, src.errAt(off, "%s", tooMany(want, limit))
		}
		out = append(out, number{value: v, off: off})
		if next < 0 {
			return out, nil
		}
		off += next + 1
	}
}

// tooMany says that a task string holds more than limit numbers of a kind.
func tooMany(want string, limit int) string {
	if strings.HasPrefix(want, "a clue") {
		return fmt.Sprintf("more than %d clues: grids are at most %dx%d", limit, aquarium.MaxSide, aquarium.MaxSide)
	}
	n := int(math.Sqrt(float64(limit)))
	return fmt.Sprintf("more than %d aquarium ids; a %dx%d grid has %d cells", limit, n, n, limit)
}

// badByte returns the offset of the first byte of field that is not a
// decimal digit, or 0 when every byte is one (the field is then empty or
// too long).
func badByte(field string) int {
	for i := range len(field) {
		if field[i] < '0' || field[i] > '9' {
			return i
		}
	}
	return 0
}

// describe names a field for an error message.
func describe(field string) string {
	switch {
	case field == "":
		return "nothing"
	case badByte(field) == 0 && field[0] >= '0' && field[0] <= '9':
		return strconv.Quote(field) + " (too large)"
	}
	return strconv.Quote(field)
}

// compact renumbers ids in place as 0, 1, 2, ... keeping their order, so
// that 1,1,2,3 becomes 0,0,1,2 and 2,7,2 becomes 0,1,0.
func compact(ids []int) {
	distinct := slices.Clone(ids)
	slices.Sort(distinct)
	distinct = slices.Compact(distinct)
	for i, id := range ids {
		ids[i], _ = slices.BinarySearch(distinct, id)
	}
}

// trimSpace returns the bounds of text without surrounding white space.
func trimSpace(text string) (start, end int) {
	start, end = 0, len(text)
	for start < end && isSpace(text[start]) {
		start++
	}
	for end > start && isSpace(text[end-1]) {
		end--
	}
	return start, end
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\n' }
