package fznfmt

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/fzn"
)

func parseString(s string) (*fzn.Model, error) {
	return Parse(context.Background(), "t.fzn", strings.NewReader(s))
}

// TestLiterals reads integer and float literals in every form.
func TestLiterals(t *testing.T) {
	tests := []struct {
		text string
		want any // int64, float64, or the error message
	}{
		{"0", int64(0)},
		{"-0", int64(0)},
		{"007", int64(7)},
		{"42", int64(42)},
		{"-42", int64(-42)},
		{"0x1F", int64(31)},
		{"0xff", int64(255)},
		{"-0x1f", int64(-31)},
		{"0o17", int64(15)},
		{"-0o17", int64(-15)},
		{"9223372036854775807", int64(9223372036854775807)},
		{"-9223372036854775808", int64(-9223372036854775808)},
		{"0x7FFFFFFFFFFFFFFF", int64(9223372036854775807)},
		{"-0x8000000000000000", int64(-9223372036854775808)},
		{"0o777777777777777777777", int64(9223372036854775807)},
		{"9223372036854775808", `t.fzn:1:10: the integer "9223372036854775808" does not fit in 64 bits`},
		{"-9223372036854775809", `t.fzn:1:10: the integer "-9223372036854775809" does not fit in 64 bits`},
		{"0x8000000000000000", `t.fzn:1:10: the integer "0x8000000000000000" does not fit in 64 bits`},
		{"99999999999999999999999999999999999999999999999999", `t.fzn:1:10: the integer "9999999999999999999999999999999999999999"... does not fit in 64 bits`},
		{"0x", `t.fzn:1:10: malformed number "0x"`},
		{"0xg", `t.fzn:1:10: malformed number "0xg"`},
		{"0o8", `t.fzn:1:10: malformed number "0o8"`},
		{"12ab", `t.fzn:1:10: malformed number "12ab"`},
		{"1e", `t.fzn:1:12: malformed number "1e"`},
		{"-", `t.fzn:1:10: a "-" must start a number`},
		{"- 1", `t.fzn:1:10: a "-" must start a number`},
		{".5", `t.fzn:1:12: unexpected "."`},
		{"1.5", 1.5},
		{"-1.5", -1.5},
		{"1e5", 1e5},
		{"1E-5", 1e-5},
		{"1.5e+3", 1.5e3},
		{"-0.0", 0.0},
		{"1e999", `t.fzn:1:12: the float "1e999" is out of range`},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			typ := "int"
			if _, ok := tc.want.(float64); ok || strings.ContainsAny(tc.text, ".eE") && !strings.HasPrefix(tc.text, "0x") {
				typ = "float"
			}
			src := fmt.Sprintf("%s: x = %s;\nsolve satisfy;\n", typ, tc.text)
			m, err := parseString(src)
			switch want := tc.want.(type) {
			case string:
				require.Error(t, err)
				assert.Equal(t, want, inputErrs(err)[0])
			case int64:
				require.NoError(t, err)
				assert.Equal(t, want, m.Decls[0].Value.(*fzn.IntLit).Value)
			case float64:
				require.NoError(t, err)
				assert.Equal(t, want, m.Decls[0].Value.(*fzn.FloatLit).Value)
			}
		})
	}
}

func inputErrs(err error) []string {
	var out []string
	for _, e := range errAll(err) {
		out = append(out, e.Error())
	}
	return out
}

func errAll(err error) []error {
	var l interface{ Unwrap() []error }
	if errors.As(err, &l) {
		return l.Unwrap()
	}
	return []error{err}
}

// TestStrings reads the escapes of string literals.
func TestStrings(t *testing.T) {
	m, err := parseString(`var int: x :: s("a\"b\\c\nd\te\rf\'g\qh", "") ;` + "\nsolve satisfy;")
	require.NoError(t, err)
	args := m.Decls[0].Anns[0].Args
	assert.Equal(t, "a\"b\\c\nd\te\rf'g\\qh", args[0].(*fzn.StringLit).Value)
	assert.Equal(t, "", args[1].(*fzn.StringLit).Value)
	assert.Equal(t, `s("a\"b\\c\nd\te\rf'g\\qh","")`, fzn.Format(m.Decls[0].Anns[0]))
}

// TestHostile feeds inputs a careless reader would choke on.
func TestHostile(t *testing.T) {
	tests := []struct {
		name, text string
		want       string // the first error, or "" for none
	}{
		{"empty", "", "t.fzn:1:1: missing solve item at the end of the input"},
		{"only comments", "% nothing\n%\n", "t.fzn:3:1: missing solve item at the end of the input"},
		{"blank lines", "\n\n   \n", "t.fzn:4:1: missing solve item at the end of the input"},
		{"crlf", "var 1..3: x;\r\nconstraint int_le(x, 2);\r\nsolve satisfy;\r\n", ""},
		{"nul", "var 1..3: x;\x00\nsolve satisfy;", `t.fzn:1:13: unexpected character '\x00'`},
		{"not utf-8", "var 1..3: x\xff;\nsolve satisfy;", "t.fzn:1:12: unexpected character byte 0xff"},
		{"utf-8 in a string", "var 1..3: x :: name(\"été\");\nsolve satisfy;", ""},
		{"utf-8 in a name", "var 1..3: é;\nsolve satisfy;", "t.fzn:1:11: unexpected character byte 0xc3"},
		{"no newline at the end", "solve satisfy;", ""},
		{"a long comment", "%" + strings.Repeat("x", 10<<20) + "\nsolve satisfy;", ""},
		{"a long name", "var 1..3: " + strings.Repeat("x", 1<<20) + ";\nsolve satisfy;", ""},
		{"a long undeclared name", "constraint int_le(" + strings.Repeat("y", 1<<20) + ", 3);\nsolve satisfy;",
			`t.fzn:1:19: undeclared name "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"...`},
		{"a long number", "int: n = " + strings.Repeat("9", 1<<20) + ";\nsolve satisfy;",
			`t.fzn:1:10: the integer "9999999999999999999999999999999999999999"... does not fit in 64 bits`},
		{"a huge index set", "array [1..9223372036854775807] of int: a = [1];\nsolve satisfy;",
			"t.fzn:1:44: a has 1 elements, but its type says 9223372036854775807"},
		{"a huge domain", "var -9223372036854775808..9223372036854775807: x;\nsolve satisfy;", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := parseString(tc.text)
			if tc.want == "" {
				require.NoError(t, err)
				require.NotNil(t, m)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tc.want, inputErrs(err)[0])
		})
	}
}

// TestLongLine reads a constraint on one line of more than 10 MB, and
// writes it back.
func TestLongLine(t *testing.T) {
	const n = 1 << 20
	var b strings.Builder
	b.WriteString("var 0..1: x;\nconstraint int_lin_le([")
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("1234567")
	}
	b.WriteString("], [x")
	b.WriteString(strings.Repeat(", x", n-1))
	b.WriteString("], 5);\nsolve satisfy;\n")
	require.Greater(t, b.Len(), 10<<20)
	m, err := parseString(b.String())
	require.NoError(t, err)
	elems, ok := fzn.Array(m.Constraints[0].Args[1])
	require.True(t, ok)
	assert.Len(t, elems, n)
	// "constraint int_lin_le([", n numbers of 7 digits and n-1 ", ", then
	// "], [x" and n-1 ", x".
	last := len("constraint int_lin_le([") + 9*n - 2 + len("], [x") + 3*(n-1)
	assert.Equal(t, fzn.Pos{Line: 2, Col: int32(last)}, elems[n-1].Position())
}

// TestReadError passes on the error of the reader, naming the input.
func TestReadError(t *testing.T) {
	r := io.MultiReader(strings.NewReader("var 1..3: x;\n"), iotest.ErrReader(errors.New("disk on fire")))
	_, err := Parse(context.Background(), "t.fzn", r)
	assert.EqualError(t, err, "t.fzn: disk on fire")
	_, err = Parse(context.Background(), "t.fzn", iotest.OneByteReader(strings.NewReader("var 1..3: x;\nsolve satisfy;")))
	assert.NoError(t, err, "a reader that gives one byte at a time")
	_, err = Parse(context.Background(), "t.fzn", iotest.DataErrReader(strings.NewReader("solve satisfy;")))
	assert.NoError(t, err, "a reader that gives the data with io.EOF")
}

// endless yields constraints for ever.
type endless struct{ n int }

func (e *endless) Read(p []byte) (int, error) {
	line := "constraint int_le(x, 3) :: defines_var(x);\n"
	if e.n == 0 {
		line = "var 1..3: x;\n"
	}
	e.n++
	return copy(p, line), nil
}

// TestCancel stops reading an endless input when the context is done.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Parse(ctx, "endless", &endless{})
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Less(t, time.Since(start), 5*time.Second)
}

// TestPositions checks the positions of declarations, constraints,
// expressions and annotations.
func TestPositions(t *testing.T) {
	src := "% header\nvar 1..3: x :: output_var;\n  constraint int_le(x,\n    [1, x]) :: foo(x, \"s\");\nsolve :: bar minimize x;\n"
	m, err := parseString(src)
	require.NoError(t, err)
	d := m.Decls[0]
	assert.Equal(t, fzn.Pos{Line: 2, Col: 1}, d.Pos)
	assert.Equal(t, fzn.Pos{Line: 2, Col: 16}, d.Anns[0].Pos)
	c := m.Constraints[0]
	assert.Equal(t, fzn.Pos{Line: 3, Col: 3}, c.Pos)
	assert.Equal(t, fzn.Pos{Line: 3, Col: 21}, c.Args[0].Position())
	arr := c.Args[1].(*fzn.ArrayLit)
	assert.Equal(t, fzn.Pos{Line: 4, Col: 5}, arr.Pos)
	assert.Equal(t, fzn.Pos{Line: 4, Col: 9}, arr.Elems[1].Position())
	assert.Equal(t, fzn.Pos{Line: 4, Col: 16}, c.Anns[0].Pos)
	assert.Equal(t, fzn.Pos{Line: 4, Col: 23}, c.Anns[0].Args[1].Position())
	assert.Equal(t, fzn.Pos{Line: 5, Col: 1}, m.Solve.Pos)
	assert.Equal(t, fzn.Pos{Line: 5, Col: 10}, m.Solve.Anns[0].Pos)
	assert.Equal(t, fzn.Pos{Line: 5, Col: 23}, m.Solve.Objective.Position())
	_, isIdent := c.Anns[0].Args[0].(*fzn.Ident)
	assert.True(t, isIdent, "a declared name in an annotation is an Ident")
	assert.Nil(t, m.Solve.Anns[0].Args, "an undeclared name in an annotation is an atom")
}

// TestWriteRefuses checks that Write refuses what no reader reads back.
func TestWriteRefuses(t *testing.T) {
	bad := []*fzn.Model{
		func() *fzn.Model {
			m := &fzn.Model{}
			m.Declare(&fzn.Decl{Name: "not a name", Type: fzn.Type{Elem: fzn.Int, Var: true}})
			return m
		}(),
		func() *fzn.Model {
			m := &fzn.Model{}
			m.Declare(&fzn.Decl{Name: "p", Type: fzn.Type{Elem: fzn.Int}})
			return m
		}(),
		{Constraints: []*fzn.Constraint{{Name: "c", Args: []fzn.Expr{&fzn.FloatLit{Value: math.Inf(1)}}}}},
		{Constraints: []*fzn.Constraint{{Name: "int", Args: nil}}},
		{Constraints: []*fzn.Constraint{{Name: "c", Args: []fzn.Expr{nil}}}},
	}
	for i, m := range bad {
		var b bytes.Buffer
		assert.Error(t, Write(&b, m), "model %d", i)
	}
}
