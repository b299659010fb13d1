package serve

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/render"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/logic"
)

// analysis is what the setter's view shows of the puzzle being edited.
type analysis struct {
	// Puzzle is the puzzle as the server read it, with the aquariums its
	// walls make; Board its picture.
	Puzzle puzzleJSON `json:"puzzle"`
	Board  boardJSON  `json:"board"`
	// Count says how many solutions the puzzle has.
	Count countView `json:"count"`
	// Logic shows the cells that reasoning without guessing settles.
	Logic *logicView `json:"logic,omitempty"`
	// Grade is the puzzle's grade, when it has one solution.
	Grade *gradeJSON `json:"grade,omitempty"`
	// Exports holds the puzzle in each text format, or why the format
	// cannot express it.
	Exports []exportView `json:"exports"`
}

// countView is the outcome of counting solutions up to two.
type countView struct {
	// Status is "none", "unique", "several", "unknown" (stopped at the
	// deadline) or "too large" (past the live limit).
	Status  string `json:"status"`
	Message string `json:"message"`
	// Solutions holds up to two solutions, Boards their pictures, and
	// Differ the cells where the two differ.
	Solutions []string    `json:"solutions,omitempty"`
	Boards    []boardJSON `json:"boards,omitempty"`
	Differ    []cellJSON  `json:"differ,omitempty"`
}

// logicView is how far reasoning without guessing gets.
type logicView struct {
	Cells   string    `json:"cells"`
	Board   boardJSON `json:"board"`
	Settled int       `json:"settled"` // cells decided
	Solved  bool      `json:"solved"`
	Message string    `json:"message"`
}

// exportView is the puzzle in one format.
type exportView struct {
	Format string `json:"format"`
	Text   string `json:"text,omitempty"`
	Error  string `json:"error,omitempty"`
}

// analyse answers the setter's view: the puzzle's solutions, what logic
// settles, its grade and its exports.
func (s *Server) analyse(ctx context.Context, req *stateRequest, p *aquarium.Puzzle, rule aquarium.Rule) (any, error) {
	id := req.Puzzle.ID
	a := analysis{Puzzle: jsonOf(id, p, rule)}
	var err error
	if a.Board, err = board(p, aquarium.Solution{}); err != nil {
		return nil, err
	}
	a.Exports = exports(id, p, rule)
	if p.Width*p.Height > s.lim.LiveCells {
		a.Count = countView{Status: "too large", Message: fmt.Sprintf(
			"A %dx%d grid is past the live limit of %d cells: count its solutions with \"waterworks aquarium count\".",
			p.Width, p.Height, s.lim.LiveCells)}
		return a, nil
	}
	return s.busy(func() (any, error) {
		if err := s.count(ctx, p, rule, &a.Count); err != nil {
			return nil, err
		}
		if a.Count.Status == "none" {
			return a, nil
		}
		if err := s.logic(ctx, p, rule, &a); err != nil {
			return nil, err
		}
		if a.Count.Status == "unique" {
			g, err := logic.GradePuzzle(ctx, p, rule, aqcp.DefaultLogicDepth)
			if err == nil {
				a.Grade = &gradeJSON{Level: g.Difficulty.String(), Why: g.Why()}
			}
		}
		return a, nil
	})
}

// count counts p's solutions up to two, with pictures of them and the
// cells where two differ.
func (s *Server) count(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, c *countView) error {
	sols, exhausted, err := solutions(ctx, p, rule, 2)
	switch {
	case kind.Ended(ctx, err).Stop == kind.TimedOut:
		c.Status, c.Message = "unknown", fmt.Sprintf("Counting stopped at the server's limit of %v.", s.lim.Deadline)
	case err != nil:
		return s.stopped(ctx, err, "counting")
	case len(sols) == 0 && exhausted:
		c.Status, c.Message = "none", "No solution."
	case len(sols) == 1 && exhausted:
		c.Status, c.Message = "unique", "One solution: the puzzle is unique."
	case len(sols) >= 2:
		c.Status, c.Message = "several", "Several solutions: two of them are shown, with the cells where they differ."
		c.Differ = diff(sols[0], sols[1])
	default:
		c.Status, c.Message = "unknown", "Counting stopped before it was complete."
	}
	for _, sol := range sols {
		b, err := board(p, sol)
		if err != nil {
			return err
		}
		c.Solutions = append(c.Solutions, cellString(sol))
		c.Boards = append(c.Boards, b)
	}
	return nil
}

// logic reasons without guessing and records the cells it settles.
func (s *Server) logic(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, a *analysis) error {
	m, err := aqcp.NewModel(p, rule)
	if err != nil {
		return err
	}
	res, err := m.LogicWithin(ctx, aqcp.DefaultLogicDepth, logic.GradeBudget)
	if err != nil && kind.Ended(ctx, err).Stop != kind.TimedOut { // the grade's budget, or the request's deadline
		return s.stopped(ctx, err, "reasoning")
	}
	if res.Contradiction {
		return nil
	}
	v := &logicView{Cells: cellString(res.Solution), Solved: res.Solved}
	for _, c := range res.Solution.Cells {
		if c != aquarium.Unknown {
			v.Settled++
		}
	}
	switch {
	case err != nil:
		v.Message = fmt.Sprintf("Reasoning stopped at the server's limit with %d of %d cells settled.", v.Settled, len(res.Solution.Cells))
	case res.Solved:
		v.Message = "Logic alone settles every cell."
	default:
		v.Message = fmt.Sprintf("Logic alone settles %d of %d cells.", v.Settled, len(res.Solution.Cells))
	}
	if v.Board, err = board(p, res.Solution); err != nil {
		return err
	}
	a.Logic = v
	return nil
}

// textFormats are the formats the setter's view exports as text.
var textFormats = []aquariumfmt.Format{aquariumfmt.URL, aquariumfmt.Task, aquariumfmt.Text, aquariumfmt.Pzprv3, aquariumfmt.JSONLines}

// exports writes the puzzle in every text format.
func exports(id string, p *aquarium.Puzzle, rule aquarium.Rule) []exportView {
	d := aquariumfmt.Document{ID: id, HasID: id != "", Puzzle: p, Rule: rule, HasRule: true}
	var out []exportView
	for _, f := range textFormats {
		var buf bytes.Buffer
		v := exportView{Format: f.String()}
		if err := aquariumfmt.Write(&buf, d, f); err != nil {
			v.Error = err.Error()
		} else {
			v.Text = buf.String()
		}
		out = append(out, v)
	}
	return out
}

// exportRequest asks for the puzzle, with the cells of a grid, as a file.
type exportRequest struct {
	Puzzle *puzzleJSON `json:"puzzle"`
	Cells  string      `json:"cells"`
	// Format is svg, png, or a text format: text, json, task, url, pzprv3.
	Format string `json:"format"`
}

// export answers with the puzzle as a file to save.
func (s *Server) export(w http.ResponseWriter, r *http.Request) {
	body, err := s.readBody(w, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	data, kind, ext, err := s.exportFile(body)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", kind)
	w.Header().Set("Content-Disposition", `attachment; filename="puzzle.`+ext+`"`)
	w.Header().Set("Cache-Control", "no-store")
	w.Write(data)
}

func (s *Server) exportFile(body []byte) (data []byte, kind, ext string, err error) {
	req, p, rule, err := decodePuzzle[exportRequest](s, body)
	if err != nil {
		return nil, "", "", err
	}
	sol, err := cellsOf(p, req.Cells)
	if err != nil {
		return nil, "", "", err
	}
	var buf bytes.Buffer
	switch req.Format {
	case "svg":
		err = render.SVG(&buf, p, sol, render.Options{})
		return buf.Bytes(), "image/svg+xml", "svg", err
	case "png":
		err = render.PNG(&buf, p, sol, render.Options{})
		return buf.Bytes(), "image/png", "png", err
	}
	f, ferr := aquariumfmt.ParseFormat(req.Format)
	if ferr != nil {
		return nil, "", "", badRequest("unknown format %q (want svg, png, %s)", req.Format, strings.Join(aquariumfmt.Formats, ", "))
	}
	d := aquariumfmt.Document{ID: req.Puzzle.ID, HasID: req.Puzzle.ID != "", Puzzle: p, Rule: rule, HasRule: true}
	if strings.ContainsAny(req.Cells, "#.") {
		d.Solution = sol
	}
	if err := aquariumfmt.Write(&buf, d, f); err != nil {
		return nil, "", "", badRequest("%v", err)
	}
	ext = map[aquariumfmt.Format]string{aquariumfmt.Text: "txt", aquariumfmt.JSONLines: "jsonl", aquariumfmt.Task: "task", aquariumfmt.URL: "url", aquariumfmt.Pzprv3: "pzprv3"}[f]
	return buf.Bytes(), "text/plain; charset=utf-8", ext, nil
}
