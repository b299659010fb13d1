package fzn

import (
	"fmt"
	"math"
	"slices"
)

// globals maps the MiniZinc globals (std/fzn_*.mzn of MiniZinc 2.6) that a
// solver library may leave to the solver to their definitions, read off
// the decompositions in the standard library.
var globals = map[string]builtin{
	"fzn_all_different_int":     {"I", func(a []arg) (bool, error) { return allDifferentExcept(a[0].is, nil), nil }},
	"fzn_alldifferent_except_0": {"I", func(a []arg) (bool, error) { return allDifferentExcept(a[0].is, SetOfValues(0)), nil }},
	"fzn_alldifferent_except":   {"Is", func(a []arg) (bool, error) { return allDifferentExcept(a[0].is, a[1].s), nil }},
	"fzn_table_int":             {"II", table},
	"fzn_table_bool":            {"BB", table},

	"fzn_global_cardinality":               {"III", gcc(false)},
	"fzn_global_cardinality_closed":        {"III", gcc(true)},
	"fzn_global_cardinality_low_up":        {"IIII", gccLowUp(false)},
	"fzn_global_cardinality_low_up_closed": {"IIII", gccLowUp(true)},

	"fzn_inverse":    {"II", inverse},
	"fzn_circuit":    {"I", circuit},
	"fzn_subcircuit": {"I", subcircuit},
	"fzn_regular":    {"IiiIis", regular},

	"fzn_cumulative":         {"IIIi", cumulative},
	"fzn_disjunctive":        {"II", disjunctive(false)},
	"fzn_disjunctive_strict": {"II", disjunctive(true)},
	"fzn_diffn":              {"IIII", diffn},

	"fzn_lex_lesseq_int":  {"II", lex(false)},
	"fzn_lex_less_int":    {"II", lex(true)},
	"fzn_lex_lesseq_bool": {"BB", lex(false)},
	"fzn_lex_less_bool":   {"BB", lex(true)},

	"fzn_count_eq":  {"Iii", countRel(func(n, c int64) bool { return n == c })},
	"fzn_count_neq": {"Iii", countRel(func(n, c int64) bool { return n != c })},
	"fzn_count_lt":  {"Iii", countRel(func(n, c int64) bool { return c < n })},
	"fzn_count_leq": {"Iii", countRel(func(n, c int64) bool { return c <= n })},
	"fzn_count_gt":  {"Iii", countRel(func(n, c int64) bool { return c > n })},
	"fzn_count_geq": {"Iii", countRel(func(n, c int64) bool { return c >= n })},

	// The globals whose arrays' index sets matter, with those sets' first
	// index (FlatZinc's arrays count from 1 whatever MiniZinc's did):
	// waterworks' solver library (models/fzn/mznlib) passes circuit,
	// subcircuit, inverse and bin_packing_load as these.
	"waterworks_circuit":          {"Ii", func(a []arg) (bool, error) { return circuit([]arg{{is: rebase(a[0].is, a[1].i)}}) }},
	"waterworks_subcircuit":       {"Ii", func(a []arg) (bool, error) { return subcircuit([]arg{{is: rebase(a[0].is, a[1].i)}}) }},
	"waterworks_inverse":          {"IiIi", inverseBased},
	"waterworks_bin_packing_load": {"IIIi", binPackingLoadBased},

	"fzn_among":            {"iIs", among},
	"fzn_nvalue":           {"iI", nvalue},
	"fzn_bin_packing_load": {"III", binPackingLoad},
}

// allDifferentExcept reports whether the values of xs differ pairwise,
// except that values in except (nil for none) may repeat.
func allDifferentExcept(xs []int64, except *Set) bool {
	seen := make(map[int64]bool, len(xs))
	for _, x := range xs {
		if except != nil && except.Contains(x) {
			continue
		}
		if seen[x] {
			return false
		}
		seen[x] = true
	}
	return true
}

// table is fzn_table_*(x, t): x equals a row of t, t being the rows of
// len(x) values each, one after the other.
func table(a []arg) (bool, error) {
	x, t := a[0].is, a[1].is
	if len(x) == 0 {
		return len(t) == 0, checkLen(len(t) == 0, "a table for no variables must be empty")
	}
	if len(t)%len(x) != 0 {
		return false, fmt.Errorf("a table of %d values does not split into rows of %d", len(t), len(x))
	}
	for row := range slices.Chunk(t, len(x)) {
		if slices.Equal(row, x) {
			return true, nil
		}
	}
	return false, nil
}

func checkLen(ok bool, msg string) error {
	if ok {
		return nil
	}
	return fmt.Errorf("%s", msg)
}

// gcc is fzn_global_cardinality(x, cover, counts): counts[i] is the number
// of x equal to cover[i], and the counts sum to at most len(x); closed
// also wants every x in cover.
func gcc(closed bool) func(a []arg) (bool, error) {
	return func(a []arg) (bool, error) {
		x, cover, counts := a[0].is, a[1].is, a[2].is
		if len(cover) != len(counts) {
			return false, lengths("values", len(cover), "counts", len(counts))
		}
		if closed && !allIn(x, cover) {
			return false, nil
		}
		for i, v := range cover {
			if int64(count(x, v)) != counts[i] {
				return false, nil
			}
		}
		return total(counts).cmp(int64(len(x))) <= 0, nil
	}
}

// gccLowUp is fzn_global_cardinality_low_up(x, cover, lbound, ubound): the
// number of x equal to cover[i] lies in lbound[i]..ubound[i]; closed also
// wants every x in cover and len(x) in sum(lbound)..sum(ubound).
func gccLowUp(closed bool) func(a []arg) (bool, error) {
	return func(a []arg) (bool, error) {
		x, cover, lo, hi := a[0].is, a[1].is, a[2].is, a[3].is
		if len(cover) != len(lo) || len(cover) != len(hi) {
			return false, fmt.Errorf("%d values for %d lower and %d upper bounds", len(cover), len(lo), len(hi))
		}
		for i, v := range cover {
			if n := int64(count(x, v)); n < lo[i] || n > hi[i] {
				return false, nil
			}
		}
		if !closed {
			return true, nil
		}
		n := int64(len(x))
		return allIn(x, cover) && total(lo).cmp(n) <= 0 && total(hi).cmp(n) >= 0, nil
	}
}

// allIn reports whether every x is one of vs.
func allIn(xs, vs []int64) bool {
	for _, x := range xs {
		if !slices.Contains(vs, x) {
			return false
		}
	}
	return true
}

// inverse is fzn_inverse(f, invf): f[i] = j if and only if invf[j] = i,
// every value an index of the other array (from 1).
func inverse(a []arg) (bool, error) {
	f, g := a[0].is, a[1].is
	return inverseOf(f, g) && inverseOf(g, f), nil
}

// inverseOf reports whether g[f[i]] = i for every i, f[i] in 1..len(g).
func inverseOf(f, g []int64) bool {
	for i, v := range f {
		if v < 1 || v > int64(len(g)) || g[v-1] != int64(i+1) {
			return false
		}
	}
	return true
}

// isPermutation reports whether xs holds each of 1..len(xs) once.
func isPermutation(xs []int64) bool {
	seen := make([]bool, len(xs))
	for _, x := range xs {
		if x < 1 || x > int64(len(xs)) || seen[x-1] {
			return false
		}
		seen[x-1] = true
	}
	return true
}

// circuit is fzn_circuit(x): x[i] = j makes j the successor of i, and the
// successors form one cycle through every node (so no node is its own
// successor, and one node alone has no circuit). Nodes count from 1.
func circuit(a []arg) (bool, error) {
	x := a[0].is
	if len(x) == 1 || !isPermutation(x) {
		return false, nil
	}
	if len(x) == 0 {
		return true, nil
	}
	return cycleLen(x, 1) == len(x), nil
}

// subcircuit is fzn_subcircuit(x): the nodes with x[i] != i form one cycle
// (or there are none), the others are their own successors.
func subcircuit(a []arg) (bool, error) {
	x := a[0].is
	if !isPermutation(x) {
		return false, nil
	}
	in, start := 0, int64(0)
	for i, v := range x {
		if v != int64(i+1) {
			in++
			start = int64(i + 1)
		}
	}
	return in == 0 || cycleLen(x, start) == in, nil
}

// cycleLen follows the permutation x from node start back to it.
func cycleLen(x []int64, start int64) int {
	n := 1
	for v := x[start-1]; v != start; v = x[v-1] {
		n++
	}
	return n
}

// regular is fzn_regular(x, Q, S, d, q0, F): the DFA of states 1..Q,
// inputs 1..S, transitions d (Q rows of S next states, 0 failing) and
// start q0 accepts x, ending in a state of F.
func regular(a []arg) (bool, error) {
	x, nq, ns, d, q, final := a[0].is, a[1].i, a[2].i, a[3].is, a[4].i, a[5].s
	if nq < 1 || ns < 1 || int64(len(d))/nq != ns || int64(len(d))%nq != 0 {
		return false, fmt.Errorf("want a transition table of %d by %d states, found %d values", nq, ns, len(d))
	}
	for _, v := range x {
		if q < 1 || q > nq || v < 1 || v > ns {
			return false, nil
		}
		q = d[(q-1)*ns+v-1]
	}
	return q >= 1 && q <= nq && final.Contains(q), nil
}

// cumulative is fzn_cumulative(s, d, r, b): tasks starting at s[i] for
// d[i] time units, using r[i] of a resource, never use more than b at any
// time. Durations and uses must not be negative (the assumption of
// cumulative), and b not either when there is a task.
func cumulative(a []arg) (bool, error) {
	s, d, r, b := a[0].is, a[1].is, a[2].is, a[3].i
	if len(s) != len(d) || len(s) != len(r) {
		return false, fmt.Errorf("%d starts, %d durations and %d uses", len(s), len(d), len(r))
	}
	if len(s) > 0 && b < 0 {
		return false, nil
	}
	for i := range s {
		if d[i] < 0 || r[i] < 0 {
			return false, nil
		}
	}
	// The load only rises when a task starts: check at each start.
	for i := range s {
		if d[i] == 0 || r[i] == 0 {
			continue
		}
		var load sum
		for j := range s {
			if d[j] > 0 && s[j] <= s[i] && !addLe(s[j], d[j], s[i]) {
				load.add(r[j])
			}
		}
		if load.cmp(b) > 0 {
			return false, nil
		}
	}
	return true, nil
}

// disjunctive is fzn_disjunctive(s, d): no two tasks overlap, durations are
// not negative, and a task of duration 0 overlaps nothing unless strict.
func disjunctive(strict bool) func(a []arg) (bool, error) {
	return func(a []arg) (bool, error) {
		s, d := a[0].is, a[1].is
		if len(s) != len(d) {
			return false, lengths("starts", len(s), "durations", len(d))
		}
		for i := range d {
			if d[i] < 0 {
				return false, nil
			}
			for j := range i {
				if !strict && (d[i] == 0 || d[j] == 0) {
					continue
				}
				if !addLe(s[i], d[i], s[j]) && !addLe(s[j], d[j], s[i]) {
					return false, nil
				}
			}
		}
		return true, nil
	}
}

// diffn is fzn_diffn(x, y, dx, dy): no two rectangles of origin (x, y) and
// size (dx, dy) overlap.
func diffn(a []arg) (bool, error) {
	x, y, dx, dy := a[0].is, a[1].is, a[2].is, a[3].is
	if len(x) != len(y) || len(x) != len(dx) || len(x) != len(dy) {
		return false, fmt.Errorf("%d, %d, %d and %d values for the rectangles", len(x), len(y), len(dx), len(dy))
	}
	for i := range x {
		for j := range i {
			apart := addLe(x[i], dx[i], x[j]) || addLe(y[i], dy[i], y[j]) ||
				addLe(x[j], dx[j], x[i]) || addLe(y[j], dy[j], y[i])
			if !apart {
				return false, nil
			}
		}
	}
	return true, nil
}

// lex is fzn_lex_lesseq_* (or fzn_lex_less_* when strict): x comes before y
// in lexicographic order, a proper prefix before the longer array.
func lex(strict bool) func(a []arg) (bool, error) {
	return func(a []arg) (bool, error) {
		x, y := a[0].is, a[1].is
		for i := range min(len(x), len(y)) {
			if x[i] != y[i] {
				return x[i] < y[i], nil
			}
		}
		if strict {
			return len(x) < len(y), nil
		}
		return len(x) <= len(y), nil
	}
}

// countRel returns the check of fzn_count_*(x, y, c): rel(n, c) for n the
// number of x equal to y.
func countRel(rel func(n, c int64) bool) func(a []arg) (bool, error) {
	return func(a []arg) (bool, error) {
		return rel(int64(count(a[0].is, a[1].i)), a[2].i), nil
	}
}

// among is fzn_among(n, x, v): n of the x are in v.
func among(a []arg) (bool, error) {
	n := 0
	for _, x := range a[1].is {
		if a[2].s.Contains(x) {
			n++
		}
	}
	return int64(n) == a[0].i, nil
}

// nvalue is fzn_nvalue(n, x): x takes n different values.
func nvalue(a []arg) (bool, error) {
	seen := make(map[int64]bool, len(a[1].is))
	for _, x := range a[1].is {
		seen[x] = true
	}
	return int64(len(seen)) == a[0].i, nil
}

// binPackingLoad is fzn_bin_packing_load(load, bin, w): item i of weight
// w[i] goes in bin bin[i], one of 1..len(load), and load[b] is the weight
// in bin b; the loads sum to the weights.
func binPackingLoad(a []arg) (bool, error) {
	load, bin, w := a[0].is, a[1].is, a[2].is
	if len(bin) != len(w) {
		return false, lengths("items", len(bin), "weights", len(w))
	}
	sums := make([]sum, len(load))
	for i, b := range bin {
		if b < 1 || b > int64(len(load)) {
			return false, nil
		}
		sums[b-1].add(w[i])
	}
	for b := range load {
		if sums[b].cmp(load[b]) != 0 {
			return false, nil
		}
	}
	return total(load).cmpSum(total(w)) == 0, nil
}

// rebase returns xs shifted so that base becomes 1: an index of an array
// whose first index is base becomes the 1-based index of the same element.
// A value whose shift leaves int64 becomes 0, which indexes nothing.
func rebase(xs []int64, base int64) []int64 {
	out := make([]int64, len(xs))
	for i, x := range xs {
		d, ok := add(x, -base)
		if base == math.MinInt64 {
			d, ok = add(x, math.MaxInt64) // x - MinInt64 = x + MaxInt64 + 1
			if ok {
				d, ok = add(d, 1)
			}
		}
		if ok {
			d, ok = add(d, 1)
		}
		if ok {
			out[i] = d
		}
	}
	return out
}

// inverseBased is waterworks_inverse(f, fBase, invf, invfBase): fzn_inverse
// over arrays whose first indices are fBase and invfBase.
func inverseBased(a []arg) (bool, error) {
	return inverse([]arg{{is: rebase(a[0].is, a[3].i)}, {is: rebase(a[2].is, a[1].i)}})
}

// binPackingLoadBased is waterworks_bin_packing_load(load, bin, w, base):
// fzn_bin_packing_load with the bins numbered from base.
func binPackingLoadBased(a []arg) (bool, error) {
	return binPackingLoad([]arg{a[0], {is: rebase(a[1].is, a[3].i)}, a[2]})
}
