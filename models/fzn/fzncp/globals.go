package fzncp

import (
	"slices"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// globals maps the globals that the solver library (models/fzn/mznlib)
// declares to their posters; the arguments come as MiniZinc's std/fzn_*.mzn
// declare them, arrays flattened and indexed from 1.
var globals = map[string]poster{
	"fzn_all_different_int": func(b *builder) {
		b.nargs(1)
		b.s.AddAllDifferent(b.intVars(0), cp.DomainConsistency)
	},
	"fzn_alldifferent_except_0": func(b *builder) {
		b.nargs(1)
		b.s.AddAllDifferentExcept(b.intVars(0), []int{0})
	},
	"fzn_alldifferent_except": func(b *builder) {
		b.nargs(2)
		b.s.AddAllDifferentExcept(b.intVars(0), b.setValues(1))
	},
	"fzn_table_int":  func(b *builder) { postTable(b, fzn.Int) },
	"fzn_table_bool": func(b *builder) { postTable(b, fzn.Bool) },

	"fzn_global_cardinality":               func(b *builder) { postGCC(b, false) },
	"fzn_global_cardinality_closed":        func(b *builder) { postGCC(b, true) },
	"fzn_global_cardinality_low_up":        func(b *builder) { postGCCLowUp(b, false) },
	"fzn_global_cardinality_low_up_closed": func(b *builder) { postGCCLowUp(b, true) },

	"fzn_regular": postRegular,

	"fzn_cumulative": func(b *builder) {
		b.nargs(4)
		s, d, r := b.intVars(0), b.intVars(1), b.intVars(2)
		if len(s) != len(d) || len(s) != len(r) {
			b.fail("%d starts, %d durations and %d uses", len(s), len(d), len(r))
		}
		b.s.AddCumulative(s, d, r, b.intVar(3))
	},
	"fzn_disjunctive":        func(b *builder) { postDisjunctive(b, false) },
	"fzn_disjunctive_strict": func(b *builder) { postDisjunctive(b, true) },
	"fzn_diffn": func(b *builder) {
		b.nargs(4)
		x, y, dx, dy := b.intVars(0), b.intVars(1), b.intVars(2), b.intVars(3)
		if len(x) != len(y) || len(x) != len(dx) || len(x) != len(dy) {
			b.fail("%d, %d, %d and %d values for the rectangles", len(x), len(y), len(dx), len(dy))
		}
		b.s.AddDiffn(x, y, dx, dy, true)
	},

	"fzn_lex_lesseq_int":  func(b *builder) { postLex(b, fzn.Int, false) },
	"fzn_lex_less_int":    func(b *builder) { postLex(b, fzn.Int, true) },
	"fzn_lex_lesseq_bool": func(b *builder) { postLex(b, fzn.Bool, false) },
	"fzn_lex_less_bool":   func(b *builder) { postLex(b, fzn.Bool, true) },

	"fzn_count_eq":  func(b *builder) { postCount(b, (*cp.Solver).AddCountEq) },
	"fzn_count_neq": func(b *builder) { postCount(b, (*cp.Solver).AddCountNeq) },
	"fzn_count_lt":  func(b *builder) { postCount(b, (*cp.Solver).AddCountLt) },
	"fzn_count_leq": func(b *builder) { postCount(b, (*cp.Solver).AddCountLeq) },
	"fzn_count_gt":  func(b *builder) { postCount(b, (*cp.Solver).AddCountGt) },
	"fzn_count_geq": func(b *builder) { postCount(b, (*cp.Solver).AddCountGeq) },

	// The globals whose arrays' first indices mznlib passes along.
	"waterworks_circuit": func(b *builder) {
		b.nargs(2)
		b.s.AddCircuit(b.intVars(0), b.intConst(1))
	},
	"waterworks_subcircuit": func(b *builder) {
		b.nargs(2)
		b.s.AddSubcircuit(b.intVars(0), b.intConst(1))
	},
	"waterworks_inverse": func(b *builder) {
		b.nargs(4)
		f, fBase, invf, invfBase := b.intVars(0), b.intConst(1), b.intVars(2), b.intConst(3)
		if len(f) != len(invf) { // each array maps into the other one to one
			b.m.unsat = true
			return
		}
		b.s.AddInverse(f, fBase, invf, invfBase)
	},
	"waterworks_bin_packing_load": func(b *builder) {
		b.nargs(4)
		load, bin, w, base := b.intVars(0), b.intVars(1), b.ints(2), b.intConst(3)
		if len(bin) != len(w) {
			b.fail("%d items for %d weights", len(bin), len(w))
		}
		b.s.AddBinPackingLoad(load, bin, w, base)
	},

	"fzn_among": func(b *builder) {
		b.nargs(3)
		b.s.AddAmong(b.intVar(0), b.intVars(1), b.setValues(2))
	},
	"fzn_nvalue": func(b *builder) {
		b.nargs(2)
		b.s.AddNValue(b.intVar(0), b.intVars(1))
	},
}

// postTable posts fzn_table_*(x, t): x is one of the rows of t, which
// holds len(x) values a row, flattened.
func postTable(b *builder, el fzn.Elem) {
	b.nargs(2)
	x, t := b.vars(0, el), b.ints(1)
	if len(x) == 0 {
		if len(t) != 0 {
			b.fail("a table for no variables must be empty")
		}
		return // fzn.Check takes the empty tuple to be in it
	}
	if len(t)%len(x) != 0 {
		b.fail("a table of %d values does not split into rows of %d", len(t), len(x))
	}
	b.s.AddTable(x, slices.Collect(slices.Chunk(t, len(x))))
}

func postGCC(b *builder, closed bool) {
	b.nargs(3)
	x, cover, counts := b.intVars(0), b.ints(1), b.intVars(2)
	if len(cover) != len(counts) {
		b.fail("%d values for %d counts", len(cover), len(counts))
	}
	b.s.AddGlobalCardinality(x, cover, counts, closed)
}

func postGCCLowUp(b *builder, closed bool) {
	b.nargs(4)
	x, cover, lo, up := b.intVars(0), b.ints(1), b.ints(2), b.ints(3)
	if len(cover) != len(lo) || len(cover) != len(up) {
		b.fail("%d values for %d lower and %d upper bounds", len(cover), len(lo), len(up))
	}
	b.s.AddGlobalCardinalityLowUp(x, cover, lo, up, closed)
}

// postRegular posts fzn_regular(x, Q, S, d, q0, F), d flattened by rows.
func postRegular(b *builder) {
	b.nargs(6)
	x, q, syms, flat, q0, final := b.intVars(0), b.intConst(1), b.intConst(2), b.ints(3), b.intConst(4), b.setValues(5)
	if q < 1 || syms < 1 || len(flat) != q*syms {
		b.fail("want a transition table of %d by %d states, found %d values", q, syms, len(flat))
	}
	for _, next := range flat {
		if next < 0 || next > q {
			b.fail("a transition to state %d, out of 0..%d", next, q)
		}
	}
	if q0 < 1 || q0 > q {
		b.fail("start state %d out of 1..%d", q0, q)
	}
	final = slices.DeleteFunc(final, func(f int) bool { return f < 1 || f > q }) // never reached
	b.s.AddRegular(x, q, syms, slices.Collect(slices.Chunk(flat, syms)), q0, final)
}

func postDisjunctive(b *builder, strict bool) {
	b.nargs(2)
	s, d := b.intVars(0), b.intVars(1)
	if len(s) != len(d) {
		b.fail("%d starts for %d durations", len(s), len(d))
	}
	b.s.AddDisjunctive(s, d, strict)
}

func postLex(b *builder, el fzn.Elem, strict bool) {
	b.nargs(2)
	x, y := b.vars(0, el), b.vars(1, el)
	if strict {
		b.s.AddLexLess(x, y)
	} else {
		b.s.AddLexLessEq(x, y)
	}
}

func postCount(b *builder, add func(s *cp.Solver, x []cp.Var, y, c cp.Var) cp.PropID) {
	b.nargs(3)
	add(b.s, b.intVars(0), b.intVar(1), b.intVar(2))
}
