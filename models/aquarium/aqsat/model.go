package aqsat

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/sat"
)

// SATModel is the SAT encoding of a puzzle under a rule: one variable per
// block (true = full), gravity as binary clauses, and an exact linear
// constraint per clued row (blocks weighted by width) and column. The linear
// constraints stay structured in Formula, so the caller lowers them with the
// encoding of its choice or hands them to a backend that takes them
// natively. Under the pool rule each block also has an order-encoded level:
// the top row of the body of water it belongs to.
type SATModel struct {
	Puzzle  *aquarium.Puzzle
	Layout  *aquarium.Layout
	Formula *sat.Formula
	// Full holds the variable of each block. Solutions differ on these
	// variables only; every other variable is auxiliary.
	Full []sat.Lit
}

// EncodeSAT builds the SAT encoding of a valid puzzle. Block variables are
// named for DIMACS comments as
//
//	water(row=R;cols=C1,C2,...;aquarium=NAME)
//
// with rows and columns counted from 1, so that a model read back from any
// solver decodes to cells through the names alone.
func EncodeSAT(p *aquarium.Puzzle, rule aquarium.Rule) (*SATModel, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if rule != aquarium.RegionRule && rule != aquarium.PoolRule {
		return nil, fmt.Errorf("unknown rule %v", rule)
	}
	l := aquarium.NewLayout(p, rule)
	f := sat.NewFormula()
	m := &SATModel{Puzzle: p, Layout: l, Formula: f, Full: make([]sat.Lit, len(l.Blocks))}
	for i, b := range l.Blocks {
		m.Full[i] = f.NewNamedVar(blockName(p, b))
	}
	for i, below := range l.Below {
		for _, j := range below {
			f.AddClause(m.Full[i].Not(), m.Full[j])
		}
	}
	for r, need := range p.Rows {
		if need == aquarium.NoClue {
			continue
		}
		terms := make([]sat.Term, len(l.RowBlocks[r]))
		for i, b := range l.RowBlocks[r] {
			terms[i] = sat.Term{Lit: m.Full[b], Weight: l.Blocks[b].Width()}
		}
		f.AddLinear(sat.Linear{Terms: terms, Op: sat.Exactly, K: need})
	}
	for c, need := range p.Cols {
		if need == aquarium.NoClue {
			continue
		}
		col := sat.Linear{Op: sat.Exactly, K: need}
		for _, chain := range l.ColChains[c] {
			// Gravity fills a chain from the bottom: listed bottom first,
			// each block implies the one before, so the chain is one
			// unary number (a totalizer leaf, a BDD level).
			for i := len(chain) - 1; i >= 0; i-- {
				col.Terms = append(col.Terms, sat.Term{Lit: m.Full[chain[i]], Weight: 1})
			}
			col.Chains = append(col.Chains, len(chain))
		}
		f.AddLinear(col)
	}
	if rule == aquarium.PoolRule {
		m.encodePoolLevels()
	}
	return m, nil
}

// blockName is the DIMACS name of a block's variable.
func blockName(p *aquarium.Puzzle, b aquarium.Block) string {
	var s strings.Builder
	fmt.Fprintf(&s, "water(row=%d;cols=", b.Row+1)
	for i, c := range b.Cols {
		if i > 0 {
			s.WriteByte(',')
		}
		s.WriteString(strconv.Itoa(c + 1))
	}
	fmt.Fprintf(&s, ";aquarium=%s)", p.Name(b.Region))
	return s.String()
}

// encodePoolLevels writes the pool rule's flat surfaces, as the CP model
// does: a level h ≤ row per block in order encoding (ge[v-1] stands for
// h ≥ v), equal levels for a full block and the full block beneath it, and
// h = row for a full block under an empty block of its aquarium.
func (m *SATModel) encodePoolLevels() {
	f, l := m.Formula, m.Layout
	ge := make([][]sat.Lit, len(l.Blocks))
	for i, b := range l.Blocks {
		ge[i] = make([]sat.Lit, b.Row)
		for v := 1; v <= b.Row; v++ {
			ge[i][v-1] = f.NewNamedVar(fmt.Sprintf("level(%s)>=%d", blockName(m.Puzzle, b), v+1))
			if v > 1 {
				f.AddClause(ge[i][v-1].Not(), ge[i][v-2])
			}
		}
	}
	for i, below := range l.Below {
		for _, j := range below {
			full := m.Full[i]
			// Blocks beneath are one row lower: their levels have one more
			// step, which must be false when equal to ours.
			for v := 1; v <= len(ge[i]); v++ {
				f.AddClause(full.Not(), ge[i][v-1].Not(), ge[j][v-1])
				f.AddClause(full.Not(), ge[i][v-1], ge[j][v-1].Not())
			}
			if n := len(ge[j]); n > len(ge[i]) {
				f.AddClause(full.Not(), ge[j][n-1].Not())
			}
		}
	}
	for i, above := range l.Above {
		row := l.Blocks[i].Row
		if row == 0 {
			continue
		}
		for _, u := range above {
			f.AddClause(m.Full[i].Not(), m.Full[u], ge[i][row-1])
		}
	}
}

// Decode returns the solution an assignment of the block variables gives.
func (m *SATModel) Decode(a sat.Assignment) aquarium.Solution {
	return m.Layout.Solution(m.Puzzle, func(b int) bool { return a.Value(m.Full[b]) })
}

// Solutions enumerates up to limit solutions (0 means all) with s, a solver
// already loaded with m.Formula (lowered or native as s needs). Models that
// differ only on auxiliary variables count once. exhausted reports that s
// proved there are no more. Enumeration adds blocking clauses to s.
func (m *SATModel) Solutions(ctx context.Context, s sat.Solver, limit int) (sols []aquarium.Solution, exhausted bool, err error) {
	_, exhausted, err = sat.Enumerate(ctx, s, m.Full, limit, func(a sat.Assignment) bool {
		sols = append(sols, m.Decode(a))
		return true
	})
	return sols, exhausted, err
}
