package sat_test

import (
	"bytes"
	"errors"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/sattest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
}

// example is a small formula with names, a clause of each length and one
// linear constraint of each kind.
func example() *sat.Formula {
	f := sat.NewFormula()
	a := f.NewNamedVar("cell(r1,c1)")
	b := f.NewNamedVar("cell(r1,c2)")
	c := f.NewVar()
	d := f.NewNamedVar("odd\nname")
	f.AddClause(a, b.Not())
	f.AddClause(c)
	f.AddClause(a.Not(), b, c.Not(), d)
	f.AddClause()
	f.AtMost(1, a, b, c)
	f.AddLinear(sat.Linear{Terms: []sat.Term{{Lit: a, Weight: 2}, {Lit: d.Not(), Weight: 3}}, Op: sat.AtLeast, K: 3})
	f.Exactly(2, a, b, b)
	return f
}

func TestWriteDIMACSGolden(t *testing.T) {
	f := example()
	var buf bytes.Buffer
	assert.ErrorIs(t, sat.WriteDIMACS(&buf, f), sat.ErrNotCNF)
	buf.Reset()
	require.NoError(t, sat.WriteDIMACS(&buf, sattest.MustLower(f, sat.Totalizer), 2, -4))
	golden(t, "example.cnf", buf.Bytes())
}

func TestWriteOPBGolden(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, sat.WriteOPB(&buf, example(), -3))
	golden(t, "example.opb", buf.Bytes())
}

// sameClauses reports whether f and g have the same variables, names and
// clauses in the same order.
func sameClauses(t *testing.T, f, g *sat.Formula) {
	t.Helper()
	assert.Equal(t, f.NumVars(), g.NumVars(), "variables")
	require.Equal(t, f.NumClauses(), g.NumClauses(), "clauses")
	for i := range f.NumClauses() {
		assert.Equal(t, f.Clause(i), g.Clause(i), "clause %d", i)
	}
	// The writers turn line breaks in names into spaces.
	clean := strings.NewReplacer("\n", " ", "\r", " ")
	want := map[int]string{}
	for v, name := range f.Names() {
		want[v] = clean.Replace(name)
	}
	got := map[int]string{}
	for v, name := range g.Names() {
		got[v] = name
	}
	assert.Equal(t, want, got, "names")
}

func TestDIMACSRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for i := range 200 {
		f := sattest.RandomCNF(rng, 1+rng.IntN(30), rng.IntN(40), 6)
		if i%3 == 0 {
			f.SetName(1, "first var")
			f.SetName(f.NumVars(), "last = var")
		}
		var buf bytes.Buffer
		require.NoError(t, sat.WriteDIMACS(&buf, f))
		for _, strict := range []bool{false, true} {
			g, err := sat.ReadDIMACS(bytes.NewReader(buf.Bytes()), sat.ReadOptions{Strict: strict})
			require.NoError(t, err, buf.String())
			sameClauses(t, f, g)
		}
	}
}

func TestReadDIMACSTolerant(t *testing.T) {
	in := "c a comment\n  c indented comment\np cnf 3 2\n1 -2\n 3 0 -1\n\n0\n%\n0\n"
	f, err := sat.ReadDIMACS(strings.NewReader(in), sat.ReadOptions{})
	require.NoError(t, err)
	assert.Equal(t, 3, f.NumVars())
	assert.Equal(t, [][]sat.Lit{{1, -2, 3}, {-1}}, collect(f))

	f, err = sat.ReadDIMACS(strings.NewReader("1 2 0\n-7 0\n3"), sat.ReadOptions{})
	require.NoError(t, err)
	assert.Equal(t, 7, f.NumVars())
	assert.Equal(t, [][]sat.Lit{{1, 2}, {-7}, {3}}, collect(f))
}

func collect(f *sat.Formula) [][]sat.Lit {
	var out [][]sat.Lit
	for c := range f.Clauses() {
		out = append(out, append([]sat.Lit{}, c...))
	}
	return out
}

func TestReadDIMACSErrors(t *testing.T) {
	tests := []struct {
		name, in string
		strict   bool
		want     string
	}{
		{"bad token", "p cnf 2 1\n1 x 0\n", false, `2:3: want a literal (a nonzero integer) or 0, found "x"`},
		{"too big", "1 99999999999 0\n", false, `1:3: want a literal`},
		{"bad header", "p dnf 2 1\n", false, `1:1: want header "p cnf VARIABLES CLAUSES", found "p dnf 2 1"`},
		{"negative count", "p cnf -2 1\n", false, `1:7: variable count "-2"`},
		{"second header", "p cnf 2 1\np cnf 2 1\n", false, "2:1: second header line (the first is on line 1)"},
		{"no header", "1 2 0\n", true, `1:1: clause before the header`},
		{"empty input", "", true, `1: no header`},
		{"header late", "c x\n1 0\np cnf 1 1\n", true, `2:1: clause before the header`},
		{"var beyond", "p cnf 2 1\n1 -3 0\n", true, "2:3: literal -3 beyond the 2 variables of the header"},
		{"count", "p cnf 2 3\n1 0\n2 0\n", true, "1: header announces 3 clauses, found 2"},
		{"unterminated", "p cnf 2 1\n1\n 2\n", true, "2: last clause does not end with 0"},
		{"percent strict", "p cnf 1 1\n1 0\n%\n", true, `3:1: want a literal`},
		{"name beyond", "c x5 = far\np cnf 2 0\n", true, "2: header announces 2 variables, a name comment uses variable 5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := sat.ReadDIMACS(strings.NewReader(tc.in), sat.ReadOptions{Strict: tc.strict})
			require.Error(t, err)
			var pe *sat.ParseError
			require.True(t, errors.As(err, &pe), "want a *ParseError, got %T", err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestOPBRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for range 300 {
		f := sattest.RandomFormula(rng, 1+rng.IntN(6), rng.IntN(6), 4, 3)
		f.SetName(1, "x one")
		var first bytes.Buffer
		require.NoError(t, sat.WriteOPB(&first, f))
		g, err := sat.ReadOPB(bytes.NewReader(first.Bytes()), sat.ReadOptions{Strict: true})
		require.NoError(t, err, first.String())
		assert.Equal(t, f.NumVars(), g.NumVars())
		assert.Equal(t, "x one", g.Name(1))
		// Same models; reading turns unweighted ">= 1" constraints into
		// clauses, which are written first, so from then on the text is a
		// fixed point.
		assert.Equal(t, sattest.Models(f), sattest.Models(g), first.String())
		var second, third bytes.Buffer
		require.NoError(t, sat.WriteOPB(&second, g))
		h, err := sat.ReadOPB(bytes.NewReader(second.Bytes()), sat.ReadOptions{Strict: true})
		require.NoError(t, err)
		require.NoError(t, sat.WriteOPB(&third, h))
		assert.Equal(t, second.String(), third.String())
	}
}

func TestReadOPB(t *testing.T) {
	in := "* #variable= 4 #constraint= 4 #equal= 1\n" +
		"* x2 = named\n" +
		"+1 x1 +1 ~x2 >= 1 ;\n" +
		"-2 x1 +3 x3 >= -1;\n" +
		"1 x2 1 x3 1 x4 <= 2 ;\n" +
		"+1 x1 +1 x4 = 1 ;\n"
	f, err := sat.ReadOPB(strings.NewReader(in), sat.ReadOptions{Strict: true})
	require.NoError(t, err)
	assert.Equal(t, "named", f.Name(2))
	assert.Equal(t, [][]sat.Lit{{1, -2}}, collect(f))
	require.Equal(t, 3, f.NumLinears())
	assert.Equal(t, sat.Linear{Terms: []sat.Term{{-1, 2}, {3, 3}}, Op: sat.AtLeast, K: 1}, f.Linear(0))
	assert.Equal(t, sat.AtMost, f.Linear(1).Op)
	assert.Equal(t, sat.Exactly, f.Linear(2).Op)
}

func TestReadOPBErrors(t *testing.T) {
	tests := []struct {
		name, in string
		strict   bool
		want     string
	}{
		{"no semicolon", "+1 x1 >= 1\n", false, `1:10: constraint does not end with ";"`},
		{"bad literal", "+1 y1 >= 1 ;\n", false, `1:4: want a literal such as x3 or ~x3, found "y1"`},
		{"bad coefficient", "+a x1 >= 1 ;\n", false, `1:1: want an integer coefficient`},
		{"bad operator", "+1 x1 > 1 ;\n", false, `1:7: want an operator`},
		{"odd terms", "+1 x1 +1 >= 1 ;\n", false, `1:1: want terms`},
		{"objective", "min: +1 x1 ;\n", false, "1:1: objective functions are not supported"},
		{"no header", "+1 x1 >= 1 ;\n", true, "1:1: constraint before the header"},
		{"count", "* #variable= 1 #constraint= 2\n+1 x1 >= 1 ;\n", true, "1: header announces 2 constraints, found 1"},
		{"beyond", "* #variable= 1 #constraint= 1\n+1 x2 >= 1 ;\n", true, "2:4: variable x2 beyond the 1 variables"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := sat.ReadOPB(strings.NewReader(tc.in), sat.ReadOptions{Strict: tc.strict})
			var pe *sat.ParseError
			require.True(t, errors.As(err, &pe), "want a *ParseError, got %v", err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestReadResult(t *testing.T) {
	in := "c cadical says hi\nc conflicts:   12   3.0 per second\ndecisions : 7 (0.00 % random)\n" +
		"s SATISFIABLE\nv 1 -2\nv -3 4 0\n"
	res, err := sat.ReadResult(strings.NewReader(in))
	require.NoError(t, err)
	assert.True(t, res.HasStatus)
	assert.Equal(t, sat.Sat, res.Status)
	assert.Equal(t, sat.Model{false, true, false, false, true}, res.Model)
	assert.Equal(t, sat.Stats{Conflicts: 12, Decisions: 7}, res.Stats)

	res, err = sat.ReadResult(strings.NewReader("SATISFIABLE\n"))
	require.NoError(t, err)
	assert.False(t, res.HasStatus)

	for _, bad := range []string{"s MAYBE\n", "s SATISFIABLE\nv 1 x 0\n", "s SATISFIABLE\nv 1 0 2\n", "s SATISFIABLE\ns UNSATISFIABLE\n"} {
		_, err := sat.ReadResult(strings.NewReader(bad))
		var pe *sat.ParseError
		assert.True(t, errors.As(err, &pe), "%q: want a *ParseError, got %v", bad, err)
	}
}

func TestResultRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for range 50 {
		n := rng.IntN(100)
		m := make(sat.Model, n+1)
		for v := 1; v <= n; v++ {
			m[v] = rng.IntN(2) == 0
		}
		stats := sat.Stats{Conflicts: rng.Int64N(100), Propagations: rng.Int64N(1000)}
		var buf bytes.Buffer
		require.NoError(t, sat.WriteResult(&buf, sat.Sat, m, n, stats))
		for line := range strings.Lines(buf.String()) {
			assert.LessOrEqual(t, len(line), 81, "v line too long")
		}
		res, err := sat.ReadResult(&buf)
		require.NoError(t, err)
		assert.Equal(t, sat.Sat, res.Status)
		assert.Equal(t, stats, res.Stats)
		assert.Equal(t, m, res.Model)
	}
	var buf bytes.Buffer
	require.NoError(t, sat.WriteResult(&buf, sat.Unsat, nil, 3, sat.Stats{}))
	assert.Equal(t, "s UNSATISFIABLE\n", buf.String())
}

// rejected reports whether a reader failed, and fails t when the error
// carries no position.
func rejected(t *testing.T, err error) bool {
	var pe *sat.ParseError
	if err != nil && !errors.As(err, &pe) {
		t.Fatalf("error without position: %v", err)
	}
	return err != nil
}

func FuzzReadDIMACS(f *testing.F) {
	for _, name := range []string{"example.cnf"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		require.NoError(f, err)
		f.Add(data, false)
		f.Add(data, true)
	}
	f.Add([]byte("p cnf 2 1\n1 -2 0\n"), true)
	f.Add([]byte("1 2\n%\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, strict bool) {
		g, err := sat.ReadDIMACS(bytes.NewReader(data), sat.ReadOptions{Strict: strict})
		if rejected(t, err) {
			return
		}
		// What was read writes and reads back the same.
		var buf bytes.Buffer
		if err := sat.WriteDIMACS(&buf, g); err != nil {
			t.Fatal(err)
		}
		h, err := sat.ReadDIMACS(&buf, sat.ReadOptions{Strict: true})
		if err != nil {
			t.Fatalf("reading back: %v\n%s", err, buf.String())
		}
		sameClauses(t, g, h)
	})
}

func FuzzReadOPB(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("testdata", "example.opb"))
	require.NoError(f, err)
	f.Add(data, true)
	f.Add([]byte("+1 x1 -2 ~x2 <= 1;\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, strict bool) {
		g, err := sat.ReadOPB(bytes.NewReader(data), sat.ReadOptions{Strict: strict})
		if rejected(t, err) {
			return
		}
		var first, second bytes.Buffer
		if err := sat.WriteOPB(&first, g); err != nil {
			t.Fatal(err)
		}
		h, err := sat.ReadOPB(bytes.NewReader(first.Bytes()), sat.ReadOptions{Strict: true})
		if err != nil {
			t.Fatalf("reading back: %v\n%s", err, first.String())
		}
		if err := sat.WriteOPB(&second, h); err != nil {
			t.Fatal(err)
		}
		if first.String() != second.String() {
			t.Fatalf("round trip changed the text:\n%s\n---\n%s", first.String(), second.String())
		}
	})
}

func FuzzReadResult(f *testing.F) {
	f.Add([]byte("c conflicts: 3\ns SATISFIABLE\nv 1 -2 0\n"))
	f.Add([]byte("s UNSATISFIABLE\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := sat.ReadResult(bytes.NewReader(data))
		if rejected(t, err) {
			return
		}
		var buf bytes.Buffer
		n := max(len(res.Model)-1, 0)
		if err := sat.WriteResult(&buf, res.Status, res.Model, n, res.Stats); err != nil {
			t.Fatal(err)
		}
		again, err := sat.ReadResult(&buf)
		if err != nil {
			t.Fatalf("reading back: %v", err)
		}
		if again.Status != res.Status || again.Stats != res.Stats {
			t.Fatalf("round trip changed %+v into %+v", res, again)
		}
	})
}
