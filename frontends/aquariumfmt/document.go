package aquariumfmt

import (
	"bytes"
	"context"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// Document is one puzzle read from an input, with what came with it.
type Document struct {
	// ID names the puzzle: the id the input states (an id directive, or the
	// id field of a JSON line), else the input's name for text and
	// "name:line" for JSON Lines.
	ID string
	// HasID reports whether the input states the id.
	HasID bool
	// Puzzle is the grid and its clues; it passes Puzzle.Validate.
	Puzzle *aquarium.Puzzle
	// Rule is the rule the input states, when HasRule is set.
	Rule aquarium.Rule
	// HasRule reports whether the input states a rule.
	HasRule bool
	// Solution is the solution that came with the puzzle, possibly partial
	// (with Unknown cells); its Width is 0 when there is none.
	Solution aquarium.Solution
	// Corpus holds the fields of the corpus format beyond the puzzle when
	// the document was read from JSON Lines, and is nil otherwise.
	Corpus *CorpusInfo
	// Line is the line of the input the puzzle starts on.
	Line int
	// Annotations are the members of its JSON Lines record that are the
	// user's own (none of Fields, nor a near miss of one), carried into
	// JSON output unchanged.
	Annotations jsonfields.Annotations
}

// HasSolution reports whether a solution came with the puzzle.
func (d Document) HasSolution() bool { return d.Solution.Width > 0 }

// Format is an input format that Read recognises.
type Format int

const (
	// Text is the human text format of this package (see FORMAT.md).
	Text Format = iota
	// JSONLines is the corpus format: one JSON object per line.
	JSONLines
	// Task is the task string of puzzle-aquarium.com, one puzzle per line
	// (see webfmt.DecodeTask).
	Task
	// URL is a puzz.link or pzprjs address, one puzzle per line (see
	// webfmt.DecodeURL).
	URL
	// Pzprv3 is the file format of pzprjs, one puzzle per file (see
	// webfmt.DecodePzprv3).
	Pzprv3
)

// String returns the format's name.
func (f Format) String() string {
	switch f {
	case Text:
		return "text"
	case JSONLines:
		return "JSON Lines"
	case Task:
		return "task string"
	case URL:
		return "URL"
	case Pzprv3:
		return "pzprv3"
	}
	return "unknown format"
}

// Detect tells the format of data from its first line other than blank
// lines and comment lines (lines whose first character other than spaces
// and tabs is '#'), after a UTF-8 byte order mark:
//
//   - '{' starts JSON Lines;
//   - "pzprv3" (alone, or followed by a version such as ".1" or by '/')
//     starts a pzprv3 file;
//   - "http://", "https://", "p?", "?" or "aquarium/" starts a URL;
//   - a digit starts a task string when the first word (up to a space or
//     the end of the line) holds '_' or ';', as in "4_5_5_3;1,1,2,...";
//   - anything else is the text format, whose column clue line starts
//     with a number and a space, or '-'.
//
// Input that starts like a format but goes wrong later is still detected as
// that format, so its reader says what it expected there.
func Detect(data []byte) Format {
	return sniff(data[contentStart(data):])
}

// sniff tells the format of text that starts with its first non-blank,
// non-comment byte.
func sniff(b []byte) Format {
	switch {
	case len(b) == 0:
		return Text
	case b[0] == '{':
		return JSONLines
	case isPzprv3Header(b):
		return Pzprv3
	case isURLStart(b):
		return URL
	case isTaskStart(b):
		return Task
	}
	return Text
}

func isPzprv3Header(b []byte) bool {
	rest, ok := bytes.CutPrefix(b, []byte("pzprv3"))
	return ok && (len(rest) == 0 || strings.IndexByte(" \t\r\n/.", rest[0]) >= 0)
}

func isURLStart(b []byte) bool {
	for _, scheme := range []string{"http://", "https://"} {
		if len(b) >= len(scheme) && strings.EqualFold(string(b[:len(scheme)]), scheme) {
			return true
		}
	}
	for _, prefix := range []string{"p?", "?", "aquarium/"} {
		if bytes.HasPrefix(b, []byte(prefix)) {
			return true
		}
	}
	return false
}

func isTaskStart(b []byte) bool {
	if b[0] < '0' || b[0] > '9' {
		return false
	}
	word := b
	if i := bytes.IndexAny(b, " \t\r\n"); i >= 0 {
		word = b[:i]
	}
	return bytes.ContainsAny(word, "_;")
}

// contentStart returns the offset of the first byte of data that is not a
// leading byte order mark, white space or part of a comment line.
func contentStart(data []byte) int {
	i := 0
	if bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")) { // a byte order mark
		i = 3
	}
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\r', '\n':
			i++
		case '#': // the first character of its line other than blanks: a comment line
			nl := bytes.IndexByte(data[i:], '\n')
			if nl < 0 {
				return len(data)
			}
			i += nl + 1
		default:
			return i
		}
	}
	return i
}

// Read reads the puzzles of one input in the format Detect finds: one
// document for pzprv3, one per line for JSON Lines, task strings and URLs,
// and for text one per grid, where each after the first begins with a
// directive. name is used in error messages and default ids. Problems come
// back as an inputerr.List; where an input holds several puzzles, the
// documents of the good ones are returned along with the problems of the
// bad ones.
func Read(name string, data []byte) ([]Document, error) {
	return ReadContext(context.Background(), name, data)
}

// ReadContext is Read under ctx: reading a large input stops soon after
// ctx is done (within a line of text or JSON Lines, or a row of a grid)
// and returns ctx's error alone.
func ReadContext(ctx context.Context, name string, data []byte) ([]Document, error) {
	switch f := Detect(data); f {
	case JSONLines:
		return parseJSONL(ctx, name, data)
	case Task, URL:
		return parseLinks(name, data, f)
	case Pzprv3:
		d, err := parsePzprv3(name, data)
		if err != nil {
			return nil, err
		}
		return []Document{d}, nil
	default:
		return parseTexts(ctx, name, data)
	}
}

// maxErrors is how many problems one input reports before it gives up with
// "too many errors", as compilers do.
const maxErrors = 10

// errorList collects the problems of one input.
type errorList struct {
	file string
	list inputerr.List
}

func (e *errorList) add(line, col int, format string, args ...any) {
	e.list.Add(e.file, line, col, format, args...)
}

func (e *errorList) empty() bool { return len(e.list) == 0 }

// err returns the problems in input order, the first maxErrors of them
// followed by "too many errors" when there are more, or nil.
func (e *errorList) err() error {
	e.list.Sort()
	if len(e.list) > maxErrors {
		next := e.list[maxErrors]
		e.list = append(e.list[:maxErrors], inputerr.New(e.file, next.Line, next.Col, "too many errors"))
	}
	return e.list.Err()
}
