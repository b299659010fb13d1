package jsonfields

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Member is one member of a JSON object: its key and its value as
// written.
type Member struct {
	Key   string
	Value json.RawMessage
}

// Annotations are the members of a record that its format does not know
// and that are no misspelling of a member it knows, in the order of the
// line: a note of the user's own ("author", "rating"), carried into JSON
// output unchanged. A record of output embeds Annotations (with the tag
// `json:"-"`) to carry them; Marshal then writes them after the record's
// own members.
type Annotations []Member

// JSONAnnotations returns a, so that a struct that embeds Annotations is
// Annotated.
func (a Annotations) JSONAnnotations() Annotations { return a }

// Annotated is a value of output that carries the annotations of its
// input.
type Annotated interface {
	JSONAnnotations() Annotations
}

// Marshal returns the JSON of v (as json.Marshal), with the annotations
// of v, when it is Annotated, added as members of its object; an
// annotation whose key the object already has (without regard to case)
// is left out, so that output never holds a key twice.
func Marshal(v any) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	if a, ok := v.(Annotated); ok {
		data = a.JSONAnnotations().Merge(data)
	}
	return data, nil
}

// Merge returns obj, the JSON of an object, with the annotations that it
// has no key for added after its own members. obj is returned unchanged
// when a is empty or obj is not an object.
func (a Annotations) Merge(obj []byte) []byte {
	obj = bytes.TrimRight(obj, " \t\r\n")
	if len(a) == 0 || len(obj) < 2 || obj[0] != '{' || obj[len(obj)-1] != '}' {
		return obj
	}
	keys := topKeys(obj)
	out := append([]byte(nil), obj[:len(obj)-1]...)
	empty := len(keys) == 0
	for _, m := range a {
		if knows(keys, m.Key) || len(m.Value) == 0 {
			continue
		}
		if !empty {
			out = append(out, ',')
		}
		empty = false
		key, _ := json.Marshal(m.Key)
		out = append(append(append(out, key...), ':'), m.Value...)
		keys = append(keys, m.Key)
	}
	return append(out, '}')
}

// topKeys returns the keys of the members of the object obj.
func topKeys(obj []byte) []string {
	var keys []string
	dec := json.NewDecoder(bytes.NewReader(obj))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return keys
		}
		k, _ := tok.(string)
		keys = append(keys, k)
		var raw json.RawMessage
		if dec.Decode(&raw) != nil {
			return keys
		}
	}
	return keys
}

// has reports whether a holds a member called key, without regard to
// case.
func (a Annotations) has(key string) bool {
	for _, m := range a {
		if strings.EqualFold(m.Key, key) {
			return true
		}
	}
	return false
}
