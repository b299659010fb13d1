// Package mznkind is MiniZinc's part of the layer beneath the frontends
// (see package kind): a MiniZinc model (.mzn) with the data files that
// follow it (.dzn, .json), compiled into FlatZinc by the minizinc program
// once per solver library, and the engines of package fznkind run on it,
// each on the FlatZinc of its own library and judged there by fzn.Check.
// compare (frontends/cli) stands on it.
//
// cp, cp-learn and the sat:BACKEND engines run the FlatZinc compiled with
// waterworks' own library (models/fzn/mznlib), whose globals the CP core
// and the SAT route take natively. gecode runs the FlatZinc compiled with
// Gecode's own library (minizinc --solver org.gecode.gecode), so that it
// plays on its own ground; where that library does not compile the
// model (Gecode 6.2's does not compile models that include globals.mzn
// under MiniZinc 2.6) or writes constraints that fzn.Check does not know
// (gecode_*), so that its answers could not be judged, with MiniZinc's
// standard library instead, and compare says so. Each engine's answer is
// checked on its own FlatZinc; the engines must agree on
// "satisfiable", "optimal N" or "unsolvable", as on a FlatZinc model.
//
// Without minizinc nothing runs: the error says it is not installed.
package mznkind

import (
	"bufio"
	"bytes"
	"regexp"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/fznkind"
)

// Name is the kind's name, as compare's rows and --kind give it.
const Name = "mzn"

// Kind is MiniZinc in the list of kinds.
func Kind() kind.Kind {
	return kind.Kind{Name: Name, Title: "MiniZinc", Detect: Detect, Extensions: []string{".mzn"},
		Belongs: IsData, Engines: fznkind.EngineNames, Compare: compare}
}

// modelItem finds, on a line without its comment, the start of an item
// only a MiniZinc model has at the start of a line (include, solve,
// output) or a solve item after another item.
var modelItem = regexp.MustCompile(`^(include|solve|output)\b|;\s*solve\b`)

// assignment finds the start of a data file's item: name = value.
var assignment = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*\s*=`)

// Detect reports whether data holds a MiniZinc model: not FlatZinc (see
// fznkind.Detect), with an include, solve or output item at the start of
// a line (past % comments). Its reader, minizinc, reports the mistakes.
// A model that reads like FlatZinc is told by its file name (Kind's
// Extensions: .mzn).
func Detect(data []byte) bool {
	found := false
	eachLine(data, func(line string) bool {
		found = modelItem.MatchString(line)
		return !found
	})
	return found && !fznkind.Detect(data)
}

// IsData reports whether an input that follows a MiniZinc model is one
// of its data files: its name ends in .dzn or .json, or (standard input)
// its content is assignments, name = value, and no model.
func IsData(name string, data []byte) bool {
	if strings.HasSuffix(name, ".dzn") || strings.HasSuffix(name, ".json") {
		return true
	}
	if data == nil || Detect(data) {
		return false
	}
	first := ""
	eachLine(data, func(line string) bool {
		first = line
		return false
	})
	return assignment.MatchString(first)
}

// eachLine calls f on each line of data that is not blank once its %
// comment is cut, trimmed, until f returns false.
func eachLine(data []byte, f func(line string) bool) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "%")
		if line = strings.TrimSpace(line); line != "" && !f(line) {
			return
		}
	}
}
