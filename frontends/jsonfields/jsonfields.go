// Package jsonfields finds the members of a JSON Lines object that a reader
// does not know, so that a misspelt key ("trget") is reported by name, with
// the name it may stand for, instead of read as a missing field.
package jsonfields

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/suggest"
)

// Decode unmarshals the JSON object on line lineNo of the input name into
// v, and refuses a member whose key is none of known (see Unknown). The
// error is the line's first problem, at its column.
func Decode(name string, lineNo int, line []byte, known []string, v any) *inputerr.Error {
	if err := json.Unmarshal(line, v); err != nil {
		return inputerr.JSON(name, lineNo, err)
	}
	if key, col := Unknown(line, known); key != "" {
		return inputerr.New(name, lineNo, col, "%s", Message(key, known))
	}
	return nil
}

// Unknown returns the first member of the JSON object on line whose key is
// none of known, compared without regard to case as encoding/json matches
// keys, and the 1-based column where the key starts; key is "" when every
// member is known or line holds no JSON object.
func Unknown(line []byte, known []string) (key string, col int) {
	dec := json.NewDecoder(bytes.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return "", 0
	}
	for dec.More() {
		start := int(dec.InputOffset())
		for start < len(line) && strings.IndexByte(" \t\r\n,", line[start]) >= 0 {
			start++
		}
		tok, err := dec.Token()
		if err != nil {
			return "", 0
		}
		k, _ := tok.(string)
		if !knows(known, k) {
			return k, start + 1
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return "", 0
		}
	}
	return "", 0
}

func knows(known []string, key string) bool {
	for _, k := range known {
		if strings.EqualFold(k, key) {
			return true
		}
	}
	return false
}

// Message words an unknown member: `unknown field "trget"; did you mean
// "target"?`.
func Message(key string, known []string) string {
	return fmt.Sprintf("unknown field %q%s", key, suggest.DidYouMean(key, known, strconv.Quote))
}
