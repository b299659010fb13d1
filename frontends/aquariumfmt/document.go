package aquariumfmt

import (
	"bytes"
	"unicode/utf8"

	"waterworks/frontends/inputerr"
	"waterworks/models/aquarium"
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
)

// String returns the format's name.
func (f Format) String() string {
	switch f {
	case Text:
		return "text"
	case JSONLines:
		return "JSON Lines"
	}
	return "unknown format"
}

// Detect tells the format of data from its first bytes other than white
// space (and a UTF-8 byte order mark): '{' starts JSON Lines, anything else
// is text.
func Detect(data []byte) Format {
	rest := bytes.TrimLeft(bytes.TrimPrefix(data, byteOrderMark), " \t\r\n")
	// Formats recognised by their first bytes get a case here, before the
	// text format, which takes everything else.
	switch {
	case len(rest) > 0 && rest[0] == '{':
		return JSONLines
	default:
		return Text
	}
}

// Read reads the puzzles of one input in the format Detect finds: one
// document for text, one per line for JSON Lines. name is used in error
// messages and default ids. Problems come back as an inputerr.List; for
// JSON Lines the documents of the good lines are returned along with the
// problems of the bad ones.
func Read(name string, data []byte) ([]Document, error) {
	switch Detect(data) {
	case JSONLines:
		return ParseJSONL(name, data)
	default:
		d, err := ParseText(name, data)
		if err != nil {
			return nil, err
		}
		return []Document{d}, nil
	}
}

// byteOrderMark is the UTF-8 encoding of U+FEFF, which some editors put at
// the start of text files. Readers take it for white space.
var byteOrderMark = []byte("\xEF\xBB\xBF")

// blankBOM returns data with a leading byte order mark replaced by spaces,
// which keeps byte columns true to the input.
func blankBOM(data []byte) []byte {
	if !bytes.HasPrefix(data, byteOrderMark) {
		return data
	}
	out := bytes.Clone(data)
	copy(out, "   ")
	return out
}

// checkEncoding rejects input that is not text: invalid UTF-8, NUL bytes
// and control characters other than tab, line feed and carriage return. It
// reports the first offending byte only, since binary input would
// otherwise bury the reader in errors.
func checkEncoding(name string, data []byte) error {
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			return inputerr.List{inputerr.New(name, line, col, "not UTF-8 text: invalid byte 0x%02X", data[i])}
		case r == 0:
			return inputerr.List{inputerr.New(name, line, col, "not a text file: NUL byte")}
		case (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || r == 0x7F:
			return inputerr.List{inputerr.New(name, line, col, "not a text file: control character U+%04X", r)}
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col += size
		}
		i += size
	}
	return nil
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
