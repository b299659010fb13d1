package fznfmt

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// Output is what a FlatZinc solver printed for a model.
type Output struct {
	// Solutions holds one Solution for each separator printed: the values
	// of the scalar variables that the output gave, directly or as
	// elements of output arrays.
	Solutions []fzn.Solution
	// Status is the status line printed last, StatusNone if there was none.
	Status Status
	// Stats holds every "%%%mzn-stat: name=value" line in order, each
	// Value the text after the '=' (a string).
	Stats []Stat
}

// ReadOutput reads what a FlatZinc solver printed for m: assignments
// "x = 3;", "a = array1d(1..2, [1, 2]);" or "a = [1, 2];" ended by the
// separator, status lines, statistics and other comments. Values that do
// not fit m (unknown names, wrong types or lengths, a literal element that
// disagrees) are errors with their positions; name names the input.
func ReadOutput(name string, r io.Reader, m *fzn.Model) (*Output, error) {
	out := &Output{}
	br := bufio.NewReader(r)
	var chunk []byte // the assignments since the last separator
	chunkLine, line := 1, 0
	for {
		text, err := br.ReadBytes('\n')
		if len(text) > 0 {
			line++
			t := strings.TrimSpace(string(text))
			switch {
			case t == Separator:
				s, perr := readAssignments(name, chunkLine, chunk, m)
				if perr != nil {
					return nil, perr
				}
				out.Solutions = append(out.Solutions, s)
				chunk, chunkLine = chunk[:0], line+1
			case statusOf(t) != StatusNone:
				out.Status = statusOf(t)
			case strings.HasPrefix(t, "%%%mzn-stat:"):
				k, v, _ := strings.Cut(strings.TrimPrefix(t, "%%%mzn-stat:"), "=")
				out.Stats = append(out.Stats, Stat{Name: strings.TrimSpace(k), Value: v})
			case strings.HasPrefix(t, "%"):
				chunk = append(chunk, '\n') // keep the line count of the chunk
			default:
				if len(bytes.TrimSpace(chunk)) == 0 && t == "" {
					chunkLine = line + 1
					chunk = chunk[:0]
					continue
				}
				chunk = append(chunk, text...)
				if text[len(text)-1] != '\n' {
					chunk = append(chunk, '\n')
				}
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", inputName(name), err)
		}
	}
	if len(bytes.TrimSpace(chunk)) > 0 {
		return nil, inputerr.New(name, chunkLine, 1, "values without the separator %s after them", Separator)
	}
	return out, nil
}

func statusOf(line string) Status {
	for s, l := range statusLines {
		if l != "" && l == line {
			return Status(s)
		}
	}
	return StatusNone
}

// outReader reads the assignments of one solution.
type outReader struct {
	lx   *lexer
	tok  token
	name string
	line int // the line of the input where the chunk starts
	m    *fzn.Model
	s    fzn.Solution
}

func readAssignments(name string, line int, chunk []byte, m *fzn.Model) (fzn.Solution, error) {
	o := &outReader{lx: newLexer(bytes.NewReader(chunk)), name: name, line: line, m: m, s: fzn.Solution{}}
	o.next()
	for o.tok.kind != tEOF {
		if err := o.assignment(); err != nil {
			return nil, err
		}
	}
	return o.s, nil
}

func (o *outReader) next() { o.lx.next(&o.tok) }

func (o *outReader) errorf(format string, args ...any) error {
	return inputerr.New(o.name, int(o.tok.pos.Line)+o.line-1, int(o.tok.pos.Col), format, args...)
}

func (o *outReader) expect(k tokKind, what string) error {
	if o.tok.kind != k {
		return o.errorf("want %s, found %s", what, o.found())
	}
	o.next()
	return nil
}

func (o *outReader) found() string {
	switch o.tok.kind {
	case tEOF:
		return "the end of the solution"
	case tBad:
		return o.tok.msg
	case tIdent, tInt, tFloat:
		return shorten(o.tok.text)
	}
	return fmt.Sprintf("%q", punct[o.tok.kind])
}

// assignment reads `name = value;`.
func (o *outReader) assignment() error {
	if o.tok.kind != tIdent {
		return o.errorf("want the name of an output variable, found %s", o.found())
	}
	d := o.m.Lookup(string(o.tok.text))
	if d == nil || !d.Type.Var {
		return o.errorf("%s is not a variable of the model", shorten(o.tok.text))
	}
	o.next()
	if err := o.expect(tEq, `"="`); err != nil {
		return err
	}
	var err error
	if d.Type.Array {
		err = o.array(d)
	} else {
		err = o.set(&fzn.Ident{Decl: d})
	}
	if err != nil {
		return err
	}
	return o.expect(tSemi, `";"`)
}

// array reads `arrayNd(r1, ..., [v1, ...])` or `[v1, ...]` for d.
func (o *outReader) array(d *fzn.Decl) error {
	wrapped := o.tok.kind == tIdent && strings.HasPrefix(string(o.tok.text), "array")
	if wrapped {
		o.next()
		if err := o.expect(tLParen, `"("`); err != nil {
			return err
		}
		for o.tok.kind == tInt { // the index sets lo..hi,
			o.next()
			if err := o.expect(tDotDot, `".."`); err != nil {
				return err
			}
			if err := o.expect(tInt, "an integer"); err != nil {
				return err
			}
			if err := o.expect(tComma, `","`); err != nil {
				return err
			}
		}
	}
	if err := o.expect(tLBrack, `"["`); err != nil {
		return err
	}
	elems := d.Elems()
	i := 0
	for ; o.tok.kind != tRBrack; i++ {
		if i > 0 {
			if err := o.expect(tComma, `"," or "]"`); err != nil {
				return err
			}
		}
		if i >= len(elems) {
			return o.errorf("%s has %d elements, the output more", d.Name, len(elems))
		}
		if err := o.set(elems[i]); err != nil {
			return err
		}
	}
	if i < len(elems) {
		return o.errorf("%s has %d elements, the output %d", d.Name, len(elems), i)
	}
	o.next()
	if wrapped {
		return o.expect(tRParen, `")"`)
	}
	return nil
}

// set reads a value for e: a variable gets it, a literal or a parameter
// must have it.
func (o *outReader) set(e fzn.Expr) error {
	el, _ := fzn.ElemOf(e)
	var v int64
	switch {
	case el == fzn.Int && o.tok.kind == tInt:
		v = o.tok.ival
	case el == fzn.Bool && o.tok.kind == tIdent && (string(o.tok.text) == "true" || string(o.tok.text) == "false"):
		if string(o.tok.text) == "true" {
			v = 1
		}
	default:
		return o.errorf("want a value of type %s for %s, found %s", el, fzn.Format(e), o.found())
	}
	if x, ok := e.(*fzn.Ident); ok && x.Decl.Type.Var {
		if old, seen := o.s[x.Name()]; seen && old != v {
			return o.errorf("%s gets two values, %d and %d", x.Name(), old, v)
		}
		o.s[x.Name()] = v
	} else if want, _ := valueOf(e); want != v {
		return o.errorf("%s is %d, not %d", fzn.Format(e), want, v)
	}
	o.next()
	return nil
}

// valueOf returns the value of a literal or parameter of type int or bool.
func valueOf(e fzn.Expr) (int64, bool) {
	if v, ok := fzn.IntValue(e); ok {
		return v, true
	}
	if b, ok := fzn.BoolValue(e); ok {
		if b {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}
