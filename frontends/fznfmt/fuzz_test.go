package fznfmt

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/waterworks-solver/waterworks/models/fzn"
)

// FuzzParse checks that Parse never panics, and that whenever it reads a
// model, writing it, reading that and writing again gives the same model
// and the same text. The corpus is every .fzn file of testdata/fzn.
func FuzzParse(f *testing.F) {
	files, err := filepath.Glob(filepath.Join(testdata, "*", "*.fzn"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no seeds in %s: %v", testdata, err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse(context.Background(), "fuzz", bytes.NewReader(data))
		if err != nil {
			return
		}
		var w1, w2 bytes.Buffer
		if err := Write(&w1, m); err != nil {
			t.Fatalf("Write of a model Parse read: %v", err)
		}
		m2, err := Parse(context.Background(), "written", bytes.NewReader(w1.Bytes()))
		if err != nil {
			t.Fatalf("Parse of what Write wrote: %v\n%s", err, w1.Bytes())
		}
		if err := Write(&w2, m2); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(w1.Bytes(), w2.Bytes()) {
			t.Fatalf("Write is not a fixed point:\n%s\n---\n%s", w1.Bytes(), w2.Bytes())
		}
		assertSameModel(t, m, m2)
	})
}

// FuzzReadOutput checks that ReadOutput never panics on what a solver may
// print for testdata/fzn/good/arrays.fzn, and that each solution it returns
// gives values of the right kind.
func FuzzReadOutput(f *testing.F) {
	m, err := parseFile(f, filepath.Join(testdata, "good", "arrays.fzn"))
	if err != nil {
		f.Fatal(err)
	}
	golden, err := os.ReadFile(filepath.Join(testdata, "output", "arrays.golden"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(golden)
	f.Add([]byte("xs = [1, 3, 2, 3];\nps = array1d(1..2, [false, true]);\n----------\n=====UNKNOWN=====\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := ReadOutput("fuzz", bytes.NewReader(data), m)
		if err != nil {
			return
		}
		for _, s := range out.Solutions {
			for name, v := range s {
				d := m.Lookup(name)
				if d == nil || !d.Type.Var || d.Type.Array || d.Type.Elem == fzn.Bool && v != 0 && v != 1 {
					t.Fatalf("a solution gives %s the value %d", name, v)
				}
			}
		}
	})
}
