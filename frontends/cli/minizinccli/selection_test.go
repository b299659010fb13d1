package minizinccli

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
)

func TestParseSelection(t *testing.T) {
	text := "# the families\n\ngolomb golomb/golomb.mzn golomb/10.dzn\r\n  queens\tqueens/queens.mzn   # no data\n" +
		"rcpsp rcpsp/rcpsp.mzn rcpsp/data/a.dzn rcpsp/data/b.json\n"
	got, err := ParseSelection("sel.txt", []byte(text))
	require.NoError(t, err)
	assert.Equal(t, []Entry{
		{Family: "golomb", Model: "golomb/golomb.mzn", Data: []string{"golomb/10.dzn"}, Line: 3},
		{Family: "queens", Model: "queens/queens.mzn", Line: 4},
		{Family: "rcpsp", Model: "rcpsp/rcpsp.mzn", Data: []string{"rcpsp/data/a.dzn", "rcpsp/data/b.json"}, Line: 5},
	}, got)
}

// TestParseSelectionMistakes: every mistake names the file, the line and
// the column.
func TestParseSelectionMistakes(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", "sel.txt: no instance"},
		{"# only a comment\n", "sel.txt: no instance"},
		{"golomb\n", "sel.txt:1:1: want \"family model.mzn [data.dzn]\""},
		{"\ngolomb golomb/golomb.dzn\n", "sel.txt:2:8: model \"golomb/golomb.dzn\": want a .mzn file"},
		{"golomb golomb/g.mzn golomb/10.txt\n", "sel.txt:1:21: data \"golomb/10.txt\": want a .dzn or .json file"},
		{"golomb /abs/g.mzn\n", "sel.txt:1:8: path \"/abs/g.mzn\": want a path relative"},
		{"golomb ../g.mzn\n", "sel.txt:1:8: path \"../g.mzn\": want a clean path"},
		{"golomb a/../../g.mzn\n", "sel.txt:1:8: path \"a/../../g.mzn\": want a clean path"},
		{"golomb ./g.mzn\n", "sel.txt:1:8: path \"./g.mzn\": want a clean path"},
		{`golomb g\h.mzn` + "\n", `sel.txt:1:8: path "g\\h.mzn": write paths with /`},
		{"gol/omb g.mzn\n", "sel.txt:1:1: family \"gol/omb\""},
		{"a g.mzn d.dzn\nb g.mzn d.dzn\n", "sel.txt:2:1: instance g.mzn d.dzn given twice (first on line 1)"},
		{"a g.mzn\n" + strings.Repeat("x", 5<<20), "sel.txt: larger than"},
	} {
		_, err := ParseSelection("sel.txt", []byte(tc.text))
		require.Error(t, err, "%q", tc.text)
		var ie *inputerr.Error
		assert.True(t, errors.As(err, &ie), "%T", err)
		assert.Contains(t, err.Error(), tc.want)
	}
}

// TestSelectionRoundTrip: what FormatSelection writes, ParseSelection
// reads back.
func TestSelectionRoundTrip(t *testing.T) {
	name := rapid.StringMatching(`[a-z][a-z0-9_]{0,6}`)
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 6).Draw(t, "n")
		var entries []Entry
		for i := range n {
			fam := name.Draw(t, "family")
			e := Entry{Family: fam, Model: fam + "/" + name.Draw(t, "model") + ".mzn", Line: i + 1}
			for range rapid.IntRange(0, 2).Draw(t, "data") {
				e.Data = append(e.Data, fam+"/"+name.Draw(t, "data")+rapid.SampledFrom([]string{".dzn", ".json"}).Draw(t, "ext"))
			}
			entries = append(entries, e)
		}
		got, err := ParseSelection("s", FormatSelection(entries))
		if err != nil {
			if strings.Contains(err.Error(), "given twice") {
				return // drawn twice
			}
			t.Fatal(err)
		}
		if len(got) != len(entries) {
			t.Fatalf("read %d entries, wrote %d", len(got), len(entries))
		}
		for i := range got {
			if got[i].String() != entries[i].String() || got[i].Line != entries[i].Line {
				t.Fatalf("entry %d: read %q line %d, wrote %q", i, got[i], got[i].Line, entries[i])
			}
		}
	})
}

// FuzzParseSelection, seeded from the committed selections: no panic; a
// selection read is written back as one that reads the same.
func FuzzParseSelection(f *testing.F) {
	for _, file := range []string{"selection.txt", "heldout.txt", filepath.Join("ci", "selection.txt")} {
		if data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "minizinc", file)); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("a a/m.mzn a/d.dzn\n# c\n\nb b/m.mzn\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, err := ParseSelection("s", data)
		if err != nil {
			return
		}
		back, err := ParseSelection("s", FormatSelection(entries))
		if err != nil {
			t.Fatalf("written back: %v", err)
		}
		if len(back) != len(entries) {
			t.Fatalf("read %d, read back %d", len(entries), len(back))
		}
		for i := range back {
			if back[i].String() != entries[i].String() {
				t.Fatalf("entry %d: %q read back as %q", i, entries[i], back[i])
			}
		}
	})
}
