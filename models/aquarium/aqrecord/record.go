// Package aqrecord defines the record of an Aquarium puzzle in the corpus
// JSON Lines format (the corpus's FORMAT.md, frontends/aquariumfmt's
// FORMAT.md) once, for the command line's reader and writer and for the
// models' tests that read the shared corpus. It decodes and converts
// without checking: frontends/aquariumfmt checks what people type, with
// each problem at its line and column.
package aqrecord

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// Record is one line of the corpus JSON Lines format, field for field.
type Record struct {
	ID     string `json:"id,omitempty"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	// Regions holds Height rows of Width aquarium ids.
	Regions [][]int `json:"regions"`
	// Cols and Rows hold the clues, nil where a clue is missing.
	Cols []*int `json:"cols"`
	Rows []*int `json:"rows"`
	// Solution holds Height strings of Width cells ('#', '.', or '?' for
	// unknown), or is nil.
	Solution []string `json:"solution"`
	*CorpusInfo
}

// CorpusInfo holds the fields of a corpus line beyond the puzzle and its
// solution. Unknown values (JSON null or absent) are zero: "" or nil.
type CorpusInfo struct {
	// Source says where the puzzle came from: owner/repo:path@commit, or a
	// citation.
	Source string `json:"source,omitempty"`
	// Difficulty is free text from the source.
	Difficulty string `json:"difficulty,omitempty"`
	// Unique reports whether the puzzle has exactly one solution under the
	// region rule.
	Unique *bool `json:"unique,omitempty"`
	// UniquePoolRule reports whether it has exactly one under the pool rule.
	UniquePoolRule *bool `json:"unique_pool_rule,omitempty"`
	// PoolRuleSensitive reports whether the rules differ on this grid.
	PoolRuleSensitive *bool `json:"pool_rule_sensitive,omitempty"`
	// SolutionFrom is "source" (given by the source, checked) or
	// "computed".
	SolutionFrom string `json:"solution_from,omitempty"`
	// SiteRef, URL and Task locate the puzzle on the web: a site reference,
	// a puzz.link URL and a puzzle-aquarium.com task string.
	SiteRef string `json:"site_ref,omitempty"`
	URL     string `json:"url,omitempty"`
	Task    string `json:"task,omitempty"`
	// AlsoIn lists other copies of the puzzle.
	AlsoIn []string `json:"also_in,omitempty"`
	// Note says how the grid was rebuilt, where that needs saying.
	Note string `json:"note,omitempty"`
}

// Of returns the record of a puzzle: its id, grid, clues (nil where
// missing), solution (none when s has no cells) and corpus fields.
func Of(id string, p *aquarium.Puzzle, s aquarium.Solution, info *CorpusInfo) Record {
	rec := Record{ID: id, Width: p.Width, Height: p.Height, CorpusInfo: info}
	rec.Regions = make([][]int, p.Height)
	for r := range rec.Regions {
		rec.Regions[r] = slices.Clone(p.Regions[r*p.Width : (r+1)*p.Width])
	}
	rec.Cols, rec.Rows = clueList(p.Cols), clueList(p.Rows)
	if len(s.Cells) > 0 {
		rec.Solution = s.Rows()
	}
	return rec
}

func clueList(clues []int) []*int {
	list := make([]*int, len(clues))
	for i, k := range clues {
		if k != aquarium.NoClue {
			list[i] = &k
		}
	}
	return list
}

// Puzzle returns the record's puzzle, unchecked: missing clues become
// aquarium.NoClue and the regions are flattened row by row.
func (rec Record) Puzzle() *aquarium.Puzzle {
	p := &aquarium.Puzzle{Width: rec.Width, Height: rec.Height}
	for _, row := range rec.Regions {
		p.Regions = append(p.Regions, row...)
	}
	clue := func(k *int) int {
		if k == nil {
			return aquarium.NoClue
		}
		return *k
	}
	for _, k := range rec.Cols {
		p.Cols = append(p.Cols, clue(k))
	}
	for _, k := range rec.Rows {
		p.Rows = append(p.Rows, clue(k))
	}
	return p
}

// Grid returns the record's solution, or the zero Solution when it has
// none. It fails on rows that SolutionFromRows refuses.
func (rec Record) Grid() (aquarium.Solution, error) {
	if rec.Solution == nil {
		return aquarium.Solution{}, nil
	}
	return SolutionFromRows(rec.Solution)
}

// SolutionFromRows builds a solution from one string per row, top to
// bottom, each cell written '#' (water), '.' (empty) or '?' (unknown): the
// inverse of aquarium.Solution.Rows. The rows must be non-empty and of
// equal length.
func SolutionFromRows(rows []string) (aquarium.Solution, error) {
	if len(rows) == 0 || rows[0] == "" {
		return aquarium.Solution{}, errors.New("empty grid")
	}
	sol := aquarium.NewSolution(len(rows[0]), len(rows))
	for r, line := range rows {
		if len(line) != sol.Width {
			return aquarium.Solution{}, fmt.Errorf("row %d has %d cells, want %d like the first", r+1, len(line), sol.Width)
		}
		for c, ch := range []byte(line) {
			switch ch {
			case '#':
				sol.Cells[r*sol.Width+c] = aquarium.Water
			case '.':
				sol.Cells[r*sol.Width+c] = aquarium.Empty
			case '?':
			default:
				return aquarium.Solution{}, fmt.Errorf("row %d, column %d: %q is not a cell ('#', '.' or '?')", r+1, c+1, ch)
			}
		}
	}
	return sol, nil
}

// IsUnique reports whether the corpus says the puzzle has exactly one
// solution under the region rule; false when it does not say.
func (rec Record) IsUnique() bool {
	return rec.CorpusInfo != nil && rec.Unique != nil && *rec.Unique
}

// IsUniquePoolRule reports whether the corpus says the puzzle has exactly
// one solution under the pool rule; false when it does not say.
func (rec Record) IsUniquePoolRule() bool {
	return rec.CorpusInfo != nil && rec.UniquePoolRule != nil && *rec.UniquePoolRule
}

// ReadAll decodes every line of r as a record, skipping blank lines. A
// record without corpus fields gets an empty CorpusInfo, so that its
// fields read as unknown. It stops at the first line that is not a
// record, saying which.
func ReadAll(r io.Reader) ([]Record, error) {
	var all []Record
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<24)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var rec Record
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			return all, fmt.Errorf("line %d: %w", line, err)
		}
		if rec.CorpusInfo == nil {
			rec.CorpusInfo = &CorpusInfo{}
		}
		all = append(all, rec)
	}
	return all, sc.Err()
}
