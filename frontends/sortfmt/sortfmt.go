// Package sortfmt reads and writes Water Sort levels in two formats.
//
// The text format holds one level, one bottle a line, its colour tokens from
// the bottom up separated by spaces or tabs:
//
//	# a comment runs from '#' to the end of the line
//	capacity 4
//	red blue red green
//	blue green blue red
//	green red green blue
//	-
//	-
//
// A line holding only "-" is an empty bottle; blank lines and comments are
// ignored. A colour token is any run of UTF-8 characters other than spaces,
// tabs and '#', except "-" and "capacity". The optional line "capacity N" sets
// the units a bottle holds; without it the capacity is deduced as the
// number of units of each colour (every colour must have exactly as many as
// the capacity), the count shared by most colours when they disagree (ties
// go to the larger), and 4 when there are no colours at all. Colours get
// ids in order of first appearance.
//
// The corpus format is JSON Lines, one level an object, as FORMAT.md
// beside this package describes: "id", "capacity", "bottles" (arrays of
// colour tokens, bottom to top) and the optional "best_known_moves",
// "best_known_moves_pour_max", "optimal", "solvable", "source" and "note";
// a near miss of one of these is an error, any other member an annotation,
// kept in Level.Annotations.
//
// Parse tells the formats apart by content: when the first byte that is not
// white space is '{', the input is JSON Lines.
package sortfmt

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
	"github.com/waterworks-solver/waterworks/frontends/textblock"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/watersort"
)

// Level is one level read from an input.
type Level struct {
	// ID names the level: the corpus id, or the input name (with ":line"
	// for a JSON Lines record without an id).
	ID string
	// Line is the line of the input where the level starts.
	Line int
	// Puzzle is the level; nil when Err is set.
	Puzzle *watersort.Puzzle
	// Record is the corpus record for JSON Lines input, nil for text.
	Record *Record
	// Annotations are the members of the record that are the user's own,
	// carried into JSON output unchanged.
	Annotations jsonfields.Annotations
	// Err says what is wrong with this level, with its position
	// (an *inputerr.Error or an inputerr.List).
	Err error
}

// IsJSONLines reports whether data looks like JSON Lines: its first byte
// that is not white space is '{'.
func IsJSONLines(data []byte) bool {
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	return len(trimmed) > 0 && trimmed[0] == '{'
}

// Parse reads the levels of one input named name: one level for the text
// format, one per non-blank line for JSON Lines. A level that cannot be
// read comes back with Err set, so the others can still be used.
func Parse(name string, data []byte) []Level {
	data, err := textsafe.Check(name, data, textsafe.MaxJSONLine)
	if err != nil {
		return whole(name, err)
	}
	if IsJSONLines(data) {
		return ParseJSONLines(name, data)
	}
	p, err := ParseText(name, data)
	lv := Level{ID: name, Line: 1, Puzzle: p, Err: err}
	if err != nil {
		lv.Puzzle = nil
	}
	return []Level{lv}
}

// whole returns the level that stands for an input that cannot be read at
// all, with the reason.
func whole(name string, err error) []Level {
	return []Level{{ID: name, Line: 1, Err: err}}
}

// reservedCapacity is the keyword of the capacity line.
const reservedCapacity = "capacity"

// emptyBottle is the token of an empty bottle.
const emptyBottle = "-"

// token is a word of the text format with its position.
type token = textblock.Token

// ParseText reads one level in the text format. Problems come back as an
// inputerr.List with positions in name.
func ParseText(name string, data []byte) (*watersort.Puzzle, error) {
	data, err := textsafe.Check(name, data, textsafe.MaxTextLine)
	if err != nil {
		return nil, err
	}
	var errs inputerr.List
	var bottles [][]token
	capacity, capLine := 0, 0
	for lineNo, line := range bytes.Split(data, []byte("\n")) {
		toks := splitTokens(line, lineNo+1)
		switch {
		case len(toks) == 0:
			continue
		case len(bottles) == watersort.MaxBottles && toks[0].Text != reservedCapacity:
			errs.Add(name, toks[0].Line, toks[0].Col, "bottle %d: at most %d bottles are supported", watersort.MaxBottles+1, watersort.MaxBottles)
			return nil, errs
		case len(toks) > watersort.MaxCapacity:
			t := toks[watersort.MaxCapacity]
			errs.Add(name, t.Line, t.Col, "bottle %d holds more than %d units, the largest capacity supported", len(bottles)+1, watersort.MaxCapacity)
			return nil, errs
		case toks[0].Text == reservedCapacity:
			if capLine != 0 {
				errs.Add(name, toks[0].Line, toks[0].Col, "second capacity line (the first is on line %d)", capLine)
				continue
			}
			capLine = toks[0].Line
			if len(toks) != 2 {
				errs.Add(name, toks[0].Line, toks[0].Col, "want \"capacity N\" with one number")
				continue
			}
			n, err := strconv.Atoi(toks[1].Text)
			if err != nil || n < 1 || n > watersort.MaxCapacity {
				errs.Add(name, toks[1].Line, toks[1].Col, "capacity %q is not a number in 1..%d", toks[1].Text, watersort.MaxCapacity)
				continue
			}
			capacity = n
			continue
		}
		if len(toks) == 1 && toks[0].Text == emptyBottle {
			bottles = append(bottles, nil)
			continue
		}
		for _, t := range toks {
			switch {
			case len(t.Text) > textsafe.MaxName:
				errs.Add(name, t.Line, t.Col, "%s", textsafe.CheckName("colour name", t.Text))
			case t.Text == emptyBottle:
				errs.Add(name, t.Line, t.Col, "%q marks an empty bottle and stands alone on its line", emptyBottle)
			case t.Text == reservedCapacity:
				errs.Add(name, t.Line, t.Col, "%q is reserved for the capacity line and cannot name a colour", reservedCapacity)
			}
		}
		bottles = append(bottles, toks)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	switch {
	case len(bottles) == 0 && capLine == 0:
		return nil, inputerr.List{inputerr.New(name, 1, 1, "empty input: want a Water Sort level, one bottle a line")}
	case len(bottles) == 0:
		return nil, inputerr.List{inputerr.New(name, capLine, 1, "no bottles after the capacity line")}
	}
	return buildPuzzle(name, capacity, bottles)
}

// splitTokens splits a line into tokens at spaces, tabs and carriage
// returns, dropping a comment (from '#' on).
func splitTokens(line []byte, lineNo int) []token {
	if i := bytes.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	return textblock.Fields(string(line), lineNo, isSeparator)
}

// isSeparator reports whether c ends a token.
func isSeparator(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '#'
}

// buildPuzzle numbers the colours, settles the capacity (0: deduce it) and
// checks the level, positioning each problem at a token.
func buildPuzzle(name string, capacity int, bottles [][]token) (*watersort.Puzzle, error) {
	var errs inputerr.List
	p := &watersort.Puzzle{Bottles: make([][]int, len(bottles))}
	ids := map[string]int{}
	var first []token // first occurrence of each colour
	var count []int
	for i, b := range bottles {
		p.Bottles[i] = make([]int, len(b))
		for k, t := range b {
			id, ok := ids[t.Text]
			if !ok {
				id = len(p.Colors)
				ids[t.Text] = id
				p.Colors = append(p.Colors, t.Text)
				first = append(first, t)
				count = append(count, 0)
			}
			count[id]++
			p.Bottles[i][k] = id
		}
	}
	if capacity == 0 {
		capacity = deduceCapacity(count)
	}
	p.Capacity = capacity
	for i, b := range bottles {
		if len(b) > capacity {
			t := b[capacity]
			errs.Add(name, t.Line, t.Col, "bottle %d holds %d units, more than the capacity %d", i+1, len(b), capacity)
		}
	}
	for id, n := range count {
		if n != capacity {
			t := first[id]
			errs.Add(name, t.Line, t.Col, "colour %s has %d units; every colour needs exactly %d (the capacity)", textsafe.Name(t.Text), n, capacity)
		}
	}
	if len(count) > watersort.MaxColors {
		t := first[watersort.MaxColors]
		errs.Add(name, t.Line, t.Col, "colour %s is colour number %d; at most %d are supported", textsafe.Name(t.Text), watersort.MaxColors+1, watersort.MaxColors)
	}
	if len(bottles) > watersort.MaxBottles { // readers stop at the limit; kept for callers that do not
		errs.Add(name, 1, 1, "%d bottles; at most %d are supported", len(bottles), watersort.MaxBottles)
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	if err := p.Validate(); err != nil { // what positions cannot show, such as the packing limit
		line, col := 1, 1
		if len(first) > 0 {
			line, col = first[0].Line, first[0].Col
		}
		return nil, inputerr.List{inputerr.New(name, line, col, "%v", err)}
	}
	return p, nil
}

// deduceCapacity returns the unit count shared by most colours (ties to the
// larger), or 4 when there are no colours.
func deduceCapacity(count []int) int {
	if len(count) == 0 {
		return 4
	}
	freq := map[int]int{}
	best := 0
	for _, n := range count {
		freq[n]++
		if freq[n] > freq[best] || (freq[n] == freq[best] && n > best) {
			best = n
		}
	}
	return best
}

// validToken reports whether s can be written as a colour token of the
// text format.
func validToken(s string) bool {
	if s == "" || s == emptyBottle || s == reservedCapacity || !utf8.ValidString(s) {
		return false
	}
	for _, c := range []byte(s) {
		if isSeparator(c) {
			return false
		}
	}
	return true
}

// colourTokens returns the token of every colour of p: its name, or its id
// in decimal when unnamed.
func colourTokens(p *watersort.Puzzle) ([]string, error) {
	toks := make([]string, p.NumColors())
	for id := range toks {
		toks[id] = p.ColorName(id)
		if !validToken(toks[id]) {
			return nil, fmt.Errorf("colour %d is named %q, which the text format cannot hold", id, toks[id])
		}
	}
	return toks, nil
}
