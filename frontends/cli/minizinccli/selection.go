package minizinccli

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
)

// An Entry is one instance of a selection: a line "family model.mzn
// [data.dzn...]" whose paths are relative to the suite's root.
type Entry struct {
	Family string
	Model  string
	Data   []string
	Line   int // the line of the selection file, from 1
}

// String writes the entry as a line of a selection file.
func (e Entry) String() string {
	return strings.Join(append([]string{e.Family, e.Model}, e.Data...), " ")
}

// name is the entry's shortest name: its data file, or its model when it
// has none.
func (e Entry) name() string {
	if len(e.Data) > 0 {
		return e.Data[len(e.Data)-1]
	}
	return e.Model
}

// familyRE is what a family's name may be made of.
var familyRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.+-]*$`)

// maxSelection bounds the size of a selection file.
const maxSelection = 4 << 20

// ParseSelection reads a selection file: one instance a line, "family
// model.mzn [data.dzn ...]" (data may also be .json), the paths relative
// to the suite's root, written with slashes, inside it. A word that begins
// with # starts a comment to the end of its line; blank lines are skipped. A mistake is an *inputerr.Error
// naming the file, line and column; a line given twice is one.
func ParseSelection(name string, data []byte) ([]Entry, error) {
	if len(data) > maxSelection {
		return nil, &inputerr.Error{File: name, Msg: fmt.Sprintf("larger than %d bytes: not a selection file", maxSelection)}
	}
	var entries []Entry
	seen := map[string]int{}
	for i, line := range bytes.Split(data, []byte("\n")) {
		no := i + 1
		text := strings.TrimSuffix(string(line), "\r")
		trimmed := strings.TrimSpace(text)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		e, col, err := parseEntry(text)
		if err != nil {
			return nil, &inputerr.Error{File: name, Line: no, Col: col, Msg: err.Error()}
		}
		e.Line = no
		key := strings.Join(append([]string{e.Model}, e.Data...), " ")
		if first, dup := seen[key]; dup {
			return nil, &inputerr.Error{File: name, Line: no, Col: 1, Msg: fmt.Sprintf("instance %s given twice (first on line %d)", key, first)}
		}
		seen[key] = no
		entries = append(entries, e)
	}
	if len(entries) == 0 {
		return nil, &inputerr.Error{File: name, Msg: "no instance: want lines \"family model.mzn [data.dzn]\""}
	}
	return entries, nil
}

// parseEntry reads one line, and on a mistake says at which column.
func parseEntry(text string) (Entry, int, error) {
	var e Entry
	fields, cols := fieldsWithColumns(text)
	for k, f := range fields {
		if strings.HasPrefix(f, "#") { // a comment to the end of the line
			fields, cols = fields[:k], cols[:k]
			break
		}
	}
	if len(fields) < 2 {
		return e, 1, fmt.Errorf("want \"family model.mzn [data.dzn]\", got %q", truncate(strings.TrimSpace(text)))
	}
	if !familyRE.MatchString(fields[0]) {
		return e, cols[0], fmt.Errorf("family %q: use letters, digits and _ . + -", truncate(fields[0]))
	}
	e.Family = fields[0]
	for k, f := range fields[1:] {
		col := cols[k+1]
		if err := checkPath(f); err != nil {
			return e, col, err
		}
		switch {
		case k == 0 && !strings.HasSuffix(f, ".mzn"):
			return e, col, fmt.Errorf("model %q: want a .mzn file", truncate(f))
		case k == 0:
			e.Model = f
		case !strings.HasSuffix(f, ".dzn") && !strings.HasSuffix(f, ".json"):
			return e, col, fmt.Errorf("data %q: want a .dzn or .json file", truncate(f))
		default:
			e.Data = append(e.Data, f)
		}
	}
	return e, 0, nil
}

// checkPath refuses a path that is not relative, clean and inside the
// suite's root.
func checkPath(p string) error {
	switch {
	case strings.Contains(p, `\`):
		return fmt.Errorf("path %q: write paths with /", truncate(p))
	case path.IsAbs(p):
		return fmt.Errorf("path %q: want a path relative to the suite's root", truncate(p))
	case path.Clean(p) != p || p == ".." || strings.HasPrefix(p, "../"):
		return fmt.Errorf("path %q: want a clean path inside the suite's root", truncate(p))
	}
	return nil
}

// fieldsWithColumns splits text at spaces and tabs and gives the column of
// each field, from 1, counted in bytes.
func fieldsWithColumns(text string) ([]string, []int) {
	var fields []string
	var cols []int
	start := -1
	for i := 0; i <= len(text); i++ {
		blank := i == len(text) || text[i] == ' ' || text[i] == '\t'
		switch {
		case blank && start >= 0:
			fields, cols = append(fields, text[start:i]), append(cols, start+1)
			start = -1
		case !blank && start < 0:
			start = i
		}
	}
	return fields, cols
}

// FormatSelection writes entries as a selection file that ParseSelection
// reads back.
func FormatSelection(entries []Entry) []byte {
	var b bytes.Buffer
	for _, e := range entries {
		b.WriteString(e.String())
		b.WriteString("\n")
	}
	return b.Bytes()
}

// truncate shortens s for a message.
func truncate(s string) string {
	const max = 60
	if len(s) <= max {
		return s
	}
	return s[:max] + "..."
}
