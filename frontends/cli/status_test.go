package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// rowsTooFull has one aquarium a row, each row clue 1 for two cells: no
// solution.
const rowsTooFull = "1 1\n1 a a\n1 b b\n"

// statusesOf reads the status of every JSON Lines record.
func statusesOf(t *testing.T, out string) []kind.Status {
	t.Helper()
	var statuses []kind.Status
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		var rec struct{ Status kind.Status }
		require.NoError(t, json.Unmarshal([]byte(line), &rec), line)
		require.Contains(t, kind.Statuses, rec.Status, "a status of the vocabulary: %s", line)
		statuses = append(statuses, rec.Status)
	}
	return statuses
}

// TestStatusAgreesWithExitCode runs every command that writes JSON
// records on outcomes of every kind, and checks that the exit code is the
// worst of the codes its records' statuses stand for: a script that
// filters on status and one that checks the exit code agree.
func TestStatusAgreesWithExitCode(t *testing.T) {
	easy := filepath.Join(aquariumTestdata, "6x6-easy.txt")
	twoWays := filepath.Join("..", "..", "testdata", "examples", "ambiguous", "two-ways.txt")
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name  string
		ctx   context.Context
		stdin string
		args  []string
		code  int
	}{
		{"solved", nil, "", []string{"aquarium", "solve", easy}, ExitOK},
		{"not unique", nil, "", []string{"aquarium", "solve", "--unique", twoWays}, ExitFailed},
		{"not unique, logic", nil, "", []string{"aquarium", "solve", "--unique", "--explain", twoWays}, ExitFailed},
		{"unsolvable", nil, rowsTooFull, []string{"aquarium", "solve", "-"}, ExitFailed},
		{"timeout", nil, "", []string{"aquarium", "solve", "--timeout", "1ns", easy}, ExitTimeout},
		{"interrupted", canceled, "", []string{"aquarium", "solve", "--timeout", "1h", easy}, ExitInterrupted},
		{"logic-only interrupted", canceled, "", []string{"aquarium", "solve", "--logic-only", easy}, ExitInterrupted},
		{"count", nil, "", []string{"aquarium", "count", twoWays}, ExitOK},
		{"count unsolvable", nil, rowsTooFull, []string{"aquarium", "count"}, ExitFailed},
		{"count interrupted", canceled, "", []string{"aquarium", "count", "--limit", "0", twoWays}, ExitInterrupted},
		{"check wrong", nil, "1 1\n1 a b\n1 c d\nsolution\n#.\n#.\n", []string{"aquarium", "check"}, ExitFailed},
		{"check ok", nil, "", []string{"aquarium", "check", filepath.Join(aquariumTestdata, "6x6-easy-solved.txt")}, ExitOK},
		{"hint", nil, "", []string{"aquarium", "hint", easy}, ExitOK},
		{"jugs solved", nil, "", []string{"jugs", "solve", "--capacities", "3,5", "--target", "4"}, ExitOK},
		{"jugs unsolvable", nil, "", []string{"jugs", "solve", "--capacities", "6,4", "--target", "1"}, ExitFailed},
		{"jugs interrupted", canceled, "", []string{"jugs", "solve", "--capacities", "99991,100003", "--target", "1"}, ExitInterrupted},
		{"sort", nil, "", []string{"sort", "solve", sortFile("three-colours.txt")}, ExitOK},
		{"sort interrupted", canceled, "", []string{"sort", "solve", sortFile("three-colours.txt")}, ExitInterrupted},
		{"sort limit", nil, "", []string{"sort", "solve", "--limit-states", "3", sortFile("three-colours.txt")}, ExitTimeout},
		{"compare", nil, "", []string{"compare", "--engines", "cp,gini", easy}, ExitOK},
		{"compare timeout", nil, "", []string{"compare", "--engines", "cp", "--timeout", "1ns", easy}, ExitTimeout},
		{"tiles", nil, "", []string{"tiles", "solve", filepath.Join("..", "..", "testdata", "tiles", "eight.txt")}, ExitOK},
		{"rush", nil, "", []string{"rush", "solve", filepath.Join("..", "..", "testdata", "rush", "readme49.txt")}, ExitOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := tc.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			var out, errOut bytes.Buffer
			args := append(append([]string(nil), tc.args[:2]...), "--format", "json")
			if tc.args[0] == "compare" {
				args = []string{"compare", "--format", "json"}
				args = append(args, tc.args[1:]...)
			} else {
				args = append(args, tc.args[2:]...)
			}
			code := Main(ctx, args, IO{In: strings.NewReader(tc.stdin), Out: &out, Err: &errOut})
			require.Equal(t, tc.code, code, errOut.String())
			worst := ExitOK
			for _, s := range statusesOf(t, out.String()) {
				worst = clikit.Worse(worst, clikit.ExitCode(nil, s))
			}
			if out.Len() > 0 {
				assert.Equal(t, code, worst, "the statuses say %d, the exit code %d:\n%s", worst, code, out.String())
			}
		})
	}
}

// TestRecordForEveryInput: with --format json every input has a record, a
// missing file included, in its place among the others.
func TestRecordForEveryInput(t *testing.T) {
	easy := filepath.Join(aquariumTestdata, "6x6-easy.txt")
	missing := filepath.Join(t.TempDir(), "missing.txt")
	for _, args := range [][]string{
		{"aquarium", "solve", missing, easy},
		{"aquarium", "count", missing, easy},
		{"aquarium", "check", missing, filepath.Join(aquariumTestdata, "6x6-easy-solved.txt")},
		{"aquarium", "hint", missing, easy},
		{"jugs", "solve", missing, jugsFile("mixed.jsonl")},
		{"sort", "solve", missing, sortFile("three-colours.txt")},
		{"tiles", "solve", missing, filepath.Join("..", "..", "testdata", "tiles", "eight.txt")},
		{"rush", "solve", missing, filepath.Join("..", "..", "testdata", "rush", "readme49.txt")},
		{"compare", "--engines", "cp", missing, easy},
	} {
		full := append([]string{args[0]}, append([]string{"--format", "json"}, args[1:]...)...)
		if args[0] != "compare" {
			full = append([]string{args[0], args[1], "--format", "json"}, args[2:]...)
		}
		code, out, errOut := run(t, "", full...)
		assert.Equal(t, ExitUsage, code, "%v: %s", args, errOut)
		first, _, _ := strings.Cut(out, "\n")
		var rec struct {
			ID     string
			Status kind.Status
			Error  string
		}
		require.NoError(t, json.Unmarshal([]byte(first), &rec), "%v: %s", args, out)
		assert.Equal(t, missing, rec.ID, args)
		assert.Equal(t, kind.StatusError, rec.Status, args)
		assert.Equal(t, missing+": no such file or directory", rec.Error, args)
		assert.Greater(t, strings.Count(out, "\n"), 1, "the other input has its records too: %v", args)
		assert.Equal(t, 1, strings.Count(errOut, "no such file"), "reported once: %v", args)
	}
}

// TestCommandsStatusList: COMMANDS.md's "Exit codes" names every status of
// the vocabulary.
func TestCommandsStatusList(t *testing.T) {
	doc, err := os.ReadFile("COMMANDS.md")
	require.NoError(t, err)
	_, section, ok := strings.Cut(string(doc), "## Exit codes")
	require.True(t, ok)
	section, _, _ = strings.Cut(section, "\n## ")
	for _, s := range kind.Statuses {
		assert.Regexp(t, regexp.MustCompile("`"+regexp.QuoteMeta(string(s))+"`"), section, "status %s", s)
	}
}

// TestCountShow: count --show 2 on a puzzle with several solutions shows
// two different ones, each right by the checker, with exactly the cells
// where they differ marked, in text and in JSON.
func TestCountShow(t *testing.T) {
	twoWays := filepath.Join("..", "..", "testdata", "examples", "ambiguous", "two-ways.txt")
	code, out, errOut := run(t, "", "aquarium", "count", "--show", "2", "--format", "json", twoWays)
	require.Equal(t, ExitOK, code, errOut)
	var rec struct {
		Shown  [][]string
		Differ []struct{ Row, Col int }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rec))
	require.Len(t, rec.Shown, 2)
	data, err := os.ReadFile(twoWays)
	require.NoError(t, err)
	doc, err := aquariumfmt.ParseText(twoWays, data)
	require.NoError(t, err)
	p := doc.Puzzle
	sols := make([]aquarium.Solution, 2)
	for i, rows := range rec.Shown {
		s := aquarium.NewSolution(p.Width, p.Height)
		for r, row := range rows {
			for c, ch := range row {
				s.Cells[r*p.Width+c] = map[rune]aquarium.Cell{'#': aquarium.Water, '.': aquarium.Empty}[ch]
			}
		}
		require.NoError(t, aquarium.Check(p, s, aquarium.RegionRule), "solution %d", i+1)
		sols[i] = s
	}
	var want []struct{ Row, Col int }
	for r := range p.Height {
		for c := range p.Width {
			if sols[0].At(r, c) != sols[1].At(r, c) {
				want = append(want, struct{ Row, Col int }{r, c})
			}
		}
	}
	require.NotEmpty(t, want, "two different solutions")
	assert.Equal(t, want, rec.Differ)

	code, text, _ := run(t, "", "aquarium", "count", "--show", "2", twoWays)
	require.Equal(t, ExitOK, code)
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	require.Len(t, lines, 2+p.Height+1, text)
	assert.Regexp(t, `^ solution 1 +solution 2$`, lines[1])
	assert.Equal(t, len(want)*2, strings.Count(strings.Join(lines[2:2+p.Height], "\n"), "["), "each differing cell marked in both grids:\n%s", text)
	assert.Contains(t, lines[len(lines)-1], "cells in [brackets] differ")
	second := strings.Index(lines[1], " solution 2")
	for r := range p.Height {
		for i, s := range sols {
			grid := (lines[2+r] + "   ")[i*second:] // the last blank trimmed
			for c := range p.Width {
				cell := grid[3*c : 3*c+3]
				ch := map[aquarium.Cell]string{aquarium.Water: "#", aquarium.Empty: "."}[s.At(r, c)]
				assert.Contains(t, cell, ch, "row %d col %d of solution %d", r, c, i+1)
				assert.Equal(t, sols[0].At(r, c) != sols[1].At(r, c), cell[0] == '[', "row %d col %d marked when it differs", r, c)
			}
		}
	}
}

// TestOutputAndIDEverywhere: every command that writes records takes -o
// FILE (the format told by its extension, written only on success) and
// --id (unknown ids refused with a suggestion).
func TestOutputAndIDEverywhere(t *testing.T) {
	small := filepath.Join(aquariumTestdata, "small.jsonl")
	for _, tc := range []struct {
		args []string // the command, up to its inputs
		in   string   // a file of several puzzles
		id   string   // one of its ids
	}{
		{[]string{"aquarium", "solve"}, small, "wwt-4x4"},
		{[]string{"aquarium", "count"}, small, "wwt-4x4"},
		{[]string{"aquarium", "hint"}, small, "wwt-4x4"},
		{[]string{"jugs", "solve"}, jugsFile("mixed.jsonl"), "tap-4-9-any-7"},
		{[]string{"sort", "solve"}, sortFile("generated.jsonl"), ""},
		{[]string{"tiles", "solve"}, filepath.Join("..", "..", "testdata", "tiles", "eight.txt"), ""},
		{[]string{"rush", "solve"}, filepath.Join("..", "..", "testdata", "rush", "json.jsonl"), ""},
	} {
		name := strings.Join(tc.args, " ")
		id := tc.id
		if id == "" { // the first record's id
			_, out, _ := run(t, "", append(append(tc.args, "--format", "json"), tc.in)...)
			var rec struct{ ID string }
			first, _, _ := strings.Cut(out, "\n")
			require.NoError(t, json.Unmarshal([]byte(first), &rec), name)
			id = rec.ID
		}
		file := filepath.Join(t.TempDir(), "out.json")
		code, out, errOut := run(t, "", append(append(tc.args, "--id", id, "-o", file), tc.in)...)
		require.Equal(t, ExitOK, code, "%s: %s", name, errOut)
		assert.Empty(t, out, name)
		data, err := os.ReadFile(file)
		require.NoError(t, err, name)
		statuses := statusesOf(t, string(data))
		assert.Len(t, statuses, 1, "%s: the one puzzle asked for, as JSON (the file's extension)", name)

		code, _, errOut = run(t, "", append(append(tc.args, "--id", id+"x"), tc.in)...)
		assert.Equal(t, ExitUsage, code, name)
		assert.Contains(t, errOut, "--id "+id+"x: no puzzle has this id; did you mean \""+id+"\"?", name)

		code, _, errOut = run(t, "", append(append(tc.args, "--format", "csv", "-o", file), tc.in)...)
		assert.Equal(t, ExitUsage, code, name)
		assert.Contains(t, errOut, "--format csv and -o "+file+" disagree", name)
	}
	// A failure leaves the file as it was.
	file := filepath.Join(t.TempDir(), "out.txt")
	require.NoError(t, os.WriteFile(file, []byte("before"), 0o644))
	code, _, errOut := run(t, "", "aquarium", "solve", "--unique", "-o", file, filepath.Join("..", "..", "testdata", "examples", "ambiguous", "two-ways.txt"))
	assert.Equal(t, ExitFailed, code)
	assert.Contains(t, errOut, file+": not written (exit 1)")
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, "before", string(data))
}

// TestUnknownJSONField: a misspelt key is reported by name, at its
// column, with the field it may stand for, not as a missing field; the
// fields the commands' own JSON output adds read back.
func TestUnknownJSONField(t *testing.T) {
	code, _, errOut := run(t, `{"id":"j","capacities":[3,5],"trget":4}`+"\n", "jugs", "solve")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, `-:1:30: unknown field "trget"; did you mean "target"?`)

	code, _, errOut = run(t, `{"id":"a","width":2,"height":1,"regions":[[0,1]],"cols":[1,0],"rows":[1],"soluton":["#."]}`+"\n", "aquarium", "solve")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, `unknown field "soluton"; did you mean "solution"?`)

	code, _, errOut = run(t, `{"id":"s","capacity":2,"botles":[["a","a"]]}`+"\n", "sort", "solve")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, `unknown field "botles"; did you mean "bottles"?`)

	// count --show's JSON, with every field a command adds, reads back.
	twoWays := filepath.Join("..", "..", "testdata", "examples", "ambiguous", "two-ways.txt")
	_, out, _ := run(t, "", "aquarium", "count", "--show", "2", "--stats", "--format", "json", twoWays)
	code, _, errOut = run(t, out, "aquarium", "check", "-")
	assert.Equal(t, ExitOK, code, errOut)
}
