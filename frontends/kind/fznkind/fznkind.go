// Package fznkind is FlatZinc's part of the layer beneath the frontends
// (see package kind): whether an input holds a FlatZinc model, reading it
// with frontends/fznfmt, the engines by name, and one engine's run on one
// model, every solution re-checked by fzn.Check before anyone sees it and
// the outcome judged into a kind.Status. "waterworks fzn" and compare
// (frontends/cli) stand on it.
//
// The engines are cp and cp-learn (models/fzn/fzncp on the CP core, plain
// and with conflict learning), sat:BACKEND (models/fzn/fznsat on a
// backend of sat/backends: sat:gini, sat:gophersat, sat:dimacs:cadical,
// ...), gecode (Gecode's fzn-gecode as a process, when it is installed)
// and race (several engines on the cores, the first complete answer
// wins).
//
// To add an engine, add it to Engines, and to RaceEngines if the race is
// to run it. Package mznkind runs the same engines on MiniZinc models,
// compiled by minizinc, through Run and CompareRow.
package fznkind

import (
	"bufio"
	"bytes"
	"context"
	"regexp"

	"github.com/waterworks-solver/waterworks/frontends/fznfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// Name is the kind's name, as compare's rows and --kind give it.
const Name = "fzn"

// Kind is FlatZinc in the list of kinds.
func Kind() kind.Kind {
	return kind.Kind{Name: Name, Title: "FlatZinc", Detect: Detect,
		Engines: EngineNames, Compare: compare}
}

// solveAfterItem finds a solve item after another item on its line.
var solveAfterItem = regexp.MustCompile(`;\s*solve\b`)

// itemWords are the words a FlatZinc item starts with.
var itemWords = []string{"predicate", "array", "var", "bool", "int", "float", "set", "constraint", "solve"}

// Detect reports whether data holds a FlatZinc model: its first item (past
// blank lines and % comments) starts with a word a FlatZinc item starts
// with, and there is a solve item at the start of a line or after
// another item. It accepts models with
// mistakes, which the reader then reports; MiniZinc, whose models have a
// solve item too, is told apart by its include and output items, which
// FlatZinc has not.
func Detect(data []byte) bool {
	first, solve := false, false
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if i := bytes.IndexByte(line, '%'); i >= 0 {
			line = bytes.TrimSpace(line[:i])
		}
		if len(line) == 0 {
			continue
		}
		if !first {
			if !startsWithWord(line, itemWords) {
				return false
			}
			first = true
		}
		if startsWithWord(line, []string{"include", "output", "function", "test", "enum", "type"}) {
			return false
		}
		if startsWithWord(line, []string{"solve"}) || solveAfterItem.Match(line) {
			solve = true
		}
	}
	return first && solve
}

// startsWithWord reports whether line starts with one of words, followed
// by a character that cannot continue an identifier.
func startsWithWord(line []byte, words []string) bool {
	for _, w := range words {
		if !bytes.HasPrefix(line, []byte(w)) {
			continue
		}
		if len(line) == len(w) {
			return true
		}
		c := line[len(w)]
		if !(c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return true
		}
	}
	return false
}

// Read reads the FlatZinc model data, named name in messages: errors come
// as fznfmt's, each with file, line and column, and float or set
// variables are refused by name.
func Read(ctx context.Context, name string, data []byte) (*fzn.Model, error) {
	return fznfmt.Parse(ctx, name, bytes.NewReader(data))
}
