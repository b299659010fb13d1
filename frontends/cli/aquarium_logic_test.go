package cli

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/cli/aquariumcli"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

const (
	hintsTestdata    = "../../testdata/hints"
	generateTestdata = "../../testdata/generate"
)

// logicResult is the part of a JSON record that reasoning fills in.
type logicResult struct {
	ID       string   `json:"id"`
	Status   string   `json:"status"`
	Solution []string `json:"solution"`
	Grade    *struct {
		Level string `json:"level"`
		Depth int    `json:"depth"`
		Logic bool   `json:"logic"`
		Why   string `json:"why"`
	} `json:"grade"`
	Logic *struct {
		Solved bool  `json:"solved"`
		Depth  int   `json:"depth"`
		Fixed  []int `json:"fixed"`
		Open   int   `json:"open"`
	} `json:"logic"`
	Explanation []aquariumcli.DeductionJSON `json:"explanation"`
	Hints       []aquariumcli.DeductionJSON `json:"hints"`
}

func decodeLogic(t *testing.T, line string) logicResult {
	t.Helper()
	var r logicResult
	require.NoError(t, json.Unmarshal([]byte(line), &r), line)
	return r
}

// requireCellsAgree checks that every cell of the deductions has its value
// in the solution.
func requireCellsAgree(t *testing.T, ds []aquariumcli.DeductionJSON, sol aquarium.Solution) {
	t.Helper()
	for _, d := range ds {
		require.NotEmpty(t, d.Text)
		for _, c := range d.Cells {
			want := map[aquarium.Cell]string{aquarium.Water: "#", aquarium.Empty: "."}[sol.At(c.Row, c.Col)]
			require.Equal(t, want, c.Cell, "%s: row %d, column %d", d.Text, c.Row+1, c.Col+1)
		}
	}
}

func TestAquariumSolveLogicOnly(t *testing.T) {
	easy := filepath.Join(aquariumTestdata, "6x6-easy.txt")
	code, out, errOut := run(t, "", "aquarium", "solve", "--logic-only", easy)
	require.Equal(t, ExitOK, code, errOut)
	checkTextSolution(t, out, aquarium.RegionRule)

	hard := filepath.Join(hintsTestdata, "8x8-hard.txt")
	code, out, errOut = run(t, "", "aquarium", "solve", "--logic-only", hard)
	require.Equal(t, ExitOK, code, errOut)
	assert.True(t, strings.HasPrefix(out, "# Solved by logic alone: probing (depth 1).\n"), out)
	checkTextSolution(t, out, aquarium.RegionRule)
	code, out, errOut = run(t, "", "aquarium", "solve", "--logic-only", "--format", "json", "--unique", hard)
	require.Equal(t, ExitOK, code, errOut)
	r := decodeLogic(t, out)
	assert.Equal(t, "solved", r.Status)
	require.NotNil(t, r.Logic)
	assert.Equal(t, 1, r.Logic.Depth, "the hard puzzle needs probing")
	assert.Len(t, r.Logic.Fixed, 2)
	require.NotNil(t, r.Grade)
	assert.Equal(t, "hard", r.Grade.Level)
	assert.Contains(t, out, `"unique":true`)

	// Without probing, reasoning stops short: the partial grid, status
	// unknown, exit 124; the grid reads back and agrees with the solution.
	code, out, errOut = run(t, "", "aquarium", "solve", "--logic-only", "--depth", "0", hard)
	assert.Equal(t, ExitTimeout, code)
	assert.Contains(t, errOut, "stops short")
	assert.True(t, strings.HasPrefix(out, "# Logic alone stops short with 17 cells undecided (no probing tried"), out)
	doc, err := aquariumfmt.ParseText("stdout", []byte(out))
	require.NoError(t, err, out)
	require.True(t, doc.HasSolution())
	assert.False(t, doc.Solution.Complete())
	_, full, _ := run(t, "", "aquarium", "solve", hard)
	solved, err := aquariumfmt.ParseText("solved", []byte(full))
	require.NoError(t, err)
	for i, c := range doc.Solution.Cells {
		if c != aquarium.Unknown {
			assert.Equal(t, solved.Solution.Cells[i], c)
		}
	}
	code, out, _ = run(t, "", "aquarium", "solve", "--logic-only", "--depth", "0", "--format", "json", hard)
	assert.Equal(t, ExitTimeout, code)
	assert.Equal(t, "unknown", decodeLogic(t, out).Status)

	// The partial grid read back continues with probing to the end.
	code, out2, errOut := run(t, out, "aquarium", "solve", "--logic-only", "-")
	require.Equal(t, ExitOK, code, errOut)
	checkTextSolution(t, out2, aquarium.RegionRule)

	// Two solutions: logic cannot decide, and says so.
	code, _, errOut = run(t, twoDiagonals, "aquarium", "solve", "--logic-only", "-")
	assert.Equal(t, ExitTimeout, code)
	assert.Contains(t, errOut, "4 cells undecided")
	// No solution: proven by reasoning.
	code, _, errOut = run(t, "1 1\n2 a b\n2 c d\n", "aquarium", "solve", "--logic-only", "-")
	assert.Equal(t, ExitFailed, code)
	assert.Contains(t, errOut, "no solution")

	code, _, errOut = run(t, "", "aquarium", "solve", "--logic-only", "--backend", "gini", easy)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "CP core")
	code, _, _ = run(t, "", "aquarium", "solve", "--logic-only", "--depth", "-1", easy)
	assert.Equal(t, ExitUsage, code)
}

func TestAquariumSolveStatsGrade(t *testing.T) {
	code, _, errOut := run(t, "", "aquarium", "solve", "--stats", filepath.Join(hintsTestdata, "10x10-extreme.txt"))
	require.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, errOut, "grade extreme: nested probing (depth 2)")
	code, out, errOut := run(t, "", "aquarium", "solve", "--stats", "--format", "json", filepath.Join(aquariumTestdata, "6x6-easy.txt"))
	require.Equal(t, ExitOK, code, errOut)
	r := decodeLogic(t, out)
	require.NotNil(t, r.Grade)
	assert.Equal(t, "easy", r.Grade.Level)
	assert.True(t, r.Grade.Logic)
	// Without --stats, plain solving does not grade.
	_, out, _ = run(t, "", "aquarium", "solve", "--format", "json", filepath.Join(aquariumTestdata, "6x6-easy.txt"))
	assert.NotContains(t, out, `"grade"`)
}

// TestAquariumExplainGolden keeps the whole chain of deductions for our
// own puzzles as golden files (go test -update rewrites them), and checks
// that the output still reads back and checks.
func TestAquariumExplainGolden(t *testing.T) {
	for _, name := range []string{
		filepath.Join(aquariumTestdata, "6x6-easy.txt"),
		filepath.Join(hintsTestdata, "8x8-hard.txt"),
		filepath.Join(hintsTestdata, "10x10-extreme.txt"),
		filepath.Join(hintsTestdata, "6x6-pool.txt"),
	} {
		t.Run(filepath.Base(name), func(t *testing.T) {
			code, out, errOut := run(t, "", "aquarium", "solve", "--explain", name)
			require.Equal(t, ExitOK, code, errOut)
			doc, err := aquariumfmt.ParseText("stdout", []byte(out))
			require.NoError(t, err)
			rule := aquarium.RegionRule
			if doc.HasRule {
				rule = doc.Rule
			}
			require.NoError(t, aquarium.Check(doc.Puzzle, doc.Solution, rule))
			assert.Contains(t, out, "# 1. ")
			golden(t, filepath.Join(hintsTestdata, strings.TrimSuffix(filepath.Base(name), ".txt")+".explain.golden"), out)

			code, out, errOut = run(t, "", "aquarium", "solve", "--explain", "--format", "json", name)
			require.Equal(t, ExitOK, code, errOut)
			r := decodeLogic(t, out)
			require.NotEmpty(t, r.Explanation)
			requireCellsAgree(t, r.Explanation, doc.Solution)
		})
	}
}

// TestAquariumHintGolden keeps the next hints for our own puzzles, empty
// and partly solved, as golden files.
func TestAquariumHintGolden(t *testing.T) {
	for _, tc := range []struct {
		file, golden string
		args         []string
	}{
		{filepath.Join(aquariumTestdata, "partial-solution.txt"), "partial-solution.hint3.golden", []string{"--steps", "3"}},
		{filepath.Join(aquariumTestdata, "partial-solution.txt"), "partial-solution.apply.golden", []string{"--apply"}},
		{filepath.Join(hintsTestdata, "8x8-hard.txt"), "8x8-hard.hint.golden", nil},
		{filepath.Join(hintsTestdata, "10x10-extreme.txt"), "10x10-extreme.all.golden", []string{"--steps", "0"}},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			args := append([]string{"aquarium", "hint"}, tc.args...)
			code, out, errOut := run(t, "", append(args, tc.file)...)
			require.Equal(t, ExitOK, code, errOut)
			assert.Empty(t, errOut)
			golden(t, filepath.Join(hintsTestdata, tc.golden), out)
		})
	}
}

func TestAquariumHint(t *testing.T) {
	partial := filepath.Join(aquariumTestdata, "partial-solution.txt")
	// --apply output feeds the next call, to the end.
	code, out, errOut := run(t, "", "aquarium", "hint", "--apply", "--steps", "2", partial)
	require.Equal(t, ExitOK, code, errOut)
	for range 50 {
		doc, err := aquariumfmt.ParseText("-", []byte(out))
		require.NoError(t, err, out)
		if doc.Solution.Complete() {
			require.NoError(t, aquarium.Check(doc.Puzzle, doc.Solution, aquarium.RegionRule))
			break
		}
		code, out, errOut = run(t, out, "aquarium", "hint", "--apply", "-")
		require.Equal(t, ExitOK, code, errOut)
	}
	code, out, _ = run(t, out, "aquarium", "hint", "-")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, out, "the grid is complete")

	// JSON: the hints with their cells, and the grid after them.
	code, out, errOut = run(t, "", "aquarium", "hint", "--format", "json", "--steps", "0", partial)
	require.Equal(t, ExitOK, code, errOut)
	r := decodeLogic(t, out)
	assert.Equal(t, "solved", r.Status)
	require.NotEmpty(t, r.Hints)
	sol, err := aquariumfmt.SolutionFromRows(r.Solution)
	require.NoError(t, err)
	requireCellsAgree(t, r.Hints, sol)
	assert.Equal(t, "gravity", r.Hints[0].Rule)

	// Cells that contradict the puzzle: a clear error, exit 1.
	data, err := os.ReadFile(partial)
	require.NoError(t, err)
	wrong := strings.Replace(string(data), "\n##?###\n", "\n.#?###\n", 1)
	require.NotEqual(t, string(data), wrong)
	code, out, errOut = run(t, wrong, "aquarium", "hint", "-")
	assert.Equal(t, ExitFailed, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "the cells filled in contradict the puzzle")
	assert.Contains(t, errOut, "row 4, column 1")

	// Stuck: two solutions.
	code, out, _ = run(t, twoDiagonals, "aquarium", "hint", "-")
	assert.Equal(t, ExitTimeout, code)
	assert.Contains(t, out, "no deduction found")

	code, _, _ = run(t, "", "aquarium", "hint", "--steps", "-1", partial)
	assert.Equal(t, ExitUsage, code)
}

// TestAquariumHintCorpusHalfFilled asks for the next hint on corpus
// puzzles with half their cells filled in from the solution, through the
// command line: the hint must agree with the solution and read as words.
func TestAquariumHintCorpusHalfFilled(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(aquariumCorpus, "*.jsonl"))
	if len(files) == 0 {
		t.Skipf("corpus not found at %s (it is not part of a clone)", aquariumCorpus)
	}
	rng := rand.New(rand.NewPCG(5, 0))
	tried := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		docs, err := aquariumfmt.ParseJSONL(file, data)
		require.NoError(t, err)
		for _, d := range docs {
			if !d.HasSolution() || d.Corpus.Unique == nil || !*d.Corpus.Unique {
				continue
			}
			sol := d.Solution
			half := aquarium.NewSolution(sol.Width, sol.Height)
			for _, i := range rng.Perm(len(sol.Cells))[:len(sol.Cells)/2] {
				half.Cells[i] = sol.Cells[i]
			}
			d.Solution = half
			var b strings.Builder
			require.NoError(t, aquariumfmt.WriteText(&b, d))
			code, out, errOut := run(t, b.String(), "aquarium", "hint", "--format", "json", "-")
			require.Equal(t, ExitOK, code, "%s: %s", d.ID, errOut)
			r := decodeLogic(t, out)
			if half.Complete() || len(r.Hints) == 0 {
				continue
			}
			tried++
			requireCellsAgree(t, r.Hints, sol)
			h := r.Hints[0]
			if h.Line != "" {
				assert.Contains(t, strings.ToLower(h.Text), h.Line)
			}
			if h.Aquarium != "" {
				assert.Contains(t, h.Text, h.Aquarium)
			}
		}
	}
	require.Positive(t, tried)
}

func TestAquariumGenerate(t *testing.T) {
	args := []string{"aquarium", "generate", "--size", "6x6", "--seed", "1", "--count", "3"}
	code, out, errOut := run(t, "", args...)
	require.Equal(t, ExitOK, code, errOut)
	golden(t, filepath.Join(generateTestdata, "6x6-seed1.golden"), out)
	_, again, _ := run(t, "", args...)
	assert.Equal(t, out, again, "the same seed gives the same puzzles")
	for _, jobs := range []string{"1", "3"} {
		_, again, _ := run(t, "", append(args, "--jobs", jobs)...)
		assert.Equal(t, out, again, "--jobs %s changes nothing but the speed", jobs)
	}
	// Puzzle 1 is the same whether made alone or among others.
	_, alone, _ := run(t, "", "aquarium", "generate", "--size", "6x6", "--seed", "1", "--first", "1")
	assert.Contains(t, out, alone)
	// The text of several puzzles reads back as input, a puzzle each.
	code, counted, errOut := run(t, out, "aquarium", "count", "-")
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, "gen-6x6-1-0: 1 solution\ngen-6x6-1-1: 1 solution\ngen-6x6-1-2: 1 solution\n", counted)

	// JSON Lines read back as input: every puzzle is unique and its
	// solution checks; the grade is the one asked for.
	code, out, errOut = run(t, "", "aquarium", "generate", "--size", "10x10", "--seed", "2", "--count", "4",
		"--difficulty", "hard", "--format", "json")
	require.Equal(t, ExitOK, code, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 4)
	for _, line := range lines {
		r := decodeLogic(t, line)
		require.NotNil(t, r.Grade)
		assert.Equal(t, "hard", r.Grade.Level)
		assert.Contains(t, line, `"difficulty":"hard"`)
		assert.Contains(t, line, `"unique":true`)
	}
	code, checked, errOut := run(t, out, "aquarium", "check", "-")
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, 4, strings.Count(checked, ": ok\n"))
	code, counted, errOut = run(t, out, "aquarium", "count", "--format", "json", "-")
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, 4, strings.Count(counted, `"unique":true`))
	code, _, errOut = run(t, out, "aquarium", "solve", "--logic-only", "-")
	require.Equal(t, ExitOK, code, errOut)

	// Pool rule, with the solution block in text.
	code, out, errOut = run(t, "", "aquarium", "generate", "--size", "7x5", "--rule", "pool", "--solution")
	require.Equal(t, ExitOK, code, errOut)
	code, checked, _ = run(t, out, "aquarium", "check", "-")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, checked, ": ok")

	// A timeout stops the generator.
	start := time.Now()
	code, out, errOut = run(t, "", "aquarium", "generate", "--size", "40x40", "--difficulty", "extreme", "--timeout", "100ms")
	assert.Equal(t, ExitTimeout, code, errOut)
	assert.Empty(t, out)
	assert.Less(t, time.Since(start), 5*time.Second)
	// The first failure stops the puzzles made beside it, which print
	// nothing: one message, for the first puzzle.
	code, out, errOut = run(t, "", "aquarium", "generate", "--size", "40x40", "--difficulty", "extreme", "--timeout", "100ms",
		"--count", "3", "--jobs", "2")
	assert.Equal(t, ExitTimeout, code, errOut)
	assert.Empty(t, out)
	assert.Equal(t, "gen-40x40-1-0: stopped by the timeout\n", errOut)

	for _, bad := range [][]string{
		{"--size", "1x5"}, {"--size", "ten"}, {"--size", "10x"}, {"--difficulty", "insane"},
		{"--rule", "sideways"}, {"--count", "0"}, {"--format", "csv"}, {"somefile"}, {"--jobs", "0"}, {"--jobs", "5000"},
	} {
		code, out, errOut := run(t, "", append([]string{"aquarium", "generate"}, bad...)...)
		assert.Equal(t, ExitUsage, code, "%v", bad)
		assert.Empty(t, out, "%v", bad)
		assert.NotEmpty(t, errOut, "%v", bad)
	}
}

// TestAquariumGenerateGrown makes grown benchmark grids: JSON Lines that
// read back, unique by count, every clue given; a budget too small for any
// proof stops the command with exit 124 and a report on stderr.
func TestAquariumGenerateGrown(t *testing.T) {
	code, out, errOut := run(t, "", "aquarium", "generate", "--size", "30x30", "--layout", "grown", "--count", "2", "--format", "json")
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, 2, strings.Count(out, `"unique":true`))
	assert.NotContains(t, out, "null", "every clue given")
	assert.Contains(t, out, "--layout grown")
	code, counted, errOut := run(t, out, "aquarium", "count", "--format", "json", "-")
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, 2, strings.Count(counted, `"unique":true`))

	code, out, errOut = run(t, "", "aquarium", "generate", "--size", "200x200", "--layout", "grown", "--budget", "1", "--attempts", "1")
	assert.Equal(t, ExitTimeout, code, errOut)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "1 layouts tried, 0 with several solutions, 1 not decided within 1 conflicts each")

	for _, bad := range [][]string{
		{"--layout", "square"}, {"--aquariums", "5"}, {"--layout", "grown", "--budget", "-1"},
		{"--layout", "grown", "--random-shapes"},
	} {
		code, out, errOut := run(t, "", append([]string{"aquarium", "generate"}, bad...)...)
		assert.Equal(t, ExitUsage, code, "%v", bad)
		assert.Empty(t, out, "%v", bad)
		assert.NotEmpty(t, errOut, "%v", bad)
	}
}

// FuzzAquariumHint feeds arbitrary input, seeded with our puzzles and
// partial grids, to 'aquarium hint' and 'solve --explain': they must never
// panic, must exit with a documented code, and a hint they give must
// decide only cells the input left open.
func FuzzAquariumHint(f *testing.F) {
	for _, pattern := range []string{"../../testdata/hints/*.txt", "../../testdata/aquarium/*.txt"} {
		files, _ := filepath.Glob(pattern)
		for _, name := range files {
			data, err := os.ReadFile(name)
			require.NoError(f, err)
			f.Add(string(data))
		}
	}
	f.Add(twoDiagonals)
	f.Fuzz(func(t *testing.T, input string) {
		if len(input) > 4000 {
			return
		}
		code, out, _ := run(t, input, "aquarium", "hint", "--depth", "1", "--timeout", "2s", "--format", "json", "-")
		require.Contains(t, []int{ExitOK, ExitFailed, ExitUsage, ExitTimeout}, code)
		if code == ExitOK && out != "" {
			r := decodeLogic(t, strings.SplitN(out, "\n", 2)[0])
			docs, err := aquariumfmt.Read("-", []byte(input))
			if err == nil && len(docs) == 1 && docs[0].HasSolution() {
				for _, h := range r.Hints {
					for _, c := range h.Cells {
						require.Equal(t, aquarium.Unknown, docs[0].Solution.At(c.Row, c.Col), "a hint decides an open cell")
					}
				}
			}
		}
		code, _, _ = run(t, input, "aquarium", "solve", "--explain", "--depth", "1", "--timeout", "2s", "-")
		require.Contains(t, []int{ExitOK, ExitFailed, ExitUsage, ExitTimeout}, code)
	})
}
