package jsonfields

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Problem words an error of encoding/json met while decoding line, one
// line of JSON Lines, in the toolkit's terms, and returns the 1-based
// column it is at: a syntax error at the offending byte (just past the
// line's end when the object is cut short), a value of the wrong type at
// the value. No text of encoding/json reaches the message.
func Problem(line []byte, err error) (col int, msg string) {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return syntaxProblem(line, syntax)
	case errors.As(err, &typ):
		col := NewIndex(line).TokenAt(int(typ.Offset) - 1)
		field := fieldPath(typ.Field)
		if field == "" {
			return col, "want one JSON object per line, found " + article(typ.Value)
		}
		return col, fmt.Sprintf("%s: want %s, found %s", field, jsonType(typ.Type), article(typ.Value))
	}
	return 1, "cannot read this line as JSON"
}

// syntaxProblem words a syntax error of line.
func syntaxProblem(line []byte, e *json.SyntaxError) (int, string) {
	end := len(bytes.TrimRight(line, " \t\r\n")) + 1
	if cutShort(line) || int(e.Offset) > len(line) {
		return max(end, 1), "invalid JSON: the line ends before its JSON value does (a record must fit on one line)"
	}
	col := max(int(e.Offset), 1)
	what := describe(line, col-1)
	goMsg := e.Error()
	for _, w := range syntaxWords {
		if strings.Contains(goMsg, w.goWords) {
			if w.after {
				return col, "invalid JSON: unexpected text after the JSON object (one record per line)"
			}
			return col, fmt.Sprintf("invalid JSON: unexpected %s %s", what, w.ours)
		}
	}
	return col, "invalid JSON: unexpected " + what
}

// syntaxWords maps what encoding/json says about the place of a syntax
// error to our words. The first that matches wins.
var syntaxWords = []struct {
	goWords string
	ours    string
	after   bool // text after the value
}{
	{goWords: "after top-level value", after: true},
	{goWords: "looking for beginning of object key string", ours: "where a field name in double quotes should be"},
	{goWords: "after object key:value pair", ours: "after a member, where ',' or '}' should be"},
	{goWords: "after object key", ours: "after a field name, where ':' should be"},
	{goWords: "after array element", ours: "after an array element, where ',' or ']' should be"},
	{goWords: "looking for beginning of value", ours: "where a value should be"},
	{goWords: "in literal", ours: "in a bare word: JSON knows only true, false and null"},
	{goWords: "in string literal", ours: "in a string: control characters must be escaped"},
	{goWords: "escape", ours: "in an escape sequence of a string"},
	{goWords: "numeric literal", ours: "in a number"},
}

// describe names the character at offset i of line for a message.
func describe(line []byte, i int) string {
	if i < 0 || i >= len(line) {
		return "end of line"
	}
	r, _ := utf8.DecodeRune(line[i:])
	if r == utf8.RuneError || !unicode.IsPrint(r) {
		return fmt.Sprintf("character U+%04X", r)
	}
	return "'" + string(r) + "'"
}

// cutShort reports whether a line holds the start of a JSON value that
// ends too early; json.Decoder says so with io.ErrUnexpectedEOF.
func cutShort(line []byte) bool {
	var v any
	return errors.Is(json.NewDecoder(bytes.NewReader(line)).Decode(&v), io.ErrUnexpectedEOF)
}

// fieldPath returns the path of a field as the line spells it: the path
// encoding/json reports without the names of embedded Go structs, which
// are capitalised where JSON keys of waterworks are not.
func fieldPath(path string) string {
	parts := strings.Split(path, ".")
	for len(parts) > 1 && parts[0] != "" && unicode.IsUpper(rune(parts[0][0])) {
		parts = parts[1:]
	}
	return strings.Join(parts, ".")
}

// article puts an article before a JSON value kind as json.UnmarshalTypeError
// names it ("string", "number 1.5", "object").
func article(kind string) string {
	switch {
	case kind == "":
		return "something else"
	case strings.HasPrefix(kind, "number "):
		return "the " + kind
	case strings.IndexByte("aeiou", kind[0]) >= 0:
		return "an " + kind
	}
	return "a " + kind
}

// jsonType says in words what JSON value a Go type takes.
func jsonType(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "another kind of value"
}
