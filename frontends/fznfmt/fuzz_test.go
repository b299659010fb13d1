package fznfmt

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
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
