// Package textsafe guards the text that crosses the program's edges. On the
// way in, Check vets an input before a format reader parses it: it must be
// UTF-8 text without NUL bytes or control characters, no larger than
// MaxInput, with lines no longer than the reader allows; old Mac line ends
// (a lone carriage return) are read as line ends. ScanJSON does the same
// for one line of JSON Lines, bounding its arrays before a decoder
// allocates for them. On the way out, Name escapes a name taken from input
// (an id, a label, a colour) so that printing it cannot send control
// sequences to a terminal.
//
// Every problem comes back at its line and byte column: Check's as an
// inputerr.List of one error, like the readers' other errors.
package textsafe

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
)

// Limits on the size of inputs, the same for every format. They are
// documented in the "Limits" section of frontends/cli/COMMANDS.md.
const (
	// MaxInput is the largest input read, in bytes: room for a 1000x1000
	// Aquarium grid in any format, or a corpus of tens of thousands of
	// puzzles.
	MaxInput = 32 << 20
	// MaxTextLine is the longest line of the text formats (Aquarium and
	// Water Sort), in bytes: a row of 1000 labels of up to 64 bytes each.
	MaxTextLine = 64 << 10
	// MaxJSONLine is the longest line of JSON Lines, task strings, URLs and
	// pzprv3 files, in bytes: a 1000x1000 Aquarium grid fits on one line.
	MaxJSONLine = 16 << 20
	// MaxJSONArray is the most elements a JSON array of an input may have:
	// no field of any format needs more (a row of regions holds at most
	// 1000 ids).
	MaxJSONArray = 1000
	// MaxName is the longest id or colour name, in bytes.
	MaxName = 1000
)

// byteOrderMark is the UTF-8 encoding of U+FEFF, which some editors put at
// the start of text files.
var byteOrderMark = []byte("\xEF\xBB\xBF")

// Check vets data, the whole of the input named name, for a reader whose
// lines may be up to maxLine bytes long. It returns the data ready to
// split at '\n': a leading byte order mark blanked to three spaces and, in
// an input whose lines all end with a lone '\r' (old Mac line ends), every
// '\r' turned into '\n'. Both keep every byte at its offset, so line and
// column numbers stay true to the input. The data is copied only when it
// changes.
//
// Check reports the first problem only, since binary input would
// otherwise bury the reader in errors: input larger than MaxInput, invalid
// UTF-8, a NUL byte, a control character other than tab, line feed and
// carriage return, or a line longer than maxLine.
func Check(name string, data []byte, maxLine int) ([]byte, error) {
	if len(data) > MaxInput {
		return nil, problem(name, 1, 1, "input is %d bytes; at most %d (%d MiB) are read", len(data), MaxInput, MaxInput>>20)
	}
	data = normalise(data)
	line, lineStart := 1, 0
	for i := 0; i < len(data); {
		b := data[i]
		if b == '\n' {
			line, lineStart = line+1, i+1
			i++
			continue
		}
		r, size := rune(b), 1
		if b >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(data[i:])
		}
		switch {
		case i+size-lineStart > maxLine:
			return nil, problem(name, line, i-lineStart+1, "line is longer than %d bytes (the limit for this format)", maxLine)
		case b < utf8.RuneSelf:
			if b < 0x20 && b != '\t' && b != '\r' || b == 0x7F {
				return nil, problem(name, line, i-lineStart+1, "not a text file: %s", describeControl(r))
			}
		case r == utf8.RuneError && size == 1:
			return nil, problem(name, line, i-lineStart+1, "not UTF-8 text: invalid byte 0x%02X", b)
		case unicode.IsControl(r):
			return nil, problem(name, line, i-lineStart+1, "not a text file: %s", describeControl(r))
		}
		i += size
	}
	return data, nil
}

// problem returns an inputerr.List of one error at name:line:col.
func problem(name string, line, col int, format string, args ...any) error {
	return inputerr.List{inputerr.New(name, line, col, format, args...)}
}

// describeControl names a control character for a message.
func describeControl(r rune) string {
	if r == 0 {
		return "NUL byte"
	}
	return fmt.Sprintf("control character U+%04X", r)
}

// normalise blanks a leading byte order mark and turns lone carriage
// returns into line feeds when the input has no line feed at all.
func normalise(data []byte) []byte {
	bom := bytes.HasPrefix(data, byteOrderMark)
	macLines := bytes.IndexByte(data, '\n') < 0 && bytes.IndexByte(data, '\r') >= 0
	if !bom && !macLines {
		return data
	}
	out := bytes.Clone(data)
	if bom {
		copy(out, "   ")
	}
	if macLines {
		for i, b := range out {
			if b == '\r' {
				out[i] = '\n'
			}
		}
	}
	return out
}

// Name returns s ready to print among other text: s itself when it is
// valid UTF-8 made of printable characters and spaces only, otherwise s
// quoted in Go syntax, control characters and all non-printable runes
// escaped ("\x1b[2J" for ESC [ 2 J). A name taken from an input, printed
// through Name, cannot move the cursor, clear a terminal or reverse the
// direction of the text after it.
func Name(s string) string {
	for _, r := range s {
		if r == utf8.RuneError || !strconv.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}

// CheckName reports what keeps s from being an id or a colour name: more
// than MaxName bytes, invalid UTF-8 or a control character. what names the
// field in the message ("id", "colour name").
func CheckName(what, s string) string {
	if len(s) > MaxName {
		return fmt.Sprintf("%s is %d bytes long; at most %d are allowed", what, len(s), MaxName)
	}
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !isEncodedReplacement(s[i:]):
			return fmt.Sprintf("%s %s is not valid UTF-8", what, strconv.Quote(s))
		case r == 0:
			return fmt.Sprintf("%s %s holds a NUL character", what, strconv.Quote(s))
		case unicode.IsControl(r):
			return fmt.Sprintf("%s %s holds the control character U+%04X", what, strconv.Quote(s), r)
		}
	}
	return ""
}

// isEncodedReplacement reports whether s starts with the UTF-8 encoding of
// U+FFFD itself, which is valid text, rather than an invalid byte.
func isEncodedReplacement(s string) bool {
	_, size := utf8.DecodeRuneInString(s)
	return size == 3
}
