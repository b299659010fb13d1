// Package enumname names the values of the models' small enumerations
// (rules, grades, goals, statuses) from one table, so that a value's String
// and the parsing of its name cannot disagree. List joins names, and other
// words, into an English list.
package enumname

import (
	"fmt"
	"slices"
	"strings"
)

// Table holds the names of the values 0, 1, 2, ... of an enumeration T,
// as the command line and the corpus spell them.
type Table[T ~uint8] struct {
	// Type is the Go type's name, for values without a name: "Rule(7)".
	Type string
	// What names a value in messages: "unknown rule \"x\"".
	What string
	// Names holds the name of each value, indexed by the value; "" for a
	// value without a name (such as a zero that means none).
	Names []string
}

// String returns v's name, or Type(v) for a value without one.
func (t Table[T]) String(v T) string {
	if int(v) < len(t.Names) && t.Names[v] != "" {
		return t.Names[v]
	}
	return fmt.Sprintf("%s(%d)", t.Type, uint8(v))
}

// Parse returns the value named s, or an error that lists the names.
func (t Table[T]) Parse(s string) (T, error) {
	if i := slices.Index(t.Names, s); i >= 0 && s != "" {
		return T(i), nil
	}
	names := slices.DeleteFunc(slices.Clone(t.Names), func(s string) bool { return s == "" })
	return 0, fmt.Errorf("unknown %s %q (want %s)", t.What, s, List(names, "or"))
}

// List joins words as English lists do, with conj ("and", "or") before
// the last: "a", "a or b", "a, b or c"; "" for no words.
func List(words []string, conj string) string {
	n := len(words)
	if n < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:n-1], ", ") + " " + conj + " " + words[n-1]
}
