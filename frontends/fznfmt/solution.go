package fznfmt

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"time"

	"github.com/waterworks-solver/waterworks/models/fzn"
)

// Separator ends each solution a FlatZinc solver prints.
const Separator = "----------"

// Status is the final line a FlatZinc solver prints, saying how the
// search ended.
type Status int

// The status lines of the FlatZinc specification (and of MiniZinc 2.6's
// solns2out, which also knows UNSATorUNBOUNDED and ERROR).
const (
	// StatusNone: no status line (the search stopped before it was
	// complete, after printing the solutions found).
	StatusNone Status = iota
	// StatusComplete, "==========": the search is complete; every
	// solution asked for was printed, and for optimisation the last one is
	// optimal.
	StatusComplete
	// StatusUnsatisfiable, "=====UNSATISFIABLE=====": the search is
	// complete and found no solution.
	StatusUnsatisfiable
	// StatusUnbounded, "=====UNBOUNDED=====": the objective is unbounded.
	StatusUnbounded
	// StatusUnsatOrUnbounded, "=====UNSATorUNBOUNDED=====".
	StatusUnsatOrUnbounded
	// StatusUnknown, "=====UNKNOWN=====": the search stopped without a
	// solution and without proving there is none.
	StatusUnknown
	// StatusError, "=====ERROR=====": the solver failed.
	StatusError
)

var statusLines = [...]string{
	StatusComplete:         "==========",
	StatusUnsatisfiable:    "=====UNSATISFIABLE=====",
	StatusUnbounded:        "=====UNBOUNDED=====",
	StatusUnsatOrUnbounded: "=====UNSATorUNBOUNDED=====",
	StatusUnknown:          "=====UNKNOWN=====",
	StatusError:            "=====ERROR=====",
}

// String returns the line of s, or "" for StatusNone.
func (s Status) String() string {
	if s < 0 || int(s) >= len(statusLines) {
		return ""
	}
	return statusLines[s]
}

// WriteStatus prints the status line of s; StatusNone prints nothing.
func WriteStatus(w io.Writer, s Status) error {
	if s == StatusNone {
		return nil
	}
	if s.String() == "" {
		return fmt.Errorf("fznfmt: no status line for Status(%d)", int(s))
	}
	_, err := io.WriteString(w, s.String()+"\n")
	return err
}

// WriteSolution prints the values that s gives the output variables of m,
// in file order, as the FlatZinc specification of MiniZinc 2.6 has them,
// then the separator:
//
//	x = 3;
//	b = true;
//	a = array1d(1..3, [1, 2, 3]);
//	m = array2d(1..2, 1..3, [1, 2, 3, 4, 5, 6]);
//	----------
//
// An array has as many index sets as its output_array annotation. It
// returns an error, printing nothing, when s lacks a value or gives a
// bool variable a value other than 0 or 1.
func WriteSolution(w io.Writer, m *fzn.Model, s fzn.Solution) error {
	var b []byte
	for _, d := range m.Decls {
		dims, ok := d.Output()
		if !ok {
			continue
		}
		b = append(b, d.Name...)
		b = append(b, " = "...)
		var err error
		if d.Type.Array {
			b, err = appendArray(b, d, dims, s)
		} else {
			b, err = appendValue(b, &fzn.Ident{Decl: d}, s)
		}
		if err != nil {
			return err
		}
		b = append(b, ";\n"...)
	}
	b = append(b, Separator+"\n"...)
	_, err := w.Write(b)
	return err
}

func appendArray(b []byte, d *fzn.Decl, dims []fzn.Range, s fzn.Solution) ([]byte, error) {
	b = append(b, "array"...)
	b = strconv.AppendInt(b, int64(len(dims)), 10)
	b = append(b, "d("...)
	for _, r := range dims {
		b = append(b, r.String()...)
		b = append(b, ", "...)
	}
	b = append(b, '[')
	for i, e := range d.Elems() {
		if i > 0 {
			b = append(b, ", "...)
		}
		var err error
		if b, err = appendValue(b, e, s); err != nil {
			return nil, err
		}
	}
	return append(b, "])"...), nil
}

// appendValue appends the value of a scalar: a literal, a parameter, or a
// variable of s.
func appendValue(b []byte, e fzn.Expr, s fzn.Solution) ([]byte, error) {
	e = fzn.Resolve(e)
	x, ok := e.(*fzn.Ident)
	if !ok {
		return fzn.AppendExpr(b, e), nil
	}
	v, ok := s[x.Name()]
	switch {
	case !ok:
		return nil, fmt.Errorf("fznfmt: no value for the output variable %s", x.Name())
	case x.Decl.Type.Elem == fzn.Int:
		return strconv.AppendInt(b, v, 10), nil
	case x.Decl.Type.Elem == fzn.Bool && (v == 0 || v == 1):
		return strconv.AppendBool(b, v == 1), nil
	}
	return nil, fmt.Errorf("fznfmt: the value %d of %s is not a %s", v, x.Name(), x.Decl.Type.Elem)
}

// Stat is one statistic: a name such as "nodes" or "solveTime" and a value
// of type int, int64, uint64, float64, time.Duration (written in seconds),
// string or bool.
type Stat struct {
	Name  string
	Value any
}

// WriteStats prints one block of statistics as MiniZinc 2.6 reads them:
// a line "%%%mzn-stat: name=value" each, then "%%%mzn-stat-end". Strings
// are quoted, as MiniZinc writes them. It returns an error, printing
// nothing, for a name that is not an identifier or a value it cannot
// write.
func WriteStats(w io.Writer, stats ...Stat) error {
	var b []byte
	for _, st := range stats {
		if !isIdent(st.Name) {
			return fmt.Errorf("fznfmt: the statistic name %q is not an identifier", st.Name)
		}
		b = append(b, "%%%mzn-stat: "...)
		b = append(b, st.Name...)
		b = append(b, '=')
		var err error
		if b, err = appendStat(b, st.Value); err != nil {
			return fmt.Errorf("fznfmt: statistic %s: %w", st.Name, err)
		}
		b = append(b, '\n')
	}
	b = append(b, "%%%mzn-stat-end\n"...)
	_, err := w.Write(b)
	return err
}

func appendStat(b []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case int:
		return strconv.AppendInt(b, int64(v), 10), nil
	case int64:
		return strconv.AppendInt(b, v, 10), nil
	case uint64:
		return strconv.AppendUint(b, v, 10), nil
	case time.Duration:
		return fzn.AppendFloat(b, v.Seconds()), nil
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return nil, fmt.Errorf("the float %v has no MiniZinc literal", v)
		}
		return fzn.AppendFloat(b, v), nil
	case string:
		return fzn.AppendExpr(b, &fzn.StringLit{Value: v}), nil
	case bool:
		return strconv.AppendBool(b, v), nil
	}
	return nil, fmt.Errorf("cannot write a value of type %T", v)
}
