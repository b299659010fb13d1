package fznfmt

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"sync"
	"testing"
)

// benchConstraints is the size of the generated benchmark model.
const benchConstraints = 1_000_000

var bigModel = sync.OnceValue(func() []byte { return generate(benchConstraints) })

// generate writes a model of n constraints of the shapes minizinc -c
// writes most: linear constraints over two to four variables with
// parameter coefficients, reified comparisons defining a variable, clauses
// and element constraints, over n/10 int and n/10 bool variables.
func generate(n int) []byte {
	var b bytes.Buffer
	vars := n / 10
	b.WriteString("array [1..2] of int: X_INTRODUCED_coef_ = [1,-1];\n")
	b.WriteString("array [1..5] of int: X_INTRODUCED_table_ = [3,1,4,1,5];\n")
	for i := range vars {
		fmt.Fprintf(&b, "var 0..%d: X_INTRODUCED_%d_;\n", 100+i%900, i)
		fmt.Fprintf(&b, "var bool: X_INTRODUCED_%d_b ::var_is_introduced :: is_defined_var;\n", i)
	}
	for i := range n {
		x, y, z := i%vars, (i*7+1)%vars, (i*13+5)%vars
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "constraint int_lin_le(X_INTRODUCED_coef_,[X_INTRODUCED_%d_,X_INTRODUCED_%d_],%d);\n", x, y, i%50-25)
		case 1:
			fmt.Fprintf(&b, "constraint int_le_reif(X_INTRODUCED_%d_,%d,X_INTRODUCED_%d_b):: defines_var(X_INTRODUCED_%d_b);\n", x, i%100, x, x)
		case 2:
			fmt.Fprintf(&b, "constraint bool_clause([X_INTRODUCED_%d_b,X_INTRODUCED_%d_b],[X_INTRODUCED_%d_b]);\n", x, y, z)
		case 3:
			fmt.Fprintf(&b, "constraint int_lin_eq([2,3,-1,1],[X_INTRODUCED_%d_,X_INTRODUCED_%d_,X_INTRODUCED_%d_,X_INTRODUCED_%d_],%d);\n", x, y, z, (x+1)%vars, i%7)
		}
	}
	b.WriteString("solve :: int_search([X_INTRODUCED_0_,X_INTRODUCED_1_],first_fail,indomain_min,complete) minimize X_INTRODUCED_0_;\n")
	return b.Bytes()
}

// BenchmarkParse reads a generated model of a million constraints.
func BenchmarkParse(b *testing.B) {
	data := bigModel()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		m, err := Parse(context.Background(), "big.fzn", bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		if len(m.Constraints) != benchConstraints {
			b.Fatalf("%d constraints", len(m.Constraints))
		}
	}
}

// BenchmarkWrite writes the generated model back.
func BenchmarkWrite(b *testing.B) {
	data := bigModel()
	m, err := Parse(context.Background(), "big.fzn", bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if err := Write(io.Discard, m); err != nil {
			b.Fatal(err)
		}
	}
}
