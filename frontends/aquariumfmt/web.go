package aquariumfmt

import (
	"errors"
	"fmt"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/frontends/webfmt"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// parseLinks reads task strings and URLs, one puzzle per line; blank lines
// and comment lines are skipped. Each line is decoded as the format it
// starts like, or as format (the file's) when it starts like neither, so
// that the decoder says what it expected. A file of one puzzle names it
// after the input, like a text file; the puzzles of a longer one are named
// "name:line", like JSON Lines.
func parseLinks(name string, data []byte, format Format) ([]Document, error) {
	data, err := textsafe.Check(name, data, textsafe.MaxJSONLine)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(string(data), "\n")
	puzzles := 0
	for _, line := range lines {
		if isPuzzleLine(line) {
			puzzles++
		}
	}
	errs := errorList{file: name}
	var docs []Document
	for i, line := range lines {
		if !isPuzzleLine(line) {
			continue
		}
		d, err := decodeLink(name, line, format)
		if err != nil {
			addShifted(&errs, err, i, 0, true)
			continue
		}
		d.ID, d.Line = name, i+1
		if puzzles > 1 {
			d.ID = fmt.Sprintf("%s:%d", name, i+1)
		}
		docs = append(docs, d)
	}
	return docs, errs.err()
}

// isPuzzleLine reports whether a line of a file of links holds a puzzle:
// it is neither blank nor a comment.
func isPuzzleLine(line string) bool {
	line = strings.TrimLeft(line, " \t\r")
	return line != "" && line[0] != '#'
}

// decodeLink decodes one line holding a task string or a URL.
func decodeLink(name, line string, format Format) (Document, error) {
	if f := sniff([]byte(strings.TrimLeft(line, " \t"))); f == Task || f == URL {
		format = f
	}
	if format == Task {
		p, err := webfmt.DecodeTask(name, line)
		// The site plays by the region rule, the default, so the document
		// states no rule: text written from it stays as it was.
		return Document{Puzzle: p}, err
	}
	p, rule, err := webfmt.DecodeURL(name, line)
	return Document{Puzzle: p, Rule: rule, HasRule: true}, err
}

// parsePzprv3 reads a pzprjs file. Blank lines and comment lines may come
// before its header; the rule comes from the file (the "r" line), and the
// solution holds the file's marks when it has any.
func parsePzprv3(name string, data []byte) (Document, error) {
	data, err := textsafe.Check(name, data, textsafe.MaxJSONLine)
	if err != nil {
		return Document{}, err
	}
	start := contentStart(data)
	text := string(data)
	lineStart := strings.LastIndexByte(text[:start], '\n') + 1
	skipped := strings.Count(text[:lineStart], "\n")
	p, rule, s, err := webfmt.DecodePzprv3(name, text[start:])
	if err != nil {
		errs := errorList{file: name}
		addShifted(&errs, err, skipped, start-lineStart, false)
		return Document{}, errs.err()
	}
	d := Document{ID: name, Puzzle: p, Rule: rule, HasRule: true, Line: skipped + 1}
	for _, c := range s.Cells {
		if c != aquarium.Unknown {
			d.Solution = s
			break
		}
	}
	return d, nil
}

// addShifted adds the problems of a decoder that read the input from line
// lines+1 on, its first line from byte column cols+1 on, at their places
// in the whole input. A problem with the decoder's whole input is one with
// line lines+1 when the decoder read only that line.
func addShifted(errs *errorList, err error, lines, cols int, oneLine bool) {
	for _, e := range inputerr.All(err) {
		var ie *inputerr.Error
		if !errors.As(e, &ie) {
			errs.add(lines+1, 0, "%v", e)
			continue
		}
		line, col := ie.Line, ie.Col
		if line == 0 && oneLine {
			line = 1
		}
		if line == 1 && col > 0 {
			col += cols
		}
		if line > 0 {
			line += lines
		}
		errs.add(line, col, "%s", ie.Msg)
	}
}
