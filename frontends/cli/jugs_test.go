package cli

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/cli/jugscli"
	"github.com/waterworks-solver/waterworks/frontends/jugsfmt"
	"github.com/waterworks-solver/waterworks/models/jugs"
)

const jugsTestdata = "../../testdata/jugs"

func init() {
	// Golden tests of this package share one -update flag, whichever file
	// defines it first.
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files")
	}
}

// updateGolden reports whether -update was given.
func updateGolden() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// runJugs runs "waterworks jugs solve args..." against buffers and returns
// the exit code, stdout and stderr.
func runJugs(t testing.TB, ctx context.Context, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Main(ctx, append([]string{"jugs", "solve"}, args...), IO{In: strings.NewReader(stdin), Out: &out, Err: &errOut})
	return code, out.String(), errOut.String()
}

func jugsFile(name string) string { return filepath.Join(jugsTestdata, name) }

// readJugs reads the puzzles of a testdata file by id.
func readJugs(t *testing.T, path string) map[string]*jugs.Puzzle {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	entries, err := jugsfmt.Parse(path, data)
	require.NoError(t, err)
	byID := map[string]*jugs.Puzzle{}
	for _, e := range entries {
		byID[e.ID] = e.Puzzle
	}
	return byID
}

var (
	textHeader = regexp.MustCompile(`^(\S+): (solved in (\d+) steps?|unsolvable \(.+\)|unknown \(.+\))$`)
	textRow    = regexp.MustCompile(`^ +(\d+)  (\S.*?) +((?: +\d+)+)$`)
)

// planFromText reads the plan back from text output: it maps each row's
// words to the action of p that Describe puts that way, so a plan printed
// wrongly, or a row that does not follow from the one above, fails.
func planFromText(t *testing.T, p *jugs.Puzzle, rows []string) jugs.Plan {
	t.Helper()
	words := map[string]jugs.Action{}
	for _, a := range p.Actions() {
		words[jugsfmt.Describe(p, a)] = a
	}
	var plan jugs.Plan
	s := p.Start()
	for k, row := range rows[1:] { // rows[0] is the column header
		m := textRow.FindStringSubmatch(row)
		require.NotNil(t, m, "row %q", row)
		if k == 0 {
			require.Equal(t, "start", m[2])
		} else {
			a, ok := words[m[2]]
			require.True(t, ok, "row %q names no action", row)
			require.True(t, p.Apply(s, a), "row %q is not legal", row)
			plan = append(plan, a)
		}
		assert.Equal(t, amounts(s), strings.Fields(m[3]), "row %q shows the wrong amounts", row)
	}
	return plan
}

// amounts formats a state as text output shows it.
func amounts(s jugs.State) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = strconv.Itoa(v)
	}
	return out
}

// splitTextRecords splits text output into records separated by blank lines.
func splitTextRecords(out string) [][]string {
	var recs [][]string
	for _, block := range strings.Split(strings.TrimSuffix(out, "\n"), "\n\n") {
		recs = append(recs, strings.Split(block, "\n"))
	}
	return recs
}

func TestJugsSolveFlagsText(t *testing.T) {
	code, out, errOut := runJugs(t, context.Background(), "", "--capacities", "3,5", "--target", "4")
	require.Equal(t, ExitOK, code, errOut)
	assert.Empty(t, errOut)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	m := textHeader.FindStringSubmatch(lines[0])
	require.NotNil(t, m, lines[0])
	assert.Equal(t, "flags", m[1])
	p := &jugs.Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Target: 4}
	plan := planFromText(t, p, lines[1:])
	assert.NoError(t, jugs.Check(p, plan))
	assert.Equal(t, m[3], strconv.Itoa(len(plan)))
	assert.Contains(t, out, "Fill J5", "jugs are named by capacity")
	assert.Contains(t, out, "Pour J5 into J3")
}

func TestJugsSolveFlagVariants(t *testing.T) {
	tests := []struct {
		name string
		args []string
		p    *jugs.Puzzle
	}{
		{"no tap, goal state", []string{"--capacities", "8,5,3", "--initial", "8,0,0", "--no-tap", "--goal-state", "4,4,-"},
			&jugs.Puzzle{Capacities: []int{8, 5, 3}, Initial: []int{8, 0, 0}, Goal: jugs.GoalState, GoalState: []int{4, 4, jugs.DontCare}}},
		{"total", []string{"--goal", "total", "--target", "7", "--capacities", "5,3"},
			&jugs.Puzzle{Capacities: []int{5, 3}, Initial: []int{0, 0}, Tap: true, Goal: jugs.GoalTotal, Target: 7}},
		{"repeated capacities", []string{"--capacities=4,4,1", "--initial=4,0,0", "--no-tap", "--target=2"},
			&jugs.Puzzle{Capacities: []int{4, 4, 1}, Initial: []int{4, 0, 0}, Target: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runJugs(t, context.Background(), "", append(tt.args, "--format", "json")...)
			require.Equal(t, ExitOK, code, errOut)
			recs := jugsJSON(t, out)
			require.Len(t, recs, 1)
			assert.NoError(t, jugs.Check(tt.p, recs[0].Plan.Plan()))
		})
	}
}

// TestJugsSolveGolden pins the text output for the testdata puzzles; the
// plans in it are checked by TestJugsSolveTextPlansCheck.
func TestJugsSolveGolden(t *testing.T) {
	code, out, errOut := runJugs(t, context.Background(), "", jugsFile("mixed.jsonl"))
	assert.Equal(t, ExitFailed, code, "one puzzle is unsolvable: %s", errOut)
	assert.Empty(t, errOut)
	path := jugsFile("solve-mixed.golden")
	if updateGolden() {
		require.NoError(t, os.WriteFile(path, []byte(out), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "go test -update creates it")
	assert.Equal(t, string(want), out, "differs from %s (go test -update rewrites it)", path)
}

func TestJugsSolveTextPlansCheck(t *testing.T) {
	puzzles := readJugs(t, jugsFile("mixed.jsonl"))
	_, out, _ := runJugs(t, context.Background(), "", jugsFile("mixed.jsonl"))
	recs := splitTextRecords(out)
	require.Len(t, recs, len(puzzles))
	for _, rec := range recs {
		m := textHeader.FindStringSubmatch(rec[0])
		require.NotNil(t, m, rec[0])
		p := puzzles[m[1]]
		require.NotNil(t, p, m[1])
		if m[3] == "" {
			assert.Len(t, rec, 1, "an unsolved record is one line")
			continue
		}
		plan := planFromText(t, p, rec[1:])
		assert.NoError(t, jugs.Check(p, plan), m[1])
		assert.Equal(t, m[3], strconv.Itoa(len(plan)), m[1])
	}
}

// jugsOut is a record of JSON output as a script reads it.
type jugsOut struct {
	ID     string         `json:"id"`
	Status Status         `json:"status"`
	Method string         `json:"method"`
	Plan   jugsfmt.Steps  `json:"plan"`
	Steps  *int           `json:"steps"`
	MS     float64        `json:"ms"`
	Stats  map[string]any `json:"stats"`
	Error  string         `json:"error"`
}

// jugsJSON decodes JSON Lines output.
func jugsJSON(t *testing.T, out string) []jugsOut {
	t.Helper()
	var recs []jugsOut
	dec := json.NewDecoder(strings.NewReader(out))
	for {
		var line json.RawMessage
		if err := dec.Decode(&line); err == io.EOF {
			break
		} else {
			require.NoError(t, err)
		}
		var fields map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(line, &fields))
		for _, key := range []string{"id", "status", "method", "plan", "steps", "ms", "stats"} {
			assert.Contains(t, fields, key, "every record has %q", key)
		}
		var rec jugsOut
		require.NoError(t, json.Unmarshal(line, &rec))
		recs = append(recs, rec)
	}
	return recs
}

func TestJugsSolveJSON(t *testing.T) {
	puzzles := readJugs(t, jugsFile("mixed.jsonl"))
	code, out, errOut := runJugs(t, context.Background(), "", "--format", "json", jugsFile("mixed.jsonl"))
	assert.Equal(t, ExitFailed, code, errOut)
	recs := jugsJSON(t, out)
	require.Len(t, recs, len(puzzles))
	statuses := map[Status]int{}
	for _, rec := range recs {
		statuses[rec.Status]++
		p := puzzles[rec.ID]
		require.NotNil(t, p, rec.ID)
		assert.Equal(t, "bfs", rec.Method)
		switch rec.Status {
		case StatusSolved:
			require.NotNil(t, rec.Steps)
			assert.Len(t, rec.Plan, *rec.Steps)
			assert.NoError(t, jugs.Check(p, rec.Plan.Plan()), rec.ID)
		case StatusUnsolvable:
			assert.Nil(t, rec.Plan)
			assert.Nil(t, rec.Steps)
			solvable, decided := jugs.Decide(p)
			assert.True(t, decided && !solvable, "%s: number theory agrees", rec.ID)
		default:
			t.Errorf("%s: status %s", rec.ID, rec.Status)
		}
	}
	assert.Equal(t, 1, statuses[StatusUnsolvable])
	assert.Contains(t, out, `"plan":[],"steps":0`, "a puzzle solved at the start has an empty plan, not null")
}

func TestJugsSolveCSV(t *testing.T) {
	code, out, _ := runJugs(t, context.Background(), "", "--format", "csv", jugsFile("mixed.jsonl"))
	assert.Equal(t, ExitFailed, code)
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 1+len(readJugs(t, jugsFile("mixed.jsonl"))))
	assert.Equal(t, jugscli.CSVHeader, rows[0])
	assert.Equal(t, []string{"tap-4-9-any-7", "solved", "bfs", "10"}, rows[1][:4])
	assert.True(t, strings.HasPrefix(rows[1][5], "fill(0) pour(0,1)"), rows[1][5])
	assert.Contains(t, rows[1][6], "expanded=")
}

func TestJugsSolveStdin(t *testing.T) {
	in := `{"id": "from-stdin", "capacities": [3, 5], "target": 1}` + "\n"
	for _, args := range [][]string{nil, {"-"}} {
		code, out, errOut := runJugs(t, context.Background(), in, args...)
		require.Equal(t, ExitOK, code, errOut)
		assert.True(t, strings.HasPrefix(out, "from-stdin: solved in 4 steps\n"), out)
	}
}

// TestJugsSolveExitCodes checks the exit code and message of jugs solve
// for each kind of outcome and mistake. It is one table, a case a line, so
// it stays one piece.
func TestJugsSolveExitCodes(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	burkardt := []string{"--capacities", "8,5,3", "--initial", "8,0,0", "--no-tap", "--goal-state", "4,2,2"}
	diehard := []string{"--capacities", "3,5", "--target", "4"}
	tests := []struct {
		name   string
		ctx    context.Context
		stdin  string
		args   []string
		code   int
		stdout string // substring, "" for empty output
		stderr string // substring, "" for empty stderr
	}{
		{"solved", nil, "", []string{"--capacities", "3,5", "--target", "4"}, ExitOK, "solved in 6 steps", ""},
		{"unsolvable by number theory", nil, "", []string{"--capacities", "6,4", "--target", "1"}, ExitFailed, "flags: unsolvable (every amount is a multiple of 2, the gcd of the capacities and the amounts at the start, and 1 is not)", ""},
		{"target larger than every jug", nil, "", []string{"--capacities", "3,5", "--target", "9"}, ExitFailed, "flags: unsolvable (no jug holds 9: the largest holds 5)", ""},
		{"unsolvable by search", nil, "", []string{"--capacities", "8,5,3", "--initial", "8,0,0", "--no-tap", "--goal-state", "4,2,2"}, ExitFailed, "flags: unsolvable (every reachable state explored (16 states))", ""},
		{"help", nil, "", []string{"-h"}, ExitOK, "usage: waterworks jugs solve", ""},
		{"unknown flag", nil, "", []string{"--jugs", "3"}, ExitUsage, "", "unknown flag --jugs"},
		{"unknown method", nil, "", []string{"--method", "astar", "--capacities", "3,5", "--target", "4"}, ExitUsage, "", `unknown --method "astar" (want bfs, cp or sat)`},
		{"unknown format", nil, "", []string{"--format", "xml", "--capacities", "3,5", "--target", "4"}, ExitUsage, "", `unknown --format "xml"`},
		{"negative max-states", nil, "", []string{"--max-states", "-1", "--capacities", "3,5", "--target", "4"}, ExitUsage, "", "negative --max-states"},
		{"bad capacities", nil, "", []string{"--capacities", "3,x", "--target", "4"}, ExitUsage, "", `capacities: entry 2 is "x"`},
		{"negative capacity", nil, "", []string{"--capacities", "3,-5", "--target", "4"}, ExitUsage, "", `entry 2 is "-5"`},
		{"initial above capacity", nil, "", []string{"--capacities", "3,5", "--initial", "4,0", "--target", "4"}, ExitUsage, "", "jug 1 starts with 4, outside 0..3"},
		{"goal state length", nil, "", []string{"--capacities", "3,5", "--goal-state", "1"}, ExitUsage, "", "goal state has 1 entries for 2 jugs"},
		{"no target", nil, "", []string{"--capacities", "3,5"}, ExitUsage, "", "goal any needs a target"},
		{"target without capacities", nil, "", []string{"--target", "4"}, ExitUsage, "", "--target needs --capacities"},
		{"capacities and a file", nil, "", []string{"--capacities", "3,5", "--target", "4", jugsFile("mixed.jsonl")}, ExitUsage, "", "do not also name files"},
		{"missing file", nil, "", []string{jugsFile("no-such-file.jsonl")}, ExitUsage, "", "no-such-file.jsonl: no such file or directory"},
		{"not JSON Lines", nil, "3 5 4\n", nil, ExitUsage, "", "-:1:1: not a jug puzzle file"},
		{"bad lines among good", nil, "", []string{jugsFile("bad.jsonl")}, ExitUsage, "ok-3-5: solved in 6 steps", "bad.jsonl:2:29: invalid puzzle: jug 2 has capacity -5"},
		{"worst code wins", nil, "", []string{jugsFile("mixed.jsonl"), jugsFile("bad.jsonl")}, ExitUsage, "tap-6-10-any-3: unsolvable", "bad.jsonl:5:17: invalid JSON"},
		{"timeout", nil, "", []string{"--capacities", "99991,100003", "--target", "1", "--timeout", "1ns"}, ExitTimeout, "flags: unknown (timed out)", ""},
		{"state limit", nil, "", []string{"--capacities", "9973,10007", "--target", "1", "--max-states", "50"}, ExitTimeout, "flags: unknown (search limit reached: more than 50 states)", ""},
		{"interrupted", canceled, "", []string{"--capacities", "99991,100003", "--target", "1"}, ExitInterrupted, "flags: interrupted", ""},
		{"interrupted files", canceled, "", []string{jugsFile("mixed.jsonl")}, ExitInterrupted, "", ""},
		// The bounded-horizon methods (jugs_horizon.go).
		{"sat", nil, "", append([]string{"--method", "sat"}, diehard...), ExitOK, "flags: solved in 6 steps", ""},
		{"cp", nil, "", append([]string{"--method", "cp"}, diehard...), ExitOK, "flags: solved in 6 steps", ""},
		{"gophersat", nil, "", append([]string{"--method", "sat", "--backend", "gophersat"}, diehard...), ExitOK, "flags: solved in 6 steps", ""},
		{"gophersat with a timeout", nil, "", append([]string{"--method", "sat", "--backend", "gophersat", "--timeout", "1m"}, diehard...), ExitOK, "flags: solved in 6 steps", ""},
		{"sat proves unsolvable", nil, "", append([]string{"--method", "sat"}, burkardt...), ExitFailed,
			"flags: unsolvable (every reachable state explored (16 states); horizon bound from BFS: no shortest path is longer than 7 steps, and no plan of at most 7 reaches the goal)", ""},
		{"cp proves unsolvable", nil, "", append([]string{"--method", "cp"}, burkardt...), ExitFailed, "flags: unsolvable (every reachable state explored (16 states); horizon bound from BFS", ""},
		{"number theory", nil, "", []string{"--method", "sat", "--capacities", "6,4", "--target", "1"}, ExitFailed, "flags: unsolvable (every amount is a multiple of 2", ""},
		{"horizon", nil, "", append([]string{"--method", "cp", "--complete=false", "--max-steps", "20"}, burkardt...), ExitTimeout,
			"flags: unknown (no plan within the horizon: no plan of horizon at most 20; longer plans not searched)", ""},
		{"horizon before the optimum", nil, "", append([]string{"--method", "sat", "--max-steps", "5"}, diehard...), ExitTimeout, "no plan of horizon at most 5", ""},
		{"sat timeout", nil, "", []string{"--method", "sat", "--capacities", "57,24,22,9", "--target", "12", "--timeout", "50ms"}, ExitTimeout, "flags: unknown (timed out)", ""},
		{"cp timeout", nil, "", []string{"--method", "cp", "--capacities", "59,48,36,32", "--initial", "59,0,0,0", "--no-tap", "--target", "31", "--timeout", "50ms"}, ExitTimeout, "flags: unknown (timed out)", ""},
		{"unknown backend", nil, "", append([]string{"--method", "sat", "--backend", "minisatt"}, diehard...), ExitUsage, "", `unknown --backend "minisatt"`},
		{"backend without sat", nil, "", append([]string{"--method", "cp", "--backend", "gini"}, diehard...), ExitUsage, "", "--backend applies to --method sat, not cp"},
		{"max-steps with bfs", nil, "", append([]string{"--max-steps", "5"}, diehard...), ExitUsage, "", "--max-steps applies to --method sat or cp, not bfs"},
		{"max-states with sat", nil, "", append([]string{"--method", "sat", "--max-states", "5"}, diehard...), ExitUsage, "", "--max-states applies to --method bfs, not sat"},
		{"negative max-steps", nil, "", append([]string{"--method", "cp", "--max-steps", "-1"}, diehard...), ExitUsage, "", "negative --max-steps"},
		{"one step past the formula limit", nil, "", []string{"--method", "sat", "--encoding", "order", "--capacities", "9973,10007", "--target", "1"}, ExitUsage,
			"", "flags: too large for --method sat: one step of the SAT encoding needs at least 199759464 clauses (about 2(a+1)(b+1) per pair of jugs of capacities a and b), more than the clause limit of 4000000; use --method bfs"},
		{"formula limit", nil, "", append([]string{"--method", "sat", "--encoding", "binary", "--max-clauses", "500"}, diehard...), ExitTimeout,
			"flags: unknown (formula limit reached: step 3 would take the formula past 500 clauses)", ""},
		{"max-clauses with cp", nil, "", append([]string{"--method", "cp", "--max-clauses", "5"}, diehard...), ExitUsage, "", "--max-clauses applies to --method sat, not cp"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := tt.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			code, out, errOut := runJugs(t, ctx, tt.stdin, tt.args...)
			assert.Equal(t, tt.code, code, "stderr: %s", errOut)
			if tt.stdout == "" {
				assert.Empty(t, out)
			} else {
				assert.Contains(t, out, tt.stdout)
			}
			if tt.stderr == "" {
				assert.Empty(t, errOut)
			} else {
				assert.Contains(t, errOut, tt.stderr)
			}
		})
	}
}

func TestJugsSolveErrorRecords(t *testing.T) {
	code, out, errOut := runJugs(t, context.Background(), "", "--format", "json", jugsFile("bad.jsonl"))
	assert.Equal(t, ExitUsage, code)
	recs := jugsJSON(t, out)
	require.Len(t, recs, 6, "one record per line, good or bad")
	assert.Equal(t, StatusSolved, recs[0].Status)
	for i, rec := range recs[1:] {
		assert.Equal(t, StatusError, rec.Status)
		assert.Equal(t, jugsFile("bad.jsonl")+":"+strconv.Itoa(i+2), rec.ID, "records follow line order")
		assert.True(t, strings.HasPrefix(rec.Error, rec.ID+":"), "the error is positioned: %s", rec.Error)
		assert.Contains(t, errOut, rec.Error)
	}
}

func TestJugsSolveStats(t *testing.T) {
	code, _, errOut := runJugs(t, context.Background(), "", "--stats", "--capacities", "3,5", "--target", "4")
	require.Equal(t, ExitOK, code)
	assert.Regexp(t, `^flags: bfs: [0-9.]+ ms, fast_path=false store=dense expanded=12 generated=42 stored=14\n$`, errOut)
}

// TestJugsSolveCorpus runs the whole shared corpus through the command:
// every solvable puzzle gets a plan of exactly optimal_steps, every
// unsolvable one exit code 1.
func TestJugsSolveCorpus(t *testing.T) {
	const dir = "../../../shared/corpus/pour"
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) == 0 {
		t.Skipf("no jug corpus at %s (the shared corpus sits beside the repository)", dir)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		entries, err := jugsfmt.Parse(file, data)
		require.NoError(t, err)
		for _, e := range entries {
			if testing.Short() && e.OptimalSteps != nil && *e.OptimalSteps > 10_000 {
				continue // a plan of 166,660 steps takes a second to print and read back
			}
			line := strings.Split(string(data), "\n")[e.Line-1]
			code, out, errOut := runJugs(t, context.Background(), line, "--format", "json")
			recs := jugsJSON(t, out)
			require.Len(t, recs, 1, "%s: %s", e.ID, errOut)
			if *e.Solvable {
				assert.Equal(t, ExitOK, code, e.ID)
				require.Equal(t, StatusSolved, recs[0].Status, e.ID)
				assert.Equal(t, *e.OptimalSteps, *recs[0].Steps, e.ID)
				assert.NoError(t, jugs.Check(e.Puzzle, recs[0].Plan.Plan()), e.ID)
			} else {
				assert.Equal(t, ExitFailed, code, e.ID)
				assert.Equal(t, StatusUnsolvable, recs[0].Status, e.ID)
			}
		}
	}
}

// BenchmarkJugsSolveCLI measures the whole command, from arguments to
// printed plan, on issue 4's scaling instances.
func BenchmarkJugsSolveCLI(b *testing.B) {
	for _, c := range []struct{ name, caps string }{
		{"9973-10007-to-1", "9973,10007"},
		{"99991-100003-to-1", "99991,100003"},
	} {
		for _, format := range []string{"text", "json"} {
			b.Run(c.name+"/format="+format, func(b *testing.B) {
				b.ReportAllocs()
				args := []string{"jugs", "solve", "--capacities", c.caps, "--target", "1", "--format", format}
				for b.Loop() {
					if code := Main(context.Background(), args, IO{Out: io.Discard, Err: io.Discard}); code != ExitOK {
						b.Fatalf("exit code %d", code)
					}
				}
			})
		}
	}
}
