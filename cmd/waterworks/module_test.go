package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// sudokuGivens is the Sudoku the throwaway module solves: 81 cells, '.'
// for an empty one.
const sudokuGivens = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."

// importer is the program of the throwaway module: it uses cp, sat and
// statespace by their published import paths, as another module does, and
// prints what each found.
const importer = `package main

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

const givens = GIVENS

func main() {
	ctx := context.Background()

	// Sudoku with cp.
	s := cp.New()
	cells := make([]cp.Var, 81)
	for i, ch := range givens {
		if ch == '.' {
			cells[i] = s.NewVar(1, 9)
		} else {
			cells[i] = s.NewVar(int(ch-'0'), int(ch-'0'))
		}
	}
	for i := range 9 {
		var row, col, box []cp.Var
		for j := range 9 {
			row = append(row, cells[9*i+j])
			col = append(col, cells[9*j+i])
			box = append(box, cells[9*(3*(i/3)+j/3)+3*(i%3)+j%3])
		}
		s.AddAllDifferent(row, cp.DomainConsistency)
		s.AddAllDifferent(col, cp.DomainConsistency)
		s.AddAllDifferent(box, cp.DomainConsistency)
	}
	n, err := s.Count(ctx, cp.FirstFail(cells, cp.ValueMin), cp.Limits{}, 2, func() {
		fmt.Print("sudoku ")
		for _, v := range cells {
			fmt.Print(s.Value(v))
		}
		fmt.Println()
	})
	fmt.Println("sudoku solutions", n, err)

	// Four pigeons in three holes with sat on gini.
	f := sat.NewFormula()
	in := make([][]sat.Lit, 4)
	for p := range in {
		in[p] = f.NewVars(3)
		f.AddClause(in[p]...)
	}
	for h := range 3 {
		for p := range in {
			for q := p + 1; q < len(in); q++ {
				f.AddClause(in[p][h].Not(), in[q][h].Not())
			}
		}
	}
	g := gini.New()
	if err := sat.Load(g, f); err != nil {
		panic(err)
	}
	st, err := g.Solve(ctx)
	fmt.Println("pigeonhole", st, err)

	// Jugs of 3 and 5 to measure 4, with statespace.
	res, err := statespace.BFS(ctx, jugs{}, [2]int{}, statespace.Options{})
	state := [2]int{}
	for _, a := range res.Plan {
		state = jugs{}.apply(state, a)
	}
	fmt.Println("jugs", res.Status, len(res.Plan), "steps, reaches", state, err)
}

var capacity = [2]int{3, 5}

// jugs: an action fills (0, 1), empties (2, 3) or pours (4: 0 into 1, 5: 1 into 0).
type jugs struct{}

func (jugs) apply(s [2]int, a int) [2]int {
	switch {
	case a < 2:
		s[a] = capacity[a]
	case a < 4:
		s[a-2] = 0
	default:
		from, to := a-4, 5-a
		moved := min(s[from], capacity[to]-s[to])
		s[from] -= moved
		s[to] += moved
	}
	return s
}

func (j jugs) Successors(s [2]int, yield func(a int, next [2]int, cost int) bool) {
	for a := range 6 {
		if next := j.apply(s, a); next != s && !yield(a, next, 1) {
			return
		}
	}
}

func (jugs) Goal(s [2]int) bool { return s[0] == 4 || s[1] == 4 }
`

// TestThrowawayModule writes a module outside the repository that requires
// this one as github.com/waterworks-solver/waterworks through a local
// replace, as it would require the published module. The module's program
// imports cp, sat and statespace and solves a Sudoku, a pigeonhole and a
// jugs puzzle; then the command is installed from the module, the
// equivalent of the README's "go install .../cmd/waterworks@latest". It runs offline:
// GOPROXY=off, with the dependencies read from the module cache, which the
// repository's own build has filled, and the repository's go.sum.
func TestThrowawayModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module from scratch with the go command")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on the PATH")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/importer\n\ngo 1.26.0\n\n" +
			"require github.com/waterworks-solver/waterworks v0.0.0\n\n" +
			"replace github.com/waterworks-solver/waterworks => " + root + "\n",
		"go.sum":  string(sum),
		"main.go": strings.Replace(importer, "GIVENS", fmt.Sprintf("%q", sudokuGivens), 1),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.CommandContext(t.Context(), goCmd, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOWORK=off",
			"GOTOOLCHAIN=local", "GOBIN="+filepath.Join(dir, "bin"))
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		return stdout.String()
	}
	run("mod", "tidy")
	out := run("run", ".")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("want 4 lines, got:\n%s", out)
	}
	grid, ok := strings.CutPrefix(lines[0], "sudoku ")
	if !ok {
		t.Fatalf("no Sudoku solution: %q", lines[0])
	}
	if err := checkSudoku(grid); err != nil {
		t.Errorf("wrong Sudoku solution %s: %v", grid, err)
	}
	for i, want := range []string{
		"sudoku solutions 1 <nil>",
		"pigeonhole UNSATISFIABLE <nil>",
		"jugs solved 6 steps, reaches",
	} {
		if !strings.HasPrefix(lines[i+1], want) {
			t.Errorf("line %d: got %q, want it to start with %q", i+2, lines[i+1], want)
		}
	}
	if !strings.Contains(lines[3], "4") || !strings.HasSuffix(lines[3], "<nil>") {
		t.Errorf("the jugs plan does not reach 4: %q", lines[3])
	}

	// The command needs modules the program does not, whose sums tidy
	// dropped: the repository's go.sum has them.
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	run("install", "github.com/waterworks-solver/waterworks/cmd/waterworks")
	help, err := exec.CommandContext(t.Context(), filepath.Join(dir, "bin", "waterworks"), "help").Output()
	if err != nil || !strings.Contains(string(help), "waterworks aquarium solve") {
		t.Errorf("the installed command's help: %v, %q", err, help)
	}
}

// checkSudoku reports whether the 81 digits of grid fill sudokuGivens by
// the rules.
func checkSudoku(grid string) error {
	if len(grid) != 81 {
		return fmt.Errorf("%d cells", len(grid))
	}
	for i := range 81 {
		if sudokuGivens[i] != '.' && sudokuGivens[i] != grid[i] {
			return fmt.Errorf("cell %d changes its given", i)
		}
	}
	for i := range 9 {
		var row, col, box [10]bool
		for j := range 9 {
			for _, c := range []struct {
				seen *[10]bool
				ch   byte
			}{{&row, grid[9*i+j]}, {&col, grid[9*j+i]}, {&box, grid[9*(3*(i/3)+j/3)+3*(i%3)+j%3]}} {
				d := int(c.ch - '0')
				if d < 1 || d > 9 || c.seen[d] {
					return fmt.Errorf("row, column or box %d repeats or lacks %c", i, c.ch)
				}
				c.seen[d] = true
			}
		}
	}
	return nil
}
