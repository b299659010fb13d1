package fznsat_test

import (
	"testing"

	"github.com/waterworks-solver/waterworks/models/fzn"
)

// rangeVars returns an array of n fresh variables over lo..hi.
func (g *gen) rangeVars(n int, lo, hi int64) fzn.Expr {
	return g.array(n, func() fzn.Expr { return g.rangeVar(lo, hi) })
}

// smallInts returns an array of n ints of the pool, some constant.
func (g *gen) smallInts(n int) fzn.Expr { return g.ints_(n) }

func countArgs(g *gen) []fzn.Expr {
	return []fzn.Expr{g.smallInts(g.n(0, 3)), g.int(), g.int()}
}

var globals = map[string]builtin{
	"fzn_all_different_int":     {func(g *gen) []fzn.Expr { return []fzn.Expr{g.smallInts(g.n(0, 4))} }, true},
	"fzn_alldifferent_except_0": {func(g *gen) []fzn.Expr { return []fzn.Expr{g.smallInts(g.n(0, 4))} }, true},
	"fzn_alldifferent_except": {func(g *gen) []fzn.Expr {
		return []fzn.Expr{g.smallInts(g.n(0, 4)), g.set()}
	}, true},
	"fzn_table_int": {args: func(g *gen) []fzn.Expr {
		n := g.n(1, 3)
		return []fzn.Expr{g.smallInts(n), g.consts(n*g.n(0, 5), -3, 4)}
	}},
	"fzn_table_bool": {args: func(g *gen) []fzn.Expr {
		n := g.n(1, 3)
		return []fzn.Expr{g.bools_(n), g.boolConsts(n * g.n(0, 5))}
	}},
	"fzn_global_cardinality": {args: func(g *gen) []fzn.Expr {
		k := g.n(0, 3)
		return []fzn.Expr{g.smallInts(g.n(0, 3)), g.consts(k, -2, 3), g.rangeVars(k, 0, 2)}
	}},
	"fzn_global_cardinality_closed": {args: func(g *gen) []fzn.Expr {
		k := g.n(0, 3)
		return []fzn.Expr{g.smallInts(g.n(0, 3)), g.consts(k, -2, 3), g.rangeVars(k, 0, 2)}
	}},
	"fzn_global_cardinality_low_up": {args: func(g *gen) []fzn.Expr {
		k := g.n(0, 3)
		return []fzn.Expr{g.smallInts(g.n(0, 3)), g.consts(k, -2, 3), g.consts(k, 0, 1), g.consts(k, 1, 2)}
	}},
	"fzn_global_cardinality_low_up_closed": {args: func(g *gen) []fzn.Expr {
		k := g.n(0, 3)
		return []fzn.Expr{g.smallInts(g.n(0, 3)), g.consts(k, -2, 3), g.consts(k, 0, 1), g.consts(k, 1, 3)}
	}},
	"fzn_inverse": {args: func(g *gen) []fzn.Expr {
		n, k := g.n(0, 3), g.n(0, 3)
		if g.rng.IntN(4) > 0 {
			k = n
		}
		return []fzn.Expr{g.rangeVars(n, 0, int64(k)), g.rangeVars(k, 1, int64(n+1))}
	}},
	"fzn_circuit": {args: func(g *gen) []fzn.Expr {
		n := g.n(0, 5)
		return []fzn.Expr{g.rangeVars(n, 0, int64(n))}
	}},
	"fzn_subcircuit": {args: func(g *gen) []fzn.Expr {
		n := g.n(0, 4)
		return []fzn.Expr{g.rangeVars(n, 1, int64(n+1))}
	}},
	"fzn_regular": {args: func(g *gen) []fzn.Expr {
		q, s := g.n(1, 3), g.n(1, 2)
		return []fzn.Expr{g.rangeVars(g.n(0, 4), 0, int64(s)), intLit(int64(q)), intLit(int64(s)),
			g.consts(q*s, 0, int64(q)), intLit(int64(g.n(0, q))), g.set()}
	}},
	"fzn_cumulative": {args: func(g *gen) []fzn.Expr {
		n := g.n(0, 3)
		return []fzn.Expr{g.rangeVars(n, 0, 3), g.consts(n, -1, 3), g.consts(n, 0, 2), g.int()}
	}},
	"fzn_cumulative/var": {args: func(g *gen) []fzn.Expr {
		n := g.n(0, 3)
		return []fzn.Expr{g.rangeVars(n, 0, 2), g.smallInts(n), g.smallInts(n), g.int()}
	}},
	"fzn_disjunctive": {args: func(g *gen) []fzn.Expr {
		n := g.n(0, 3)
		return []fzn.Expr{g.rangeVars(n, 0, 3), g.smallInts(n)}
	}},
	"fzn_disjunctive_strict": {args: func(g *gen) []fzn.Expr {
		n := g.n(0, 3)
		return []fzn.Expr{g.rangeVars(n, 0, 3), g.smallInts(n)}
	}},
	"fzn_diffn": {args: func(g *gen) []fzn.Expr {
		n := g.n(0, 2)
		return []fzn.Expr{g.rangeVars(n, 0, 2), g.rangeVars(n, 0, 1), g.consts(n, 0, 2), g.smallInts(n)}
	}},
	"fzn_lex_lesseq_int":  {args: func(g *gen) []fzn.Expr { return []fzn.Expr{g.smallInts(g.n(0, 3)), g.smallInts(g.n(0, 3))} }},
	"fzn_lex_less_int":    {args: func(g *gen) []fzn.Expr { return []fzn.Expr{g.smallInts(g.n(0, 3)), g.smallInts(g.n(0, 3))} }},
	"fzn_lex_lesseq_bool": {args: func(g *gen) []fzn.Expr { return []fzn.Expr{g.bools_(g.n(0, 3)), g.bools_(g.n(0, 3))} }},
	"fzn_lex_less_bool":   {args: func(g *gen) []fzn.Expr { return []fzn.Expr{g.bools_(g.n(0, 3)), g.bools_(g.n(0, 3))} }},
	"fzn_count_eq":        {args: countArgs},
	"fzn_count_neq":       {args: countArgs},
	"fzn_count_lt":        {args: countArgs},
	"fzn_count_leq":       {args: countArgs},
	"fzn_count_gt":        {args: countArgs},
	"fzn_count_geq":       {args: countArgs},
	"fzn_among":           {args: func(g *gen) []fzn.Expr { return []fzn.Expr{g.int(), g.smallInts(g.n(0, 3)), g.set()} }},
	"fzn_nvalue":          {args: func(g *gen) []fzn.Expr { return []fzn.Expr{g.int(), g.smallInts(g.n(0, 4))} }},
	"fzn_bin_packing_load": {args: func(g *gen) []fzn.Expr {
		b, n := g.n(0, 3), g.n(0, 3)
		return []fzn.Expr{g.rangeVars(b, 0, 3), g.rangeVars(n, 0, int64(b+1)), g.consts(n, 0, 2)}
	}},
	// The forms models/fzn/mznlib emits: the first index of each array
	// given, here anywhere in -2..2, and the domains around it.
	"waterworks_circuit": {args: func(g *gen) []fzn.Expr {
		n, b := g.n(0, 5), g.base()
		return []fzn.Expr{g.rangeVars(n, b-1, b+int64(n)), intLit(b)}
	}},
	"waterworks_subcircuit": {args: func(g *gen) []fzn.Expr {
		n, b := g.n(0, 4), g.base()
		return []fzn.Expr{g.rangeVars(n, b, b+int64(n)), intLit(b)}
	}},
	"waterworks_inverse": {args: func(g *gen) []fzn.Expr {
		n, k := g.n(0, 3), g.n(0, 3)
		if g.rng.IntN(4) > 0 {
			k = n
		}
		fb, gb := g.base(), g.base()
		return []fzn.Expr{g.rangeVars(n, gb-1, gb+int64(k)-1), intLit(fb), g.rangeVars(k, fb, fb+int64(n)), intLit(gb)}
	}},
	"waterworks_bin_packing_load": {args: func(g *gen) []fzn.Expr {
		b, n, first := g.n(0, 3), g.n(0, 3), g.base()
		return []fzn.Expr{g.rangeVars(b, 0, 3), g.rangeVars(n, first-1, first+int64(b)), g.consts(n, 0, 2), intLit(first)}
	}},
}

// base returns a random first index of an array, in -2..2.
func (g *gen) base() int64 { return int64(g.n(-2, 2)) }

// TestGlobalsBruteForce is TestBuiltinsBruteForce for the globals.
func TestGlobalsBruteForce(t *testing.T) {
	runBruteForce(t, globals)
}
