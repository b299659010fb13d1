package serve

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind/aquariumkind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/logic"
)

var update = flag.Bool("update", false, "rewrite testdata/serve/page.png, the README's screenshot of the page")

// chromiumFlags keep headless Chromium from reaching for the network,
// which this machine does not have and on which it would otherwise hang.
var chromiumFlags = []string{"headless", "no-sandbox", "disable-gpu", "disable-quic", "no-first-run",
	"disable-background-networking", "disable-component-update", "disable-sync"}

// browser starts headless Chromium with a fresh profile, or skips the test
// when it is not installed.
func browser(t *testing.T) context.Context {
	t.Helper()
	var path string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Skip("chromium is not installed (Debian package chromium): the browser tests skip")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 1000))
	for _, f := range chromiumFlags {
		opts = append(opts, chromedp.Flag(f, true))
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	require.NoError(t, chromedp.Do(ctx), "starting chromium")
	return ctx
}

// page is the browser on the page under test.
type page struct {
	t   *testing.T
	ctx context.Context

	mu         sync.Mutex
	exceptions []string
}

// within runs actions with a time limit, failing the test on an error.
func (pg *page) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	pg.t.Helper()
	ctx, cancel := context.WithTimeout(pg.ctx, 30*time.Second)
	defer cancel()
	require.NoError(pg.t, chromedp.Do(ctx, actions...), what)
}

// eval evaluates a JavaScript expression on the page.
func eval[T any](pg *page, expr string) T {
	pg.t.Helper()
	ctx, cancel := context.WithTimeout(pg.ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	require.NoError(pg.t, err, expr)
	return v
}

// waitFor waits until a JavaScript predicate holds.
func (pg *page) waitFor(what, predicate string) {
	pg.t.Helper()
	ctx, cancel := context.WithTimeout(pg.ctx, 30*time.Second)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](predicate, chromedp.WithPollingInterval(20*time.Millisecond)))
	require.NoError(pg.t, err, "waiting for %s", what)
}

func (pg *page) attr(sel, name string) string {
	pg.t.Helper()
	return eval[string](pg, fmt.Sprintf(`document.querySelector(%q).getAttribute(%q) || ""`, sel, name))
}

func (pg *page) text(sel string) string {
	pg.t.Helper()
	return eval[string](pg, fmt.Sprintf(`document.querySelector(%q).textContent`, sel))
}

// cellsOf reads the cells of a grid the page shows.
func (pg *page) cells(sel string) string { return pg.attr(sel, "data-cells") }

// clickCell clicks a cell of the play board with the left or right button
// and waits until the page shows the server's answer.
func (pg *page) clickCell(r, c int, right bool) {
	pg.t.Helper()
	before := pg.cells("#play-board")
	sel := fmt.Sprintf(`#play-board rect.cell[data-row="%d"][data-col="%d"]`, r, c)
	nodes, err := chromedp.Run(pg.ctx, chromedp.Nodes(chromedp.CSS(sel)))
	require.NoError(pg.t, err)
	require.Len(pg.t, nodes, 1)
	var opts []chromedp.MouseOption
	if right {
		opts = append(opts, chromedp.ButtonRight)
	}
	pg.do("click", chromedp.MouseClickNode(nodes[0], opts...))
	pg.waitFor("the grid to change", fmt.Sprintf(`document.querySelector('#play-board').dataset.cells !== %q`, before))
}

// TestBrowser drives the page in headless Chromium as a person would:
// plays a 6x6 to the end by clicks, takes a hint, edits a puzzle into one
// with two solutions, runs a race and steps through a pour puzzle, and
// saves screenshots as test artifacts.
func TestBrowser(t *testing.T) {
	ctx := browser(t)
	s := newTestServer(t, Config{Files: []string{sixBySix}}) // compare's engines
	ts := httptest.NewServer(s)
	defer ts.Close()

	pg := &page{t: t, ctx: ctx}
	console := chromedp.Console(ctx)
	go func() {
		for m, err := range console {
			if err != nil {
				return
			}
			if m.IsException() {
				pg.mu.Lock()
				pg.exceptions = append(pg.exceptions, m.String())
				pg.mu.Unlock()
			}
		}
	}()
	pg.do("open the page", chromedp.Navigate(ts.URL))
	pg.waitFor("the puzzle of the file", `document.querySelector('#play-board svg') !== null && document.querySelector('#source-note').textContent.includes('6x6-easy')`)

	d := readPuzzle(t, sixBySix)
	sol := unique(t, d.Puzzle, aquarium.RegionRule)
	b := &browserRun{pg: pg, d: d, sol: sol, target: cellString(sol)}
	for _, step := range []struct {
		name string
		run  func(t *testing.T)
	}{
		{"play to the end by clicks", b.play},
		{"a hint highlights its cells", b.hint},
		{"edit a puzzle into one with two solutions", b.set},
		{"race every engine", b.race},
		{"step through a pour puzzle", b.pour},
		{"slide the cars of a Rush Hour board", b.rush},
		{"bad input is shown next to the input", b.badInput},
		{"the README's screenshot", b.readme},
	} {
		t.Run(step.name, func(t *testing.T) {
			pg.t = t
			step.run(t)
		})
	}
	pg.t = t
	pg.mu.Lock()
	defer pg.mu.Unlock()
	assert.Empty(t, pg.exceptions, "JavaScript exceptions on the page")
}

// browserRun is the state TestBrowser's steps share: the page, the 6x6
// puzzle the server offers as its file, and its solution.
type browserRun struct {
	pg     *page
	d      aquariumfmt.Document
	sol    aquarium.Solution
	target string
}

// play plays the 6x6 to the end by clicks, left for water and right for empty, then undoes and redoes the last move.
func (b *browserRun) play(t *testing.T) {
	clicks := 0
	for i := 0; i < len(b.target); i++ {
		now := b.pg.cells("#play-board")
		if now[i] == b.target[i] {
			continue
		}
		// Left: unknown -> water; right: unknown -> empty. Water fills
		// and empty empties as the rule says, and the solution obeys
		// the rule, so no click undoes an earlier one.
		b.pg.clickCell(i/6, i%6, b.target[i] == '.')
		clicks++
		require.Equal(t, b.target[i], b.pg.cells("#play-board")[i], "cell %d after its click", i)
	}
	assert.Equal(t, b.target, b.pg.cells("#play-board"))
	assert.Less(t, clicks, 36, "water fills whole rows of an aquarium and what lies below")
	b.pg.waitFor("the verdict", `document.querySelector('#play-board').dataset.solved === 'true'`)
	assert.Contains(t, b.pg.text("#play-message"), "Solved!")
	screenshot(b.pg, "solved.png")

	// Undo and redo step through the moves.
	b.pg.do("undo", chromedp.Click(chromedp.CSS("#undo")))
	b.pg.waitFor("undo", `document.querySelector('#play-board').dataset.solved === 'false'`)
	b.pg.do("redo", chromedp.Click(chromedp.CSS("#redo")))
	b.pg.waitFor("redo", `document.querySelector('#play-board').dataset.solved === 'true'`)
}

// hint asks for a hint on an empty grid and checks the marked cells against the reasoner asked directly, applies it, and checks that Check marks a wrong cell.
func (b *browserRun) hint(t *testing.T) {
	b.pg.do("clear", chromedp.Click(chromedp.CSS("#clear")))
	b.pg.waitFor("a clear grid", `document.querySelector('#play-board').dataset.cells === '`+strings.Repeat("?", 36)+`'`)
	b.pg.do("hint", chromedp.Click(chromedp.CSS("#hint")))
	b.pg.waitFor("the hint", `document.querySelectorAll('#play-board .mark-hint').length > 0`)

	// The reasoner, asked directly, names the same deduction.
	rsn, err := logic.NewReasoner(b.d.Puzzle, aquarium.RegionRule, aquarium.NewSolution(6, 6))
	require.NoError(t, err)
	want, ok, err := rsn.Next(context.Background(), aqcp.DefaultLogicDepth)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, want.Text, b.pg.text("#hint-text"))
	marked := eval[[]string](b.pg, `[...document.querySelectorAll('#play-board .mark-hint')].map(r => r.dataset.row + ',' + r.dataset.col)`)
	var cells []string
	for _, c := range want.Cells {
		cells = append(cells, fmt.Sprintf("%d,%d", c.Row, c.Col))
		assert.Equal(t, b.sol.At(c.Row, c.Col), c.Cell, "the hint agrees with the solution")
	}
	assert.ElementsMatch(t, cells, marked)
	if want.HasLine {
		assert.Equal(t, []string{strings.Split(want.Line.String(), " ")[0] + " " + strconv.Itoa(want.Line.Index)},
			eval[[]string](b.pg, `[...document.querySelectorAll('#play-board .mark-line')].map(r => r.dataset.line)`))
	}
	screenshot(b.pg, "hint.png")

	b.pg.do("apply the hint", chromedp.Click(chromedp.CSS("#apply-hint")))
	b.pg.waitFor("the hint applied", `document.querySelector('#play-board').dataset.cells !== '`+strings.Repeat("?", 36)+`'`)
	now := b.pg.cells("#play-board")
	for _, c := range want.Cells {
		assert.Equal(t, "?.#"[c.Cell], now[c.Row*6+c.Col])
	}

	// Check marks a wrong cell: put water where the solution is empty.
	for i := range b.target {
		if b.target[i] == '.' && now[i] == '?' {
			b.pg.clickCell(i/6, i%6, false)
			break
		}
	}
	b.pg.do("check", chromedp.Click(chromedp.CSS("#check")))
	b.pg.waitFor("the wrong cells", `document.querySelectorAll('#play-board .mark-wrong').length > 0`)
	assert.Contains(t, b.pg.text("#play-message"), "wrong")
}

// set takes clues away in the setter until the puzzle has two solutions, checks both shown solutions and the marked cells where they differ, and draws walls.
func (b *browserRun) set(t *testing.T) {
	b.pg.do("the setter", chromedp.Click(chromedp.CSS("#tab-set")))
	b.pg.waitFor("the analysis", `document.querySelector('#set-status').dataset.status === 'unique'`)
	assert.NotEmpty(t, eval[string](b.pg, `document.querySelector('#set-grade').textContent`))

	// Take clues away one by one, typing in the page, until the CP
	// core, asked directly, finds several solutions; the page must then
	// say so too.
	p := *b.d.Puzzle
	p.Rows, p.Cols = append([]int(nil), b.d.Puzzle.Rows...), append([]int(nil), b.d.Puzzle.Cols...)
	for i := 0; ; i++ {
		require.Less(t, i, 12, "taking every clue away leaves several solutions")
		clue, what, k := &p.Rows, "row", i
		if i >= 6 {
			clue, what, k = &p.Cols, "column", i-6
		}
		(*clue)[k] = aquarium.NoClue
		seq := b.pg.attr("#set-status", "data-seq")
		input := fmt.Sprintf(`#set-board input[aria-label="clue of %s %d"]`, what, k+1)
		b.pg.do("clear a clue", chromedp.Click(chromedp.CSS(input)), chromedp.KeyEvent("\b\b\b"))
		b.pg.waitFor("the analysis", fmt.Sprintf(`document.querySelector('#set-status').dataset.seq !== %q`, seq))
		res, err := aqcp.SolveCP(context.Background(), &p, aquarium.RegionRule, 2, cpLimits)
		require.NoError(t, err)
		if len(res.Solutions) == 2 {
			break
		}
		assert.Equal(t, "unique", b.pg.attr("#set-status", "data-status"))
	}
	assert.Equal(t, "several", b.pg.attr("#set-status", "data-status"))
	shown := eval[[]string](b.pg, `[...document.querySelectorAll('#set-solutions .board')].map(b => b.dataset.cells)`)
	require.Len(t, shown, 2, "both solutions side by side")
	var sols []aquarium.Solution
	for _, cells := range shown {
		s, err := cellsOf(&p, cells)
		require.NoError(t, err)
		require.NoError(t, aquarium.Check(&p, s, aquarium.RegionRule), "a solution shown is right for the edited puzzle")
		sols = append(sols, s)
	}
	differ := eval[[]string](b.pg, `[...document.querySelectorAll('#set-solutions .board')[0].querySelectorAll('.mark-differ')].map(r => r.dataset.row + ',' + r.dataset.col)`)
	var want []string
	for _, c := range diff(sols[0], sols[1]) {
		want = append(want, fmt.Sprintf("%d,%d", c.Row, c.Col))
	}
	assert.NotEmpty(t, want)
	assert.ElementsMatch(t, want, differ, "the cells where the two differ are marked")
	assert.Contains(t, eval[string](b.pg, `[...document.querySelectorAll('#set-exports textarea')].map(t => t.value).join(' ')`), "https://puzz.link/p?aquarium/")

	screenshot(b.pg, "set.png")

	// Drawing a wall that closes off a cell makes a new aquarium: the
	// wall below and right of the top left cell (an aquarium of three
	// cells with its neighbours).
	seq := b.pg.attr("#set-status", "data-seq")
	b.pg.do("draw a wall", chromedp.Click(chromedp.CSS(`#set-board rect.edge[data-kind="right"][data-index="0"]`)))
	b.pg.waitFor("the analysis", fmt.Sprintf(`document.querySelector('#set-status').dataset.seq !== %q`, seq))
	seq = b.pg.attr("#set-status", "data-seq")
	assert.Equal(t, 1, eval[int](b.pg, `document.querySelectorAll('#set-board rect.edge.dangling').length`), "a wall that closes nothing off yet")
	screenshot(b.pg, "set-wall.png")
	b.pg.do("draw a wall", chromedp.Click(chromedp.CSS(`#set-board rect.edge[data-kind="below"][data-index="0"]`)))
	b.pg.waitFor("the analysis", fmt.Sprintf(`document.querySelector('#set-status').dataset.seq !== %q`, seq))
	assert.Zero(t, eval[int](b.pg, `document.querySelectorAll('#set-board rect.edge.dangling').length`))
	regions := eval[[]int](b.pg, `setter.regions`)
	assert.NotEqual(t, regions[0], regions[1])
	assert.NotEqual(t, regions[0], regions[6])
}

// race runs the race and checks every engine's row, the verdict and the chart.
func (b *browserRun) race(t *testing.T) {
	b.pg.do("the race", chromedp.Click(chromedp.CSS("#tab-race")), chromedp.Click(chromedp.CSS("#race-go")))
	b.pg.waitFor("the verdict", `document.querySelector('#race-verdict').dataset.done === 'true'`)
	rows := eval[[]map[string]string](b.pg, `[...document.querySelectorAll('#race-table tbody tr')].map(r => ({engine: r.dataset.engine, status: r.dataset.status}))`)
	require.Len(t, rows, len(aquariumkind.Engines(true)))
	for _, r := range rows {
		assert.Equal(t, "solved", r["status"], r["engine"])
	}
	assert.Contains(t, b.pg.text("#race-verdict"), "agree: unique")
	assert.Equal(t, len(aquariumkind.Engines(true)), eval[int](b.pg, `document.querySelectorAll('#race-chart g.bar').length`))
	screenshot(b.pg, "race.png")
}

// pour solves the jugs example and steps through the plan with the buttons and the arrow keys, waiting for the animation to settle.
func (b *browserRun) pour(t *testing.T) {
	b.pg.do("pour", chromedp.Click(chromedp.CSS("#tab-pour")), chromedp.Click(chromedp.CSS("#pour-example-jugs")),
		chromedp.Click(chromedp.CSS("#pour-go")))
	b.pg.waitFor("the plan", `document.querySelectorAll('#pour-steps li').length === 7`)
	assert.Equal(t, "0", b.pg.attr("#pour-stage", "data-step"))
	b.pg.do("next", chromedp.Click(chromedp.CSS("#pour-next")))
	b.pg.waitFor("step 1", `document.querySelector('#pour-stage').dataset.step === '1'`)
	b.pg.do("blur", chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`), chromedp.KeyEvent(kb.ArrowRight))
	b.pg.waitFor("step 2", `document.querySelector('#pour-stage').dataset.step === '2'`)
	// Mid-animation the water of the second jug is somewhere between
	// its heights; at the end it settles where the server drew it.
	b.pg.waitFor("the animation to end", `(() => { const r = document.querySelector('#pour-stage rect#v1-l0'); return r && Math.abs(+r.getAttribute('height') - 2*32) < 0.01 })()`)
	assert.Contains(t, b.pg.text("#pour-step"), "Step 2 of 6")
	b.pg.do("previous", chromedp.KeyEvent(kb.ArrowLeft))
	b.pg.waitFor("step 1 again", `document.querySelector('#pour-stage').dataset.step === '1' && document.querySelector('#pour-stage').dataset.animating === 'false'`)
	screenshot(b.pg, "pour.png")

	b.pg.do("a bad level", chromedp.SetValue(chromedp.CSS("#pour-input"), "capacity 2\nred\n"), chromedp.Click(chromedp.CSS("#pour-go")))
	b.pg.waitFor("the message", `document.querySelector('#pour-error').textContent !== ''`)
	assert.Contains(t, b.pg.text("#pour-error"), "input:")
	assert.Equal(t, "true", b.pg.attr("#pour-input", "aria-invalid"))
}

// rush solves the Rush Hour example and steps once: the car that moves
// slides to where the server draws it in the next state, and its label
// goes with it.
func (b *browserRun) rush(t *testing.T) {
	b.pg.do("rush", chromedp.Click(chromedp.CSS("#pour-example-rush")), chromedp.Click(chromedp.CSS("#pour-go")))
	b.pg.waitFor("the plan", `document.querySelectorAll('#pour-steps li').length === 50`)
	b.pg.waitFor("the start", `document.querySelector('#pour-stage').dataset.step === '0' && document.querySelector('#pour-stage svg.rush') !== null`)
	before := eval[map[string]float64](b.pg, `Object.fromEntries([...document.querySelectorAll('#pour-stage [id]')].map(e => [e.id, +e.getAttribute('x') * 1000 + +e.getAttribute('y')]))`)
	b.pg.do("next", chromedp.Click(chromedp.CSS("#pour-next")))
	b.pg.waitFor("step 1", `document.querySelector('#pour-stage').dataset.step === '1' && document.querySelector('#pour-stage').dataset.animating === 'false'`)
	after := eval[map[string]float64](b.pg, `Object.fromEntries([...document.querySelectorAll('#pour-stage [id]')].map(e => [e.id, +e.getAttribute('x') * 1000 + +e.getAttribute('y')]))`)
	var moved []string
	for id, at := range after {
		if before[id] != at {
			moved = append(moved, id)
		}
	}
	slices.Sort(moved)
	require.Len(t, moved, 2, "one car and its label")
	assert.Equal(t, moved[0]+"-n", moved[1])
	assert.Contains(t, b.pg.text("#pour-step"), "Step 1 of 49: slide "+strings.TrimPrefix(moved[0], "p"))
	screenshot(b.pg, "rush.png")
}

// badInput checks that a reader's message, with its line and column, is shown next to the input, and that markup in a name stays text.
func (b *browserRun) badInput(t *testing.T) {
	b.pg.do("play tab", chromedp.Click(chromedp.CSS("#tab-play")),
		chromedp.SetValue(chromedp.CSS("#input"), "  1 2\nx ab\n2 aa\n"), chromedp.Click(chromedp.CSS("#load")))
	b.pg.waitFor("the message", `document.querySelector('#load-error').textContent !== ''`)
	assert.Contains(t, b.pg.text("#load-error"), "input:2:1: ")
	assert.Equal(t, "true", b.pg.attr("#input", "aria-invalid"))
	// Markup in a puzzle's name is shown as text.
	b.pg.do("load", chromedp.SetValue(chromedp.CSS("#input"), "id <img/src/onerror=alert(1)>\n  1 2\n1 ab\n2 aa\n"), chromedp.Click(chromedp.CSS("#load")))
	b.pg.waitFor("the load", `document.querySelector('#source-note').textContent.includes('<img')`)
	assert.Zero(t, eval[int](b.pg, `document.querySelectorAll('#source img').length`))
}

// readme takes the screenshot of the README: a generated 10x10, partly
// solved by applying hints, with the next hint shown.
func (b *browserRun) readme(t *testing.T) {
	b.pg.do("generate", chromedp.Evaluate[chromedp.Void](`$('input').value = ''; $('gen-size').value = '10x10'; $('gen-seed').value = '5'; $('gen-difficulty').value = 'medium'`),
		chromedp.Click(chromedp.CSS("#gen-go")))
	b.pg.waitFor("the 10x10", `document.querySelector('#source-note').textContent.includes('10x10')`)
	for range 6 {
		before := b.pg.cells("#play-board")
		b.pg.do("a hint", chromedp.Click(chromedp.CSS("#hint")))
		b.pg.waitFor("the hint", `!document.querySelector('#apply-hint').disabled`)
		b.pg.do("apply it", chromedp.Click(chromedp.CSS("#apply-hint")))
		b.pg.waitFor("the hint applied", fmt.Sprintf(`document.querySelector('#play-board').dataset.cells !== %q`, before))
	}
	b.pg.do("a hint", chromedp.Click(chromedp.CSS("#hint")))
	b.pg.waitFor("the hint", `!document.querySelector('#apply-hint').disabled`)
	png := screenshot(b.pg, "page.png")
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Join(testdata, "serve"), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(testdata, "serve", "page.png"), png, 0o644))
	}
}

// screenshot saves a picture of the page as a test artifact (go test
// -artifacts keeps them) and returns it.
func screenshot(pg *page, name string) []byte {
	pg.t.Helper()
	ctx, cancel := context.WithTimeout(pg.ctx, 30*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(pg.t, err)
	path := filepath.Join(pg.t.ArtifactDir(), name)
	require.NoError(pg.t, os.WriteFile(path, png, 0o644))
	pg.t.Logf("screenshot: %s", path)
	return png
}
