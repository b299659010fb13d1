package minizinc

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParseStream feeds minizinc output, seeded from the real runs in
// testdata/stream, to the reader: it must never panic; a Result has
// status Error exactly when it has errors or minizinc said ERROR; and
// what it read round-trips through the data Confirm writes.
func FuzzParseStream(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "stream", "*.jsonl"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, false)
		f.Add(data[:len(data)/2], true)
	}
	f.Fuzz(func(t *testing.T, out []byte, truncated bool) {
		r := readRun(out, truncated, false)
		if len(r.Errors) > 0 && r.Status != Error {
			t.Fatalf("errors %q but status %s", r.Errors, r.Status)
		}
		if r.Status == Error && r.Err() == nil {
			t.Fatal("status Error without Err")
		}
		if _, err := parseStream(out, truncated); err == nil {
			checkRoundTrip(t, r)
		}
	})
}

// FuzzParseValue: a value read is written back as JSON that reads as the
// same value, or refused by MarshalJSON (an enum constructor).
func FuzzParseValue(f *testing.F) {
	for _, seed := range []string{`3`, `-7`, `[true, null]`, `{"set": [[1, 3], 9]}`, `{"e": "Red"}`,
		`[[{"e": "A"}], [{"e": "B"}]]`, `{"c": "C", "e": {"e": "X"}}`, `1.5`, `"s"`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := ParseValue(data)
		if err != nil {
			return
		}
		text, err := v.MarshalJSON()
		if err != nil {
			return
		}
		back, err := ParseValue(text)
		if err != nil || !back.Equal(v) {
			t.Fatalf("%s: read %s, wrote %s, read back %s (%v)", data, v, text, back, err)
		}
	})
}
