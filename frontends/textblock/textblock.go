// Package textblock splits puzzle inputs that hold one puzzle per block
// of lines, blocks separated by blank lines, with comments from '#' to the
// end of a line; tells such text from JSON Lines; and reads the puzzles of
// inputs in either format (Reader), so that a format states only how it
// reads one block and one record.
package textblock

import (
	"bytes"
	"iter"
	"strings"
)

// bom is the UTF-8 byte order mark, ignored at the start of an input.
var bom = []byte("\ufeff")

// Line is a line of a block: its text with the comment and the line end
// removed, and its number in the input, from 1.
type Line struct {
	Text string
	No   int
}

// Token is a piece of a line with its place in the input: its line and
// the column of its first byte, both from 1.
type Token struct {
	Text      string
	Line, Col int
}

// Fields splits line, the line numbered lineNo, into the tokens between
// runs of the bytes that sep reports as separators.
func Fields(line string, lineNo int, sep func(byte) bool) []Token {
	var toks []Token
	start := -1
	for i := 0; i <= len(line); i++ {
		if i < len(line) && !sep(line[i]) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			toks = append(toks, Token{Text: line[start:i], Line: lineNo, Col: start + 1})
			start = -1
		}
	}
	return toks
}

// Split returns the blocks of data (after a byte order mark, if any):
// runs of lines that are not blank. A
// line holding only a comment belongs to no block but does not end one;
// a block of comments alone is no block.
func Split(data []byte) [][]Line {
	data = bytes.TrimPrefix(data, bom)
	var blocks [][]Line
	var block []Line
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSuffix(line, "\r")
		text := line
		if k := strings.IndexByte(text, '#'); k >= 0 {
			text = text[:k]
		}
		switch {
		case strings.TrimSpace(text) != "":
			block = append(block, Line{Text: text, No: i + 1})
		case strings.TrimSpace(line) == "" && len(block) > 0:
			blocks = append(blocks, block)
			block = nil
		}
	}
	if len(block) > 0 {
		blocks = append(blocks, block)
	}
	return blocks
}

// IsJSONLines reports whether data looks like JSON Lines: its first byte
// that is not white space is '{'.
func IsJSONLines(data []byte) bool {
	trimmed := bytes.TrimLeft(bytes.TrimPrefix(data, bom), " \t\r\n")
	return len(trimmed) > 0 && trimmed[0] == '{'
}

// ParseEither reads an input called name that holds either JSON Lines or
// blocks of text, as IsJSONLines tells, with the reader for each, and
// returns none() alone when the reader finds nothing, so that every input
// yields at least one item to report on.
func ParseEither[T any](name string, data []byte, jsonLines, text func(name string, data []byte) []T, none func() T) []T {
	var items []T
	if IsJSONLines(data) {
		items = jsonLines(name, data)
	} else {
		items = text(name, data)
	}
	if len(items) == 0 {
		items = []T{none()}
	}
	return items
}

// NonBlank yields the lines of data (after a byte order mark, if any)
// that are not blank, each with its number from 1 and without its line
// end, "\n" or "\r\n": the lines of JSON Lines, one record each. The
// lines share data's memory.
func NonBlank(data []byte) iter.Seq2[int, []byte] {
	return func(yield func(int, []byte) bool) {
		data := bytes.TrimPrefix(data, bom)
		for no := 1; len(data) > 0; no++ {
			line, rest, _ := bytes.Cut(data, []byte("\n"))
			data = rest
			line = bytes.TrimSuffix(line, []byte("\r"))
			if len(bytes.TrimSpace(line)) > 0 && !yield(no, line) {
				return
			}
		}
	}
}

// Position returns the line and the column (both from 1, the column in
// bytes) of byte offset off of data, as go/token.File turns an offset into
// a position; an offset past the end is placed just after the last byte.
func Position(data []byte, off int) (line, col int) {
	off = max(0, min(off, len(data)))
	line = 1 + bytes.Count(data[:off], []byte("\n"))
	return line, off - bytes.LastIndexByte(data[:off], '\n')
}

// Words returns the words of line, the line numbered lineNo: the tokens
// between spaces, tabs and carriage returns, up to a comment from '#' to
// the end of the line.
func Words(line string, lineNo int) []Token {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	return Fields(line, lineNo, func(c byte) bool { return c == ' ' || c == '\t' || c == '\r' })
}
