package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/cli/sortcli"
	"github.com/waterworks-solver/waterworks/frontends/sortfmt"
	"github.com/waterworks-solver/waterworks/models/watersort"
)

const sortTestdata = "../../testdata/watersort"

// runSort runs "waterworks sort solve args..." against buffers and returns
// the exit code, stdout and stderr.
func runSort(t *testing.T, ctx context.Context, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Main(ctx, append([]string{"sort", "solve"}, args...), IO{In: strings.NewReader(stdin), Out: &out, Err: &errOut})
	return code, out.String(), errOut.String()
}

func sortFile(name string) string { return filepath.Join(sortTestdata, name) }

// readPuzzle reads the single level of a testdata file.
func readPuzzle(t *testing.T, name string) *watersort.Puzzle {
	t.Helper()
	data, err := os.ReadFile(sortFile(name))
	require.NoError(t, err)
	levels := sortfmt.Parse(name, data)
	require.Len(t, levels, 1)
	require.NoError(t, levels[0].Err)
	return levels[0].Puzzle
}

var textMove = regexp.MustCompile(`^ *(\d+)\. pour (\d+) into (\d+)$`)

// TestSortSolveText reads the moves back from the text output and replays
// them with the checker, under both rules and all methods.
func TestSortSolveText(t *testing.T) {
	p := readPuzzle(t, "three-colours.txt")
	for _, rule := range []string{"whole", "fits"} {
		for _, method := range []string{"bfs", "astar", "greedy", "sat"} {
			t.Run(rule+"/"+method, func(t *testing.T) {
				code, out, errOut := runSort(t, context.Background(), "", "--rule", rule, "--method", method, sortFile("three-colours.txt"))
				require.Equal(t, ExitOK, code, errOut)
				assert.Empty(t, errOut)
				lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
				engine := method
				if method == "sat" {
					engine = "sat/gini"
				}
				wantHead := fmt.Sprintf(`^.*three-colours.txt: solved in %d moves \((optimal|not proven optimal); %s, %s rule\)$`, len(lines)-1, engine, rule)
				assert.Regexp(t, wantHead, lines[0])
				assert.Equal(t, method != "greedy", strings.Contains(lines[0], "(optimal"))
				var plan watersort.Plan
				for i, line := range lines[1:] {
					m := textMove.FindStringSubmatch(line)
					require.NotNil(t, m, "line %q", line)
					assert.Equal(t, strconv.Itoa(i+1), m[1])
					from, _ := strconv.Atoi(m[2])
					to, _ := strconv.Atoi(m[3])
					plan = append(plan, watersort.Move{From: from - 1, To: to - 1})
				}
				r, _ := watersort.ParseRule(rule)
				assert.NoError(t, watersort.Check(p, r, plan))
			})
		}
	}
}

// sortJSON decodes JSON Lines output.
func sortJSON(t *testing.T, out string) []sortcli.Record {
	t.Helper()
	var recs []sortcli.Record
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r sortcli.Record
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r), sc.Text())
		recs = append(recs, r)
	}
	return recs
}

func TestSortSolveJSON(t *testing.T) {
	code, out, errOut := runSort(t, context.Background(), "", "--format", "json",
		sortFile("generated.jsonl"), sortFile("stuck.txt"), sortFile("solved.txt"))
	assert.Equal(t, ExitFailed, code, "an unsolvable level is the worst outcome: %s", errOut)
	recs := sortJSON(t, out)
	require.Len(t, recs, 6)
	want := []struct {
		id     string
		status Status
	}{
		{"ww-n6-e2-s1", StatusSolved},
		{"ww-n7-e2-s2", StatusSolved},
		{"ww-n8-e2-s3", StatusSolved},
		{"ww-n6-e1-s4", StatusUnsolvable},
		{sortFile("stuck.txt"), StatusUnsolvable},
		{sortFile("solved.txt"), StatusSolved},
	}
	for i, r := range recs {
		assert.Equal(t, want[i].id, r.ID)
		assert.Equal(t, want[i].status, r.Status, r.ID)
		assert.Equal(t, "bfs", r.Method)
		assert.Equal(t, "whole", r.Rule)
		assert.Positive(t, r.Stats.Stored)
		assert.Positive(t, r.Stats.PeakBytes)
		if r.Status != StatusSolved {
			assert.Nil(t, r.Steps)
			assert.Empty(t, r.Plan)
			assert.False(t, r.Optimal)
			continue
		}
		require.NotNil(t, r.Steps)
		assert.Equal(t, *r.Steps, len(r.Plan))
		assert.True(t, r.Optimal)
	}
	assert.Equal(t, 0, *recs[5].Steps, "an already solved level needs no move")
	assert.Equal(t, []sortcli.Move{}, recs[5].Plan)
}

func TestSortSolveCSV(t *testing.T) {
	code, out, _ := runSort(t, context.Background(), "", "--format", "csv", "--method", "astar", sortFile("partial.txt"))
	require.Equal(t, ExitOK, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	assert.Equal(t, strings.Join(sortcli.CSVHeader, ","), lines[0])
	assert.Regexp(t, `^.*partial.txt,solved,astar,whole,\d+,true,[0-9.]+,\d+,\d+,\d+,0,0,(\d+>\d+ ?)+,$`, lines[1])
	code, out, _ = runSort(t, context.Background(), "", "--format", "csv", "--method", "sat", sortFile("partial.txt"))
	require.Equal(t, ExitOK, code)
	lines = strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	assert.Regexp(t, `^.*partial.txt,solved,sat,whole,\d+,true,[0-9.]+,0,0,0,[1-9]\d*,[1-9]\d*,(\d+>\d+ ?)+,$`, lines[1])
}

func TestSortSolveExitCodes(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	big := sortFile("generated.jsonl")
	tests := []struct {
		name   string
		ctx    context.Context
		stdin  string
		args   []string
		code   int
		stderr string // a substring of stderr, "" for none
	}{
		{"solved", nil, "", []string{sortFile("three-colours.txt")}, ExitOK, ""},
		{"stdin", nil, "capacity 1\na\n-\n", []string{"-"}, ExitOK, ""},
		{"no file is stdin", nil, "a a\n-\n", nil, ExitOK, ""},
		{"unsolvable", nil, "", []string{sortFile("stuck.txt")}, ExitFailed, ""},
		{"bad input", nil, "", []string{sortFile("malformed/overflow.txt")}, ExitUsage,
			"overflow.txt:2:5: bottle 1 holds 3 units, more than the capacity 2"},
		{"bad record among good", nil, "", []string{sortFile("malformed/records.jsonl")}, ExitUsage, "records.jsonl:3:56:"},
		{"missing file", nil, "", []string{sortFile("nope.txt")}, ExitUsage, "no such file"},
		{"worst wins", nil, "", []string{sortFile("stuck.txt"), sortFile("malformed/dash.txt"), sortFile("solved.txt")}, ExitUsage, "dash.txt:2:3:"},
		{"state limit", nil, "", []string{"--limit-states", "5", big}, ExitTimeout, ""},
		{"timeout", nil, "", []string{"--timeout", "1ns", big}, ExitTimeout, ""},
		{"interrupted", cancelled, "", []string{big}, ExitInterrupted, ""},
		{"bad rule", nil, "", []string{"--rule", "most", big}, ExitUsage, `unknown rule "most"`},
		{"bad method", nil, "", []string{"--method", "dfs", big}, ExitUsage, `unknown --method "dfs"`},
		{"sat beyond the horizon", nil, "", []string{"--method", "sat", "--max-moves", "3", sortFile("three-colours.txt")}, ExitTimeout, ""},
		{"sat does not prove unsolvability", nil, "", []string{"--method", "sat", "--max-moves", "6", sortFile("stuck.txt")}, ExitTimeout, ""},
		{"sat timeout", nil, "", []string{"--method", "sat", "--timeout", "1ns", big}, ExitTimeout, ""},
		{"sat interrupted", cancelled, "", []string{"--method", "sat", big}, ExitInterrupted, ""},
		{"sat on gophersat under a timeout", nil, "", []string{"--method", "sat", "--backend", "gophersat", "--timeout", "1m", sortFile("partial.txt")}, ExitOK, ""},
		{"sat on gophersat", nil, "", []string{"--method", "sat", "--backend", "gophersat", "--rule", "fits", sortFile("partial.txt")}, ExitOK, ""},
		{"bad backend", nil, "", []string{"--method", "sat", "--backend", "minisatt", big}, ExitUsage, `unknown --backend "minisatt"`},
		{"backend without sat", nil, "", []string{"--backend", "gini", big}, ExitUsage, "--backend applies to --method sat"},
		{"max-steps without sat", nil, "", []string{"--max-steps", "5", big}, ExitUsage, "--max-steps applies to --method sat"},
		{"encoding without sat", nil, "", []string{"--encoding", "window", big}, ExitUsage, "--encoding applies to --method sat"},
		{"bad encoding", nil, "", []string{"--method", "sat", "--encoding", "stepwise", big}, ExitUsage, `unknown --encoding "stepwise"`},
		{"max-states with sat", nil, "", []string{"--method", "sat", "--max-states", "5", big}, ExitUsage, "--max-states applies to the search methods"},
		{"negative max-steps", nil, "", []string{"--method", "sat", "--max-steps", "-1", big}, ExitUsage, "negative --max-steps"},
		{"bad limit", nil, "", []string{"--max-states", "-1", big}, ExitUsage, "negative --max-states"},
		// The older spellings still work, and messages name the flags as
		// help does.
		{"old max-moves without sat", nil, "", []string{"--max-moves", "5", big}, ExitUsage, "--max-steps applies to --method sat"},
		{"old limit-states with sat", nil, "", []string{"--method", "sat", "--limit-states", "5", big}, ExitUsage, "--max-states applies to the search methods"},
		{"bad format", nil, "", []string{"--format", "xml", big}, ExitUsage, `unknown --format "xml"`},
		{"help", nil, "", []string{"-h"}, ExitOK, ""}, // help goes to stdout
		{"empty input", nil, "", []string{"-"}, ExitUsage, "-:1:1: empty input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := tt.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			code, _, errOut := runSort(t, ctx, tt.stdin, tt.args...)
			assert.Equal(t, tt.code, code, errOut)
			if tt.stderr == "" {
				assert.Empty(t, errOut)
			} else {
				assert.Contains(t, errOut, tt.stderr)
			}
		})
	}
}

// TestSortSolveUnknown: a level stopped by the state limit or a timeout is
// reported as unknown, with the reason in text.
func TestSortSolveUnknown(t *testing.T) {
	code, out, _ := runSort(t, context.Background(), "", "--limit-states", "3", sortFile("three-colours.txt"))
	assert.Equal(t, ExitTimeout, code)
	assert.Regexp(t, `three-colours.txt: unknown \(stopped after \d+ states; bfs, whole rule\)`, out)
	code, out, _ = runSort(t, context.Background(), "", "--format", "json", "--timeout", "1ns", sortFile("three-colours.txt"))
	assert.Equal(t, ExitTimeout, code)
	recs := sortJSON(t, out)
	require.Len(t, recs, 1)
	assert.Equal(t, StatusUnknown, recs[0].Status)
}

func TestSortSolveStats(t *testing.T) {
	code, _, errOut := runSort(t, context.Background(), "", "--stats", sortFile("three-colours.txt"))
	require.Equal(t, ExitOK, code)
	assert.Regexp(t, `three-colours.txt: bfs, whole rule: [0-9.]+ ms, \d+ states expanded, \d+ stored, peak memory about [0-9.]+ (B|KiB|MiB)`, errOut)

	code, _, errOut = runSort(t, context.Background(), "", "--stats", "--method", "sat", "--rule", "fits", sortFile("three-colours.txt"))
	require.Equal(t, ExitOK, code)
	assert.Regexp(t, `three-colours.txt: sat/gini, fits rule: [0-9.]+ ms, lower bound \d+, \d+ horizons, \d+ variables, \d+ clauses\n`, errOut)
	assert.Regexp(t, `(?m)^.*three-colours.txt:   \d+ moves: none, [0-9.]+ ms$`, errOut)
	assert.Regexp(t, `(?m)^.*three-colours.txt:   10 moves: plan, [0-9.]+ ms$`, errOut)
}

// TestSortSolveSATEncodings solves a level with every encoding of the
// SAT method: each record names its encoding, and each plan passes the
// checker with the optimum BFS finds.
func TestSortSolveSATEncodings(t *testing.T) {
	p := readPuzzle(t, "three-colours.txt")
	_, out, _ := runSort(t, context.Background(), "", "--format", "json", sortFile("three-colours.txt"))
	bfs := sortJSON(t, out)
	require.Len(t, bfs, 1)
	for _, enc := range watersort.SATEncodings() {
		t.Run(enc.String(), func(t *testing.T) {
			code, out, errOut := runSort(t, context.Background(), "", "--format", "json", "--method", "sat",
				"--encoding", enc.String(), sortFile("three-colours.txt"))
			require.Equal(t, ExitOK, code, errOut)
			recs := sortJSON(t, out)
			require.Len(t, recs, 1)
			assert.Equal(t, enc.String(), recs[0].Encoding)
			require.Len(t, recs[0].Plan, len(bfs[0].Plan))
			var plan watersort.Plan
			for _, m := range recs[0].Plan {
				plan = append(plan, watersort.Move{From: m.From, To: m.To})
			}
			assert.NoError(t, watersort.Check(p, watersort.Whole, plan))
		})
	}
}

// TestSortSolveSATJSON: the SAT method's record names its backend, claims
// optimality, and lists every horizon from the lower bound to the plan's
// length, all refuted but the last.
func TestSortSolveSATJSON(t *testing.T) {
	data, err := os.ReadFile(sortFile("generated.jsonl"))
	require.NoError(t, err)
	solvable := strings.Join(strings.Split(string(data), "\n")[:3], "\n") // the fourth is unsolvable
	code, out, errOut := runSort(t, context.Background(), solvable, "--format", "json", "--method", "sat", "--max-moves", "18", "-", sortFile("stuck.txt"))
	assert.Equal(t, ExitTimeout, code, "the unsolvable level reaches the horizon: %s", errOut)
	recs := sortJSON(t, out)
	require.Len(t, recs, 4)
	for _, r := range recs {
		assert.Equal(t, "sat", r.Method)
		assert.Equal(t, "gini", r.Backend)
		require.NotNil(t, r.Stats.LowerBound, r.ID)
		require.NotEmpty(t, r.Stats.Rounds, r.ID)
		assert.Positive(t, r.Stats.Variables)
		assert.Positive(t, r.Stats.Clauses)
		for i, h := range r.Stats.Rounds {
			assert.Equal(t, *r.Stats.LowerBound+i, h.K)
			if r.Status == StatusSolved && i == len(r.Stats.Rounds)-1 {
				assert.Equal(t, "plan", h.Answer)
				assert.Equal(t, h.K, *r.Steps)
			} else {
				assert.Equal(t, "none", h.Answer)
			}
		}
		if r.ID == sortFile("stuck.txt") {
			assert.Equal(t, StatusUnknown, r.Status, "unsolvable, which the SAT method cannot prove")
			assert.Equal(t, 18, r.Stats.Rounds[len(r.Stats.Rounds)-1].K)
			continue
		}
		assert.Equal(t, StatusSolved, r.Status, r.ID)
		assert.True(t, r.Optimal)
	}
}

// TestSortSolveErrorRecord: in JSON an unreadable level still gets a record.
func TestSortSolveErrorRecord(t *testing.T) {
	code, out, errOut := runSort(t, context.Background(), "", "--format", "json", sortFile("malformed/records.jsonl"))
	assert.Equal(t, ExitUsage, code)
	recs := sortJSON(t, out)
	require.Len(t, recs, 4)
	assert.Equal(t, StatusSolved, recs[0].Status)
	for _, r := range recs[1:] {
		assert.Equal(t, StatusError, r.Status)
		assert.NotEmpty(t, r.Error)
		assert.Contains(t, errOut, r.Error)
	}
}

// TestSortSolveCorpus runs the command on the shared corpus with A* under
// both rules: the JSON steps must equal the corpus's best known counts and
// unsolvable levels must be reported so.
func TestSortSolveCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/corpus/watersort/*.jsonl")
	if len(files) == 0 {
		t.Skip("no corpus at ../../../shared/corpus/watersort (the shared folder beside the repository)")
	}
	for _, rule := range []watersort.Rule{watersort.Whole, watersort.Fits} {
		code, out, errOut := runSort(t, context.Background(), "", append([]string{"--format", "json", "--method", "astar", "--rule", rule.String()}, files...)...)
		assert.Equal(t, ExitFailed, code, "the corpus has unsolvable levels: %s", errOut)
		recs := sortJSON(t, out)
		var levels []sortfmt.Level
		for _, f := range files {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			levels = append(levels, sortfmt.Parse(f, data)...)
		}
		require.Len(t, recs, len(levels))
		for i, lv := range levels {
			r := recs[i]
			require.Equal(t, lv.ID, r.ID)
			if !*lv.Record.Solvable {
				assert.Equal(t, StatusUnsolvable, r.Status, r.ID)
				continue
			}
			require.Equal(t, StatusSolved, r.Status, r.ID)
			assert.Equal(t, *lv.Record.BestKnown(rule), *r.Steps, "%s under %v", r.ID, rule)
		}
	}
}
