package minizinc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// assignedNames returns the names the data files assign at their top
// level: "name = ...;" items of .dzn files, keys of .json files. A data
// file may assign a decision variable (wwtpp-real's d); the output then
// holds it, and Confirm must leave it out, or minizinc refuses the second
// assignment.
func assignedNames(files []string) (map[string]bool, error) {
	names := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		if strings.HasSuffix(f, ".json") {
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(data, &obj); err != nil {
				return nil, fmt.Errorf("%s: %w", f, err)
			}
			for k := range obj {
				names[k] = true
			}
			continue
		}
		for _, n := range dznNames(data) {
			names[n] = true
		}
	}
	return names, nil
}

// dznNames returns the names that the items of a .dzn text assign: the
// identifier that begins each item (after a ; or at the start), before
// its =. Comments and strings are skipped; an item of another shape is
// passed over.
func dznNames(text []byte) []string {
	var names []string
	atStart := true
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '%':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			end := bytes.Index(text[i+2:], []byte("*/"))
			if end < 0 {
				return names
			}
			i += end + 4
		case c == '"':
			i = skipString(text, i)
			atStart = false
		case c == ';':
			atStart = true
			i++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case atStart && (isIdentStart(c) || c == '\''):
			name, next := readIdent(text, i)
			atStart = false
			j := next
			for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r') {
				j++
			}
			if name != "" && j < len(text) && text[j] == '=' && (j+1 == len(text) || text[j+1] != '=') {
				names = append(names, name)
			}
			i = next
		default:
			atStart = false
			i++
		}
	}
	return names
}

// skipString returns the index after the string that opens at i.
func skipString(text []byte, i int) int {
	for i++; i < len(text); i++ {
		switch text[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(text)
}

// readIdent reads an identifier at i, plain or 'quoted', and returns it
// (quotes kept off) and the index after it.
func readIdent(text []byte, i int) (string, int) {
	if text[i] == '\'' {
		end := bytes.IndexByte(text[i+1:], '\'')
		if end < 0 {
			return "", len(text)
		}
		return string(text[i+1 : i+1+end]), i + end + 2
	}
	j := i
	for j < len(text) && (isIdentStart(text[j]) || text[j] >= '0' && text[j] <= '9') {
		j++
	}
	return string(text[i:j]), j
}

func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
