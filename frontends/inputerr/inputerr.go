// Package inputerr reports problems found in input text at a position:
// file, line and column, as compilers do ("puzzle.txt:3:7: want a clue").
package inputerr

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error is a problem at one place of an input.
type Error struct {
	File string // name of the input; "-" or "" for standard input
	Line int    // 1-based; 0 when the problem concerns the whole input
	Col  int    // 1-based, counted in bytes; 0 when it concerns the whole line
	Msg  string
}

// Error formats the problem as file:line:col: msg, leaving out the parts
// that are zero.
func (e *Error) Error() string {
	var b strings.Builder
	name := printable(e.File)
	if name == "" {
		name = "-"
	}
	b.WriteString(name)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&b, ":%d", e.Col)
		}
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// printable returns s, or s quoted in Go syntax when it holds anything but
// printable characters (the rule of textsafe.Name), so that a file name
// cannot send control sequences to a terminal.
func printable(s string) string {
	for _, r := range s {
		if r == utf8.RuneError || !strconv.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}

// New returns an Error at file:line:col with a formatted message.
func New(file string, line, col int, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// List collects the problems of one or more inputs. The zero value is an
// empty list ready to use.
type List []*Error

// Add appends a problem.
func (l *List) Add(file string, line, col int, format string, args ...any) {
	*l = append(*l, New(file, line, col, format, args...))
}

// Sort orders the list by file, line and column, and drops exact repeats.
func (l *List) Sort() {
	slices.SortStableFunc(*l, func(a, b *Error) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
	*l = slices.CompactFunc(*l, func(a, b *Error) bool { return *a == *b })
}

// Error describes the first problem and how many more there are.
func (l List) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	if len(l) == 2 {
		return fmt.Sprintf("%s (and 1 more error)", l[0])
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns nil for an empty list and the list itself otherwise.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Unwrap exposes every problem to errors.Is and errors.As.
func (l List) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}

// All returns the problems of err one by one: the members of a List, the
// Errors found by errors.As, or err itself when it carries no position.
func All(err error) []error {
	var l List
	if errors.As(err, &l) {
		return l.Unwrap()
	}
	if err == nil {
		return nil
	}
	return []error{err}
}

// LineOf returns the line of a positioned input error, or 0.
func LineOf(err error) int {
	var ie *Error
	if errors.As(err, &ie) {
		return ie.Line
	}
	return 0
}
