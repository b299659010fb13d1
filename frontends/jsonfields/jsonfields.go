// Package jsonfields is the JSON Lines half of the input toolkit beneath
// every format (textblock is the text half): it decodes one line of JSON
// Lines into a format's record, words every problem in the toolkit's own
// terms at its line and column (never in encoding/json's), and sorts the
// members a format does not know into misspellings and annotations.
//
// A member whose key is a near miss of a known one ("trget" for
// "target") is an error with its "did you mean"; any other unknown member
// ("author", "rating") is an annotation: accepted, kept as written, and
// carried into JSON output unchanged (see Annotations and Marshal).
package jsonfields

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/suggest"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
)

// Decode unmarshals the JSON object on line lineNo of the input name into
// v after textsafe.ScanJSON's checks, and sorts the members whose key is
// none of known: a near miss of a known key is an error, any other is an
// annotation, returned in the order of the line. The error is the line's
// first problem, at its column, worded by Problem.
func Decode(name string, lineNo int, line []byte, known []string, v any) (Annotations, *inputerr.Error) {
	if col, msg := textsafe.ScanJSON(line); msg != "" {
		return nil, inputerr.New(name, lineNo, col, "%s", msg)
	}
	if err := json.Unmarshal(line, v); err != nil {
		col, msg := Problem(line, err)
		return nil, inputerr.New(name, lineNo, col, "%s", msg)
	}
	ann, key, col := Classify(line, known)
	if key != "" {
		return nil, inputerr.New(name, lineNo, col, "%s", Message(key, known))
	}
	return ann, nil
}

// Classify sorts the members of the JSON object on line whose key is none
// of known (compared without regard to case, as encoding/json matches
// keys). The first whose key is a near miss of a known one (see
// suggest.Near) is returned as miss, with the 1-based column where its
// key starts; the others before it are the annotations, a repeated key
// once with its first value. A line that holds no JSON object has
// neither.
func Classify(line []byte, known []string) (ann Annotations, miss string, col int) {
	dec := json.NewDecoder(bytes.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, "", 0
	}
	for dec.More() {
		start := skip(line, int(dec.InputOffset()), " \t\r\n,")
		tok, err := dec.Token()
		if err != nil {
			return nil, "", 0
		}
		k, _ := tok.(string)
		var raw json.RawMessage
		if dec.Decode(&raw) != nil {
			return nil, "", 0
		}
		switch {
		case knows(known, k):
		case Misspelt(k, known):
			return ann, k, start + 1
		case !ann.has(k): // a key repeated keeps its first value, as Merge writes it
			ann = append(ann, Member{Key: k, Value: raw})
		}
	}
	return ann, "", 0
}

// Misspelt reports whether key, none of known, is a near miss of one of
// them (see suggest.Near): a misspelling to refuse, not an annotation.
func Misspelt(key string, known []string) bool { return len(suggest.Near(key, known)) > 0 }

// Unknown returns the first member of the JSON object on line whose key is
// none of known, compared without regard to case as encoding/json matches
// keys, and the 1-based column where the key starts; key is "" when every
// member is known or line holds no JSON object. Unlike Classify it does
// not tell misspellings from annotations.
func Unknown(line []byte, known []string) (key string, col int) {
	dec := json.NewDecoder(bytes.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return "", 0
	}
	for dec.More() {
		start := skip(line, int(dec.InputOffset()), " \t\r\n,")
		tok, err := dec.Token()
		if err != nil {
			return "", 0
		}
		k, _ := tok.(string)
		if !knows(known, k) {
			return k, start + 1
		}
		var skipped json.RawMessage
		if dec.Decode(&skipped) != nil {
			return "", 0
		}
	}
	return "", 0
}

// skip returns the first index from i on of a byte of line that is not
// in set.
func skip(line []byte, i int, set string) int {
	for i < len(line) && strings.IndexByte(set, line[i]) >= 0 {
		i++
	}
	return i
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
