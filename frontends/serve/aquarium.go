package serve

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
	"github.com/waterworks-solver/waterworks/models/aquarium/logic"
)

// puzzleView is a puzzle loaded or generated for the page.
type puzzleView struct {
	Puzzle puzzleJSON `json:"puzzle"`
	// Cells is where play starts: the input's partial solution, or every
	// cell unknown (a complete solution that came with the puzzle is its
	// answer, not a starting point).
	Cells  string    `json:"cells"`
	Board  boardJSON `json:"board"`
	Source string    `json:"source"`           // where the puzzle came from, in words
	Format string    `json:"format,omitempty"` // the input format read
	// Count is the number of puzzles the input holds, Index the one shown,
	// and IDs their names (for the first 1000).
	Count int      `json:"count"`
	Index int      `json:"index"`
	IDs   []string `json:"ids,omitempty"`
	// Problems lists the bad puzzles of an input that also holds good ones.
	Problems []problem  `json:"problems,omitempty"`
	Grade    *gradeJSON `json:"grade,omitempty"`
}

// gradeJSON is a puzzle's grade, as "aquarium solve --stats" gives it.
type gradeJSON struct {
	Level string `json:"level"`
	Why   string `json:"why"`
}

// loadRequest asks for the puzzles of a pasted text or of a file named on
// the command line, and for the one at Index among them.
type loadRequest struct {
	Text  string `json:"text"`
	File  *int   `json:"file"`
	Index int    `json:"index"`
}

// pastedName names pasted input in messages: "input:3:5: ...".
const pastedName = "input"

func (s *Server) load(ctx context.Context, body []byte) (any, error) {
	var req loadRequest
	name, data, err := s.decodeInput(body, &req, &req.Text, &req.File)
	if err != nil {
		return nil, err
	}
	docs, err := aquariumfmt.Read(name, data)
	if len(docs) == 0 {
		if err == nil {
			err = badRequest("%s: no puzzle", name)
		}
		return nil, inputError(err)
	}
	if req.Index < 0 || req.Index >= len(docs) {
		return nil, badRequest("%s holds %d puzzles; there is no puzzle %d", name, len(docs), req.Index+1)
	}
	d := docs[req.Index]
	if n := d.Puzzle.Width * d.Puzzle.Height; n > s.lim.MaxCells {
		return nil, badRequest("%s: a %dx%d grid is outside the server's limit of %d cells", d.ID, d.Puzzle.Width, d.Puzzle.Height, s.lim.MaxCells)
	}
	rule := aquarium.RegionRule
	if d.HasRule {
		rule = d.Rule
	}
	start := aquarium.NewSolution(d.Puzzle.Width, d.Puzzle.Height)
	if d.HasSolution() && !d.Solution.Complete() {
		start = d.Solution
	}
	v := puzzleView{Puzzle: jsonOf(d.ID, d.Puzzle, rule), Cells: cellString(start), Source: name,
		Format: aquariumfmt.Detect(data).String(), Count: len(docs), Index: req.Index}
	for _, other := range docs[:min(len(docs), 1000)] {
		v.IDs = append(v.IDs, other.ID)
	}
	if err != nil {
		v.Problems = inputError(err).problems
	}
	if v.Board, err = board(d.Puzzle, start); err != nil {
		return nil, err
	}
	return v, nil
}

// generateRequest asks for a puzzle as "aquarium generate" makes it.
type generateRequest struct {
	Width      int    `json:"width"`
	Height     int    `json:"height"`
	Seed       uint64 `json:"seed"`
	Difficulty string `json:"difficulty"` // "" for any grade
	Rule       string `json:"rule"`
}

// maxGenerateSide bounds the grids the page generates, which must come
// back within the deadline.
const maxGenerateSide = 30

func (s *Server) generate(ctx context.Context, body []byte) (any, error) {
	var req generateRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	if req.Width < 2 || req.Height < 2 || req.Width > maxGenerateSide || req.Height > maxGenerateSide {
		return nil, badRequest("the page generates grids from 2x2 to %dx%d, not %dx%d (the command line makes larger ones)",
			maxGenerateSide, maxGenerateSide, req.Width, req.Height)
	}
	opt := generate.GenerateOptions{Width: req.Width, Height: req.Height}
	var err error
	if req.Rule != "" {
		if opt.Rule, err = aquarium.ParseRule(req.Rule); err != nil {
			return nil, badRequest("%v", err)
		}
	}
	if req.Difficulty != "" {
		opt.Graded = true
		if opt.Difficulty, err = logic.ParseDifficulty(req.Difficulty); err != nil {
			return nil, badRequest("%v", err)
		}
	}
	return s.busy(func() (any, error) {
		// The first puzzle of "aquarium generate" with the same flags.
		g, err := generate.Generate(ctx, rand.New(rand.NewPCG(req.Seed, 0)), opt)
		if err != nil {
			return nil, s.stopped(ctx, err, "generating")
		}
		if err := aquarium.Check(g.Puzzle, g.Solution, opt.Rule); err != nil {
			return nil, fmt.Errorf("the generated puzzle's solution fails the check: %w", err)
		}
		command := fmt.Sprintf("waterworks aquarium generate --size %dx%d --seed %d --rule %v", req.Width, req.Height, req.Seed, opt.Rule)
		if opt.Graded {
			command += " --difficulty " + opt.Difficulty.String()
		}
		start := aquarium.NewSolution(req.Width, req.Height)
		v := puzzleView{Puzzle: jsonOf(fmt.Sprintf("generated-%dx%d-seed%d", req.Width, req.Height, req.Seed), g.Puzzle, opt.Rule),
			Cells: cellString(start), Source: command, Count: 1}
		if g.Graded {
			v.Grade = &gradeJSON{Level: g.Grade.Difficulty.String(), Why: g.Grade.Why()}
		}
		v.Board, err = board(g.Puzzle, start)
		return v, err
	})
}

// stopped turns the error of work that ctx ended into an answer the page
// shows: 504 past the deadline, 503 when the request was cancelled (the
// page went away, or the server is shutting down).
func (s *Server) stopped(ctx context.Context, err error, what string) error {
	end := kind.Ended(ctx, err)
	switch {
	case errors.Is(err, generate.ErrNoPuzzle):
		return badRequest("%v; try another seed or grade", err)
	case ctx.Err() == nil: // the request's own context is live: not its end
	case end.Stop == kind.TimedOut:
		return &apiError{status: http.StatusGatewayTimeout,
			msg: fmt.Sprintf("%s stopped at the server's limit of %v per request", what, s.lim.Deadline)}
	case end.Stop == kind.Interrupted:
		return &apiError{status: http.StatusServiceUnavailable, msg: what + " was cancelled"}
	}
	return err
}

// stateRequest carries a puzzle and the cells of the player's grid.
type stateRequest struct {
	Puzzle *puzzleJSON `json:"puzzle"`
	Cells  string      `json:"cells"`
	// Click, for play, sets one cell; water then fills its aquarium below
	// it, and an empty cell empties it above, as the rule says.
	Click *clickJSON `json:"click,omitempty"`
}

type clickJSON struct {
	Row int    `json:"row"`
	Col int    `json:"col"`
	To  string `json:"to"` // "#", "." or "?"
}

// state reads a stateRequest.
func (s *Server) state(body []byte) (*stateRequest, *aquarium.Puzzle, aquarium.Rule, aquarium.Solution, error) {
	req, p, rule, err := decodePuzzle[stateRequest](s, body)
	if err != nil {
		return nil, nil, 0, aquarium.Solution{}, err
	}
	sol, err := cellsOf(p, req.Cells)
	return req, p, rule, sol, err
}

// onGrid is the handler of a question about the player's grid: it reads
// the puzzle and the grid (state), then has answer answer it once the
// server has a slot free (busy).
func (s *Server) onGrid(answer func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, sol aquarium.Solution) (any, error)) func(ctx context.Context, body []byte) (any, error) {
	return func(ctx context.Context, body []byte) (any, error) {
		_, p, rule, sol, err := s.state(body)
		if err != nil {
			return nil, err
		}
		return s.busy(func() (any, error) { return answer(ctx, p, rule, sol) })
	}
}

// playView is the player's grid after a move, as the server judges it.
type playView struct {
	Cells    string    `json:"cells"`
	Board    boardJSON `json:"board"`
	Complete bool      `json:"complete"` // every cell is decided
	Solved   bool      `json:"solved"`   // and the checker accepts the grid
	Message  string    `json:"message,omitempty"`
}

func (s *Server) play(ctx context.Context, body []byte) (any, error) {
	req, p, rule, sol, err := s.state(body)
	if err != nil {
		return nil, err
	}
	if c := req.Click; c != nil {
		if c.Row < 0 || c.Row >= p.Height || c.Col < 0 || c.Col >= p.Width {
			return nil, badRequest("no cell at row %d, column %d", c.Row+1, c.Col+1)
		}
		to, err := cellsOf(&aquarium.Puzzle{Width: 1, Height: 1}, c.To)
		if err != nil || c.To == "" {
			return nil, badRequest("a click sets a cell to #, . or ?, not %q", c.To)
		}
		fill(p, rule, sol, c.Row, c.Col, to.Cells[0])
	}
	return judge(p, rule, sol)
}

// judge draws the grid and says whether it is solved, by the checker.
func judge(p *aquarium.Puzzle, rule aquarium.Rule, sol aquarium.Solution) (playView, error) {
	v := playView{Cells: cellString(sol), Complete: sol.Complete()}
	var err error
	if v.Board, err = board(p, sol); err != nil {
		return v, err
	}
	if v.Complete {
		if cerr := aquarium.Check(p, sol, rule); cerr != nil {
			v.Message = "Every cell is filled in, but the grid is not right: " + wrongWords(cerr)
		} else {
			v.Solved, v.Message = true, "Solved! The checker accepts every row, column and aquarium."
		}
	}
	return v, nil
}

// wrongWords is a checker's message without its "wrong solution: " prefix.
func wrongWords(err error) string {
	msg := err.Error()
	prefix := aquarium.ErrWrongSolution.Error() + ": "
	if len(msg) > len(prefix) && msg[:len(prefix)] == prefix {
		return msg[len(prefix):]
	}
	return msg
}

// fill sets the cell in row r, column c to v the way water behaves: the
// whole block of the cell (under the region rule its aquarium's row, under
// the pool rule the run of the aquarium the water spreads along) takes v;
// water also fills every block below it in its aquarium, and an empty block
// empties every block above it.
func fill(p *aquarium.Puzzle, rule aquarium.Rule, sol aquarium.Solution, r, c int, v aquarium.Cell) {
	l := aquarium.NewLayout(p, rule)
	next := l.Below
	if v == aquarium.Empty {
		next = make([][]int, len(l.Blocks))
		for b, below := range l.Below {
			for _, d := range below {
				next[d] = append(next[d], b)
			}
		}
	}
	seen := make([]bool, len(l.Blocks))
	stack := []int{l.CellBlock[r*p.Width+c]}
	seen[stack[0]] = true
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		blk := l.Blocks[b]
		for _, col := range blk.Cols {
			sol.Cells[blk.Row*p.Width+col] = v
		}
		if v == aquarium.Unknown {
			continue // unknown spreads no further than its block
		}
		for _, d := range next[b] {
			if !seen[d] {
				seen[d] = true
				stack = append(stack, d)
			}
		}
	}
}

// hintView is the next deduction from the player's grid.
type hintView struct {
	Found    bool   `json:"found"`
	Text     string `json:"text"`
	Rule     string `json:"rule,omitempty"` // gravity, count, ..., probing
	Depth    int    `json:"depth"`
	Conflict bool   `json:"conflict,omitempty"`
	// Cells are the cells the deduction decides; Line the row or column
	// it reads; Aquarium the cells of the aquarium it is about; Supposed
	// the cells a probing supposes.
	Cells    []cellJSON `json:"cells,omitempty"`
	Line     *lineJSON  `json:"line,omitempty"`
	Aquarium []cellJSON `json:"aquarium,omitempty"`
	Supposed []cellJSON `json:"supposed,omitempty"`
	// Outline is the deduction with the steps under its suppositions.
	Outline string `json:"outline,omitempty"`
}

type lineJSON struct {
	Column bool `json:"column"`
	Index  int  `json:"index"`
}

func (s *Server) hint(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, sol aquarium.Solution) (any, error) {
	rsn, err := logic.NewReasoner(p, rule, sol)
	if err != nil {
		return hintView{Conflict: true, Text: "Your grid breaks a rule already: " + wrongWords(err) + " Undo, or use Check to see the wrong cells."}, nil
	}
	d, ok, err := rsn.Next(ctx, aqcp.DefaultLogicDepth)
	switch {
	case err != nil:
		return nil, s.stopped(ctx, err, "looking for a hint")
	case !ok && rsn.Solved():
		return hintView{Text: "Every cell is decided: nothing left to deduce."}, nil
	case !ok:
		return hintView{Text: fmt.Sprintf("Reasoning up to depth %d finds nothing more from here: the rest needs a guess.", aqcp.DefaultLogicDepth)}, nil
	}
	v := hintView{Found: true, Text: d.Text, Rule: d.Reason.String(), Depth: d.Depth, Conflict: d.Conflict,
		Cells: placements(d.Cells), Supposed: placements(d.Supposed), Outline: d.Outline()}
	if d.Conflict {
		v.Text += " So a cell of your grid is wrong: use Check to see which."
	}
	if d.HasLine {
		v.Line = &lineJSON{Column: d.Line.Column, Index: d.Line.Index}
	}
	if d.Region >= 0 {
		for i, id := range p.Regions {
			if id == d.Region {
				v.Aquarium = append(v.Aquarium, cellJSON{Row: i / p.Width, Col: i % p.Width})
			}
		}
	}
	return v, nil
}

func placements(ps []logic.Placement) []cellJSON {
	out := make([]cellJSON, len(ps))
	for i, c := range ps {
		out[i] = cellJSON{Row: c.Row, Col: c.Col, Cell: "?.#"[c.Cell : c.Cell+1]}
	}
	return out
}

// checkView says whether the player's grid can still be completed, and
// marks the wrong cells when the puzzle has one solution.
type checkView struct {
	OK      bool       `json:"ok"` // some solution agrees with every decided cell
	Solved  bool       `json:"solved"`
	Wrong   []cellJSON `json:"wrong,omitempty"`
	Message string     `json:"message"`
}

func (s *Server) check(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, sol aquarium.Solution) (any, error) {
	if sol.Complete() {
		if err := aquarium.Check(p, sol, rule); err == nil {
			return checkView{OK: true, Solved: true, Message: "Solved! The checker accepts every row, column and aquarium."}, nil
		}
	}
	m, err := aqcp.NewModel(p, rule)
	if err != nil {
		return nil, err
	}
	if m.Restrict(sol) == nil {
		found, err := m.Search(ctx, 1, cpLimits)
		if err != nil {
			return nil, s.stopped(ctx, err, "checking")
		}
		if len(found.Solutions) > 0 {
			if err := aquarium.Check(p, found.Solutions[0], rule); err != nil {
				return nil, fmt.Errorf("a solution found fails the check: %w", err)
			}
			return checkView{OK: true, Message: "No mistakes so far: the grid can still be completed."}, nil
		}
	}
	sols, exhausted, err := solutions(ctx, p, rule, 2)
	switch {
	case err != nil:
		return nil, s.stopped(ctx, err, "checking")
	case len(sols) == 0 && exhausted:
		return checkView{Message: "The puzzle has no solution at all."}, nil
	case len(sols) == 1 && exhausted:
		v := checkView{}
		for i, c := range sol.Cells {
			if c != aquarium.Unknown && c != sols[0].Cells[i] {
				v.Wrong = append(v.Wrong, cellJSON{Row: i / p.Width, Col: i % p.Width})
			}
		}
		v.Message = fmt.Sprintf("%d %s wrong (marked).", len(v.Wrong), map[bool]string{true: "cell is", false: "cells are"}[len(v.Wrong) == 1])
		return v, nil
	}
	return checkView{Message: "No solution agrees with your grid; the puzzle has several solutions, so no single cell can be blamed."}, nil
}

// cpLimits are the CP core's limits: none but the request's deadline.
var cpLimits = cp.Limits{}

// solutions finds up to limit solutions of p on the CP core and re-checks
// each with the independent checker.
func solutions(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) ([]aquarium.Solution, bool, error) {
	res, err := aqcp.SolveCP(ctx, p, rule, limit, cpLimits)
	for i, sol := range res.Solutions {
		if cerr := aquarium.Check(p, sol, rule); cerr != nil {
			return nil, false, fmt.Errorf("solution %d of the CP core fails the check: %w", i+1, cerr)
		}
	}
	return res.Solutions, res.Exhausted, err
}
