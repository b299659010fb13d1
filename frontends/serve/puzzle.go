package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/render"
	"github.com/waterworks-solver/waterworks/frontends/webfmt"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// puzzleJSON is an Aquarium puzzle as the page and the server pass it.
// Rows and columns count from 0 here, as in every JSON of waterworks.
type puzzleJSON struct {
	ID     string `json:"id,omitempty"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	// Regions holds the aquarium of every cell, row by row. The setter's
	// view sends Walls instead, and the server finds the aquariums.
	Regions []int      `json:"regions,omitempty"`
	Walls   *wallsJSON `json:"walls,omitempty"`
	// Cols and Rows hold the clues, -1 where a clue is missing.
	Cols  []int    `json:"cols"`
	Rows  []int    `json:"rows"`
	Names []string `json:"names,omitempty"`
	Rule  string   `json:"rule"` // "region" or "pool"
}

// wallsJSON lists the walls of a grid as strings of '1' (a wall) and '0':
// Right holds the walls right of each cell but the last of every row, row
// by row; Below the walls below each cell but those of the last row.
type wallsJSON struct {
	Right string `json:"right"`
	Below string `json:"below"`
}

// puzzleCarrier is a request that carries a puzzle.
type puzzleCarrier interface {
	puzzle() *puzzleJSON
}

func (r *solveRequest) puzzle() *puzzleJSON  { return r.Puzzle }
func (r *stateRequest) puzzle() *puzzleJSON  { return r.Puzzle }
func (r *exportRequest) puzzle() *puzzleJSON { return r.Puzzle }
func (r *raceRequest) puzzle() *puzzleJSON   { return r.Puzzle }

// decodePuzzle decodes a request of type R that carries a puzzle (see
// decode) and checks the puzzle (puzzleOf); it returns the request with
// the puzzle and its rule.
func decodePuzzle[R any, PR interface {
	*R
	puzzleCarrier
}](s *Server, body []byte) (*R, *aquarium.Puzzle, aquarium.Rule, error) {
	req := new(R)
	if err := decode(body, req); err != nil {
		return nil, nil, 0, err
	}
	p, rule, err := s.puzzleOf(PR(req).puzzle())
	return req, p, rule, err
}

// withPuzzle is the handler of a request of type R that carries a puzzle:
// it decodes the request and checks its puzzle (decodePuzzle), then has
// answer answer it.
func withPuzzle[R any, PR interface {
	*R
	puzzleCarrier
}](s *Server, answer func(ctx context.Context, req *R, p *aquarium.Puzzle, rule aquarium.Rule) (any, error)) handler {
	return func(ctx context.Context, body []byte) (any, error) {
		req, p, rule, err := decodePuzzle[R, PR](s, body)
		if err != nil {
			return nil, err
		}
		return answer(ctx, req, p, rule)
	}
}

// puzzleOf checks a puzzle from the page and returns it with its rule.
func (s *Server) puzzleOf(j *puzzleJSON) (*aquarium.Puzzle, aquarium.Rule, error) {
	if j == nil {
		return nil, 0, badRequest("bad request: no puzzle")
	}
	if j.Width < 1 || j.Height < 1 || j.Width > s.lim.MaxCells || j.Height > s.lim.MaxCells || j.Width*j.Height > s.lim.MaxCells {
		return nil, 0, badRequest("a %dx%d grid is outside the server's limit of %d cells", j.Width, j.Height, s.lim.MaxCells)
	}
	rule := aquarium.RegionRule
	if j.Rule != "" {
		var err error
		if rule, err = aquarium.ParseRule(j.Rule); err != nil {
			return nil, 0, badRequest("%v", err)
		}
	}
	p := &aquarium.Puzzle{Width: j.Width, Height: j.Height, Regions: j.Regions, Cols: j.Cols, Rows: j.Rows, Names: j.Names}
	if j.Walls != nil {
		right, err1 := bits(j.Walls.Right)
		below, err2 := bits(j.Walls.Below)
		if err := errors.Join(err1, err2); err != nil {
			return nil, 0, badRequest("walls: %v", err)
		}
		regions, err := webfmt.RegionsFromWalls(j.Width, j.Height, right, below)
		if err != nil {
			return nil, 0, badRequest("walls: %v", err)
		}
		p.Regions, p.Names = regions, nil
	}
	if err := p.Validate(); err != nil {
		return nil, 0, badRequest("%v", err)
	}
	return p, rule, nil
}

// bits reads a string of '0' and '1'.
func bits(s string) ([]bool, error) {
	out := make([]bool, len(s))
	for i := range len(s) {
		switch s[i] {
		case '0':
		case '1':
			out[i] = true
		default:
			return nil, fmt.Errorf("character %d is %q, want 0 or 1", i+1, s[i])
		}
	}
	return out, nil
}

// jsonOf returns the JSON form of a puzzle.
func jsonOf(id string, p *aquarium.Puzzle, rule aquarium.Rule) puzzleJSON {
	return puzzleJSON{ID: id, Width: p.Width, Height: p.Height, Regions: p.Regions, Cols: p.Cols, Rows: p.Rows, Names: p.Names, Rule: rule.String()}
}

// cellsOf reads a grid of '#' (water), '.' (empty) and '?' (unknown),
// row by row; "" is a grid of unknown cells.
func cellsOf(p *aquarium.Puzzle, cells string) (aquarium.Solution, error) {
	s := aquarium.NewSolution(p.Width, p.Height)
	if cells == "" {
		return s, nil
	}
	if len(cells) != len(s.Cells) {
		return s, badRequest("%d cells for a %dx%d grid", len(cells), p.Width, p.Height)
	}
	for i := range len(cells) {
		switch cells[i] {
		case '#':
			s.Cells[i] = aquarium.Water
		case '.':
			s.Cells[i] = aquarium.Empty
		case '?':
		default:
			return s, badRequest("cell %d is %q, want #, . or ?", i+1, cells[i])
		}
	}
	return s, nil
}

// cellString is the inverse of cellsOf.
func cellString(s aquarium.Solution) string {
	b := make([]byte, len(s.Cells))
	for i, c := range s.Cells {
		b[i] = "?.#"[c]
	}
	return string(b)
}

// boardJSON is a picture of a puzzle drawn by the renderer of "aquarium
// render", with where its cells are, so the page can put click targets
// and marks over them.
type boardJSON struct {
	SVG      string       `json:"svg"`
	Geometry geometryJSON `json:"geometry"`
}

type geometryJSON struct {
	Width  int `json:"width"`
	Height int `json:"height"`
	Left   int `json:"left"`
	Top    int `json:"top"`
	Cell   int `json:"cell"`
}

// cellSize picks a cell size that makes pictures of about 500 pixels.
func cellSize(p *aquarium.Puzzle) int {
	return min(max(500/max(p.Width, p.Height), render.MinCellSize), 48)
}

// board draws p with the cells of sol (none when sol has no cells).
func board(p *aquarium.Puzzle, sol aquarium.Solution) (boardJSON, error) {
	opts := render.Options{CellSize: cellSize(p)}
	var buf bytes.Buffer
	if err := render.SVG(&buf, p, sol, opts); err != nil {
		return boardJSON{}, err
	}
	g, err := render.GeometryOf(p, opts)
	if err != nil {
		return boardJSON{}, err
	}
	return boardJSON{SVG: buf.String(), Geometry: geometryJSON{Width: g.Width, Height: g.Height, Left: g.Left, Top: g.Top, Cell: g.Cell}}, nil
}

// cellJSON is one cell, from 0.
type cellJSON struct {
	Row  int    `json:"row"`
	Col  int    `json:"col"`
	Cell string `json:"cell,omitempty"` // "#" water, "." empty
}

// diff returns the cells where a and b differ.
func diff(a, b aquarium.Solution) []cellJSON {
	var out []cellJSON
	for i := range a.Cells {
		if a.Cells[i] != b.Cells[i] {
			out = append(out, cellJSON{Row: i / a.Width, Col: i % a.Width})
		}
	}
	return out
}
