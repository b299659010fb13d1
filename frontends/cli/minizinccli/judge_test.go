package minizinccli

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/minizinc"
)

// fakeRun is a run of label that ended with status and printed solutions
// with the objectives objs (none for satisfaction: pass no objs and
// sols > 0), in the given time.
type fakeRun struct {
	label    string
	trusted  bool
	status   minizinc.Status
	method   minizinc.Method
	objs     []int64
	sols     int
	confirms []minizinc.Verdict
	claim    *minizinc.Verdict
	secs     float64
}

func (f fakeRun) build() *solverRun {
	r := &solverRun{Label: f.label, Trusted: f.trusted,
		Result: &minizinc.Result{Status: f.status, Method: f.method, Elapsed: time.Duration(f.secs * float64(time.Second))}}
	for i := 0; i < max(f.sols, len(f.objs)); i++ {
		var s minizinc.Solution
		if i < len(f.objs) {
			s.Objective = &f.objs[i]
		}
		r.Result.Solutions = append(r.Result.Solutions, s)
	}
	for _, v := range f.confirms {
		r.Confirms = append(r.Confirms, minizinc.Check{Verdict: v, Reason: "reason " + v.String()})
	}
	if f.status == minizinc.Error {
		r.Result.Errors = []string{"m.mzn:1.1: type error: boom"}
	}
	return r
}

// judgeRuns judges the runs as bench does, with claims answered by the
// verdicts the fakes carry, and a time limit of 10 s.
func judgeRuns(t *testing.T, all bool, fakes ...fakeRun) []*solverRun {
	t.Helper()
	in := &instanceRun{Entry: Entry{Family: "f", Model: "f/m.mzn"}}
	for _, f := range fakes {
		in.Runs = append(in.Runs, f.build())
	}
	in.settleMethod()
	in.crossCheck(all)
	for _, cl := range in.claims() {
		for i, r := range in.Runs {
			if r == cl.Run {
				require.NotNil(t, fakes[i].claim, "run %s was not expected to be asked about its claim", r.Label)
				cl.Run.Claim = &minizinc.Check{Verdict: *fakes[i].claim, Reason: "the checker says " + fakes[i].claim.String()}
			}
		}
	}
	for i, r := range in.Runs {
		if fakes[i].claim != nil {
			require.NotNil(t, r.Claim, "run %s should have been asked about its claim", r.Label)
		}
	}
	in.settle(all, 10*time.Second)
	return in.Runs
}

func verdict(v minizinc.Verdict) *minizinc.Verdict { return &v }

const (
	sat  = minizinc.Satisfy
	minz = minizinc.Minimize
	maxz = minizinc.Maximize
)

var (
	confirmed = minizinc.Confirmed
	refuted   = minizinc.Refuted
	undecided = minizinc.Undecided
)

func TestJudge(t *testing.T) {
	gecode := func(status minizinc.Status, m minizinc.Method, objs ...int64) fakeRun {
		return fakeRun{label: "gecode", trusted: true, status: status, method: m, objs: objs, sols: 1, secs: 2}
	}
	for _, tc := range []struct {
		name     string
		all      bool
		runs     []fakeRun
		solved   []bool
		wrong    []bool
		contains string // in the first wrong reason or note of the first run
	}{
		{"confirmed solution", false, []fakeRun{
			{label: "w", status: minizinc.Satisfied, method: sat, sols: 1, confirms: []minizinc.Verdict{confirmed}, secs: 1},
			gecode(minizinc.Satisfied, sat)}, []bool{true, true}, []bool{false, false}, ""},
		{"refuted solution", false, []fakeRun{
			{label: "w", status: minizinc.Satisfied, method: sat, sols: 1, confirms: []minizinc.Verdict{refuted}},
			gecode(minizinc.Satisfied, sat)}, []bool{false, true}, []bool{true, false}, "solution 1 fails the check: reason refuted"},
		{"unconfirmed solution", false, []fakeRun{
			{label: "w", status: minizinc.Satisfied, method: sat, sols: 1, confirms: []minizinc.Verdict{undecided}},
			gecode(minizinc.Satisfied, sat)}, []bool{false, true}, []bool{false, false}, "solution 1 unconfirmed"},
		{"unsatisfiable against a solution", false, []fakeRun{
			{label: "w", status: minizinc.Unsatisfiable, method: sat},
			gecode(minizinc.Satisfied, sat)}, []bool{false, true}, []bool{true, false}, "says unsatisfiable, but gecode found a solution"},
		{"gecode unsatisfiable against a confirmed solution", false, []fakeRun{
			fakeRun{label: "gecode", trusted: true, status: minizinc.Unsatisfiable, method: sat},
			{label: "w", status: minizinc.Satisfied, method: sat, sols: 1, confirms: []minizinc.Verdict{confirmed}}},
			[]bool{false, true}, []bool{true, false}, "but w found a solution"},
		{"unsatisfiable against a refuted solution", false, []fakeRun{
			fakeRun{label: "gecode", trusted: true, status: minizinc.Unsatisfiable, method: sat},
			{label: "w", status: minizinc.Satisfied, method: sat, sols: 1, confirms: []minizinc.Verdict{refuted}}},
			[]bool{true, false}, []bool{false, true}, ""},
		{"both unsatisfiable, no claim asked", false, []fakeRun{
			{label: "w", status: minizinc.Unsatisfiable, method: sat},
			fakeRun{label: "gecode", trusted: true, status: minizinc.Unsatisfiable, method: sat}},
			[]bool{true, true}, []bool{false, false}, ""},
		{"unsatisfiable, claim refuted", false, []fakeRun{
			{label: "w", status: minizinc.Unsatisfiable, method: sat, claim: verdict(refuted)},
			fakeRun{label: "gecode", trusted: true, status: minizinc.Unknown, method: sat}},
			[]bool{false, false}, []bool{true, false}, "claims unsatisfiable, but the checker says refuted"},
		{"unsatisfiable, claim undecided", false, []fakeRun{
			{label: "w", status: minizinc.Unsatisfiable, method: sat, claim: verdict(undecided)},
			fakeRun{label: "gecode", trusted: true, status: minizinc.Unknown, method: sat}},
			[]bool{true, false}, []bool{false, false}, "unsatisfiability unconfirmed"},
		{"optimum beaten", false, []fakeRun{
			{label: "w", status: minizinc.Optimal, method: minz, objs: []int64{10}, confirms: []minizinc.Verdict{confirmed}},
			gecode(minizinc.Satisfied, minz, 8)}, []bool{false, false}, []bool{true, false}, "proves the optimum 10, but gecode found 8"},
		{"maximum beaten", false, []fakeRun{
			{label: "w", status: minizinc.Optimal, method: maxz, objs: []int64{10}, confirms: []minizinc.Verdict{confirmed}},
			gecode(minizinc.Satisfied, maxz, 12)}, []bool{false, false}, []bool{true, false}, "proves the optimum 10, but gecode found 12"},
		{"gecode's optimum beaten by a confirmed solution", false, []fakeRun{
			gecode(minizinc.Optimal, minz, 10),
			{label: "w", status: minizinc.Satisfied, method: minz, objs: []int64{9}, confirms: []minizinc.Verdict{confirmed}}},
			[]bool{false, false}, []bool{true, false}, "but w found 9"},
		{"an unconfirmed better solution does not count", false, []fakeRun{
			gecode(minizinc.Optimal, minz, 10),
			{label: "w", status: minizinc.Satisfied, method: minz, objs: []int64{9}, confirms: []minizinc.Verdict{undecided}}},
			[]bool{true, false}, []bool{false, false}, ""},
		{"same optimum as gecode", false, []fakeRun{
			{label: "w", status: minizinc.Optimal, method: minz, objs: []int64{12, 10}, confirms: []minizinc.Verdict{confirmed, confirmed}, secs: 3},
			gecode(minizinc.Optimal, minz, 10)}, []bool{true, true}, []bool{false, false}, ""},
		{"optimum gecode did not prove, claim confirmed", false, []fakeRun{
			{label: "w", status: minizinc.Optimal, method: minz, objs: []int64{10}, confirms: []minizinc.Verdict{confirmed}, claim: verdict(confirmed)},
			gecode(minizinc.Satisfied, minz, 11)}, []bool{true, false}, []bool{false, false}, ""},
		{"optimum gecode did not prove, claim refuted", false, []fakeRun{
			{label: "w", status: minizinc.Optimal, method: minz, objs: []int64{10}, confirms: []minizinc.Verdict{confirmed}, claim: verdict(refuted)},
			gecode(minizinc.Satisfied, minz, 11)}, []bool{false, false}, []bool{true, false}, "claims optimal, but the checker says refuted"},
		{"optimum with an unconfirmed solution", false, []fakeRun{
			{label: "w", status: minizinc.Optimal, method: minz, objs: []int64{10}, confirms: []minizinc.Verdict{undecided}, claim: verdict(confirmed)},
			gecode(minizinc.Satisfied, minz, 11)}, []bool{false, false}, []bool{false, false}, "solution 1 unconfirmed"},
		{"optimisation not finished", false, []fakeRun{
			{label: "w", status: minizinc.Satisfied, method: minz, objs: []int64{10}, confirms: []minizinc.Verdict{confirmed}},
			gecode(minizinc.Optimal, minz, 10)}, []bool{false, true}, []bool{false, false}, "best objective 10, not proven optimal"},
		{"error", false, []fakeRun{
			{label: "w", status: minizinc.Error},
			gecode(minizinc.Satisfied, sat)}, []bool{false, true}, []bool{false, false}, "error: minizinc: m.mzn:1.1: type error: boom"},
		{"all solutions, same count", true, []fakeRun{
			{label: "w", status: minizinc.AllSolutions, method: sat, sols: 2, confirms: []minizinc.Verdict{confirmed, confirmed}},
			{label: "gecode", trusted: true, status: minizinc.AllSolutions, method: sat, sols: 2}},
			[]bool{true, true}, []bool{false, false}, ""},
		{"all solutions, counts differ", true, []fakeRun{
			{label: "w", status: minizinc.AllSolutions, method: sat, sols: 1, confirms: []minizinc.Verdict{confirmed}},
			{label: "gecode", trusted: true, status: minizinc.AllSolutions, method: sat, sols: 2}},
			[]bool{false, true}, []bool{true, false}, "finds 1 solutions in all, but gecode finds 2"},
		{"all solutions asked, search not complete", true, []fakeRun{
			{label: "w", status: minizinc.Satisfied, method: sat, sols: 1, confirms: []minizinc.Verdict{confirmed}},
			{label: "gecode", trusted: true, status: minizinc.AllSolutions, method: sat, sols: 2}},
			[]bool{false, true}, []bool{false, false}, "search not finished"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runs := judgeRuns(t, tc.all, tc.runs...)
			for i, r := range runs {
				assert.Equal(t, tc.solved[i], r.Solved, "%s solved; wrong %q, notes %q", r.Label, r.Wrong, r.Notes)
				assert.Equal(t, tc.wrong[i], len(r.Wrong) > 0, "%s wrong: %q", r.Label, r.Wrong)
				if r.Solved {
					assert.Equal(t, r.Result.Elapsed.Seconds(), r.Seconds)
				} else {
					assert.Equal(t, 20.0, r.Seconds, "PAR-2: twice the limit")
				}
			}
			if tc.contains != "" {
				said := append(append([]string(nil), runs[0].Wrong...), runs[0].Notes...)
				require.NotEmpty(t, said)
				assert.Contains(t, said[0], tc.contains)
			}
		})
	}
}

// TestJudgeNotRun: a solver minizinc could not run is not solved and says
// so.
func TestJudgeNotRun(t *testing.T) {
	in := &instanceRun{Entry: Entry{Family: "f", Model: "f/m.mzn"}, Runs: []*solverRun{{Label: "w"}}}
	in.settleMethod()
	in.crossCheck(false)
	assert.Empty(t, in.claims())
	in.settle(false, time.Second)
	assert.False(t, in.Runs[0].Solved)
	assert.Equal(t, 2.0, in.Runs[0].Seconds)
	assert.Equal(t, []string{"did not run"}, in.Runs[0].Notes)
}

// TestTable sums the families in order and the total, and lists the wrong
// answers before the notes.
func TestTable(t *testing.T) {
	mk := func(family string, fakes ...fakeRun) *instanceRun {
		in := &instanceRun{Entry: Entry{Family: family, Model: family + "/m.mzn"}}
		for _, f := range fakes {
			in.Runs = append(in.Runs, f.build())
		}
		in.settleMethod()
		in.crossCheck(false)
		in.settle(false, 10*time.Second)
		return in
	}
	g := fakeRun{label: "gecode", trusted: true, status: minizinc.Satisfied, method: sat, sols: 1, secs: 1.5}
	done := []*instanceRun{
		mk("b", fakeRun{label: "w", status: minizinc.Satisfied, method: sat, sols: 1, confirms: []minizinc.Verdict{confirmed}, secs: 0.5}, g),
		mk("a", fakeRun{label: "w", status: minizinc.Unsatisfiable, method: sat}, g),
		mk("b", fakeRun{label: "w", status: minizinc.Error}, fakeRun{label: "gecode", trusted: true, status: minizinc.Optimal, method: minz, objs: []int64{3}, secs: 2}),
	}
	rs := rows([]string{"w", "gecode"}, done)
	require.Len(t, rs, 3)
	assert.Equal(t, []string{"b", "a", "total"}, []string{rs[0].name, rs[1].name, rs[2].name})
	assert.Equal(t, 2, rs[0].instances)
	assert.Equal(t, []int{1, 2}, rs[0].solved)
	assert.Equal(t, []float64{20.5, 3.5}, rs[0].par2)
	assert.Equal(t, "sat+opt", familyKind(rs[0].methods))
	assert.Equal(t, []int{1, 0}, rs[1].wrong)
	assert.Equal(t, 3, rs[2].instances)
	assert.Equal(t, []int{1, 3}, rs[2].solved)
	assert.Equal(t, []int{1, 0}, rs[2].wrong)

	var b bytes.Buffer
	writeTable(&b, []string{"w", "gecode"}, done, &benchFlags{limit: 10 * time.Second, checkers: "gecode,gecode-std"})
	text := b.String()
	assert.Contains(t, text, "| family    | kind    | instances | solved w | solved gecode | PAR-2 w | PAR-2 gecode | wrong w | wrong gecode |\n")
	assert.Contains(t, text, "| --------- | ------- | --------: |")
	assert.Contains(t, text, "| **total** |         |         3 |        1 |             3 |    40.5 |          5.0 |       1 |            0 |\n")
	wrongAt, notesAt := bytes.Index(b.Bytes(), []byte("Wrong answers:\n- f")), bytes.Index(b.Bytes(), []byte("Notes:\n"))
	assert.True(t, wrongAt < 0, "entries are named by their lines")
	wrongAt = bytes.Index(b.Bytes(), []byte("Wrong answers:\n- a a/m.mzn, w: says unsatisfiable, but gecode found a solution"))
	assert.True(t, wrongAt > 0 && notesAt > wrongAt, text)
	assert.Contains(t, text, "- w: error: minizinc: m.mzn:1.1: type error: boom (b/m.mzn)\n")
}

// TestNotesGrouped: a note many runs share is said once, with some of the
// instances it concerns.
func TestNotesGrouped(t *testing.T) {
	var done []*instanceRun
	for _, name := range []string{"a", "b", "c", "d", "e", "f"} {
		r := fakeRun{label: "gecode", trusted: true, status: minizinc.Error}.build()
		r.Notes = []string{"error: boom"}
		done = append(done, &instanceRun{Entry: Entry{Family: "f", Model: "f/m.mzn", Data: []string{"f/" + name + ".dzn"}}, Runs: []*solverRun{r}})
	}
	done[5].Runs[0].Notes = []string{"error: other"}
	var b bytes.Buffer
	writeNotes(&b, done)
	assert.Equal(t, "\nNotes:\n- gecode: error: boom (f/a.dzn, f/b.dzn, f/c.dzn, f/d.dzn and 1 more)\n- gecode: error: other (f/f.dzn)\n", b.String())
}
