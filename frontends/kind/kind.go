package kind

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
)

// Kind is what the list of kinds (package kinds) knows of one kind of
// input: enough to tell inputs apart, to name it, and to compare its
// engines.
type Kind struct {
	// Name is the kind as --kind and the page name it: "aquarium", "jugs".
	Name string
	// Title names it in words, for the page: "Water jugs".
	Title string
	// Detect reports whether an input holds this kind: the one rule for
	// it, which compare and the page both follow. It may accept an input
	// with mistakes, so that the kind's reader is the one that reports
	// them.
	Detect func(data []byte) bool
	// Extensions lists the endings of file names that tell this kind
	// before any content does (".mzn"), since its content may read like
	// another kind's; nil for none.
	Extensions []string
	// Belongs reports whether an input named name holding data, which
	// follows an input of this kind, belongs to it rather than standing
	// alone: a MiniZinc model's data files. Data is nil for an input that
	// could not be read, so that the name alone decides. An input whose
	// name alone it accepts, with no input of this kind before it, is
	// refused (data with no model). Nil when nothing belongs to another
	// input.
	Belongs func(name string, data []byte) bool
	// Rules are the values --rule takes for this kind; nil when it has
	// no choice of rules.
	Rules []string
	// Engines lists every name compare's --engines may give to pick
	// engines of this kind: each engine's own name ("sat/gini") and the
	// names that pick a group of them ("gini", "sat"), as far as they are
	// available here. compare refuses names that no kind of its inputs
	// has.
	Engines func() []string
	// EngineFamilies lists the prefixes of engine names that the kind
	// reads itself, beyond those Engines lists ("minizinc:" for
	// "minizinc:gecode"): compare takes any name with one in --engines,
	// and runs such an engine only when --engines names it.
	EngineFamilies []string
	// Compare runs the engines c wants on every puzzle of one input: it
	// calls c.Puzzle with the rows of each puzzle (CompareEach), and
	// c.Problem for each puzzle it cannot run them on.
	Compare func(ctx context.Context, c Comparison, in Input)
}

// maxDetectLine bounds the JSON line JSONField decodes.
const maxDetectLine = 1 << 20

// JSONField reports whether data is JSON Lines, its first line that is
// not blank being an object, and whether that object has the member
// field: how the kinds tell their JSON Lines apart.
func JSONField(data []byte, field string) (isJSON, has bool) {
	for line := range bytes.Lines(data) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if line[0] != '{' {
			return false, false
		}
		var fields map[string]json.RawMessage
		if json.NewDecoder(io.LimitReader(bytes.NewReader(line), maxDetectLine)).Decode(&fields) != nil {
			return false, false
		}
		_, has = fields[field]
		return true, has
	}
	return false, false
}
