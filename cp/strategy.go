package cp

import (
	"math/bits"
	"math/rand/v2"
)

// VarSelection picks the variable a Strategy branches on next, among the
// open variables of its Vars; ties go to the earliest in Vars. The names
// follow FlatZinc's variable choice annotations.
type VarSelection uint8

// Variable selections.
const (
	SelectInputOrder      VarSelection = iota // the first open variable (input_order)
	SelectFirstFail                           // the smallest domain (first_fail)
	SelectAntiFirstFail                       // the largest domain (anti_first_fail)
	SelectSmallest                            // the smallest minimum (smallest)
	SelectLargest                             // the largest maximum (largest)
	SelectOccurrence                          // the most constraints (occurrence)
	SelectMostConstrained                     // the smallest domain, then the most constraints (most_constrained)
	SelectMaxRegret                           // the largest gap between its two smallest values (max_regret)
	SelectDomWDeg                             // the smallest domain size per weighted degree (dom_w_deg)
	numSelections
)

var selectionNames = [...]string{SelectInputOrder: "input_order", SelectFirstFail: "first_fail",
	SelectAntiFirstFail: "anti_first_fail", SelectSmallest: "smallest", SelectLargest: "largest",
	SelectOccurrence: "occurrence", SelectMostConstrained: "most_constrained", SelectMaxRegret: "max_regret",
	SelectDomWDeg: "dom_w_deg"}

// String returns the selection's FlatZinc name.
func (v VarSelection) String() string { return enumName(selectionNames[:], "VarSelection", v) }

var valueOrderNames = [...]string{ValueMin: "indomain_min", ValueMax: "indomain_max",
	ValueMedian: "indomain_median", ValueMiddle: "indomain_middle", ValueSplit: "indomain_split",
	ValueReverseSplit: "indomain_reverse_split", ValueRandom: "indomain_random", ValueInterval: "indomain_interval"}

// String returns the value order's FlatZinc name.
func (o ValueOrder) String() string { return enumName(valueOrderNames[:], "ValueOrder", o) }

// Strategy is a branching rule as FlatZinc's int_search and bool_search
// describe one: which open variable of Vars to branch on, and how to cut
// its domain. Combine strategies with Seq.
type Strategy struct {
	Vars   []Var
	Select VarSelection
	Value  ValueOrder
	Seed   uint64 // the seed of ValueRandom: the same seed, the same search
}

// Brancher returns the strategy's brancher. Each brancher has its own
// random state, which goes on across the runs of a restarting search.
// Occurrence counts the propagators that watch a variable (those of the
// solver's own searches aside); the brancher counts them at its first
// decision and again when propagators have been added since.
func (st Strategy) Brancher() Brancher {
	if st.Select >= numSelections || st.Value >= numValueOrders {
		panic("cp: unknown strategy " + st.Select.String() + " " + st.Value.String())
	}
	b := &strategy{Strategy: st}
	if st.Value == ValueRandom {
		b.rng = rand.New(rand.NewPCG(st.Seed, 0x5eed))
	}
	return b
}

type strategy struct {
	Strategy
	rng        *rand.Rand
	occurrence []int32 // by position in Vars
	counted    int     // the number of propagators occurrence counts
}

func (b *strategy) Branch(s *Solver) (Decision, bool) {
	var v Var
	var ok bool
	switch b.Select {
	case SelectInputOrder:
		v, ok = inputOrder(s, b.Vars)
	case SelectFirstFail:
		v, ok = firstFail(s, b.Vars)
	case SelectDomWDeg:
		v, ok = domWDeg(s, b.Vars)
	case SelectOccurrence, SelectMostConstrained:
		v, ok = b.byOccurrence(s)
	default:
		v, ok = b.byScore(s)
	}
	if !ok {
		return Decision{}, false
	}
	return b.Value.decide(s, v, b.rng), true
}

// inputOrder returns the first open variable of vars.
func inputOrder(s *Solver, vars []Var) (Var, bool) {
	for _, v := range vars {
		if !s.Fixed(v) {
			return v, true
		}
	}
	return 0, false
}

// firstFail returns the open variable of vars with the smallest domain.
func firstFail(s *Solver, vars []Var) (Var, bool) {
	best, bestSize := Var(-1), int64(1<<62)
	for _, v := range vars {
		if size := s.mem[s.vars[v].base+2]; size > 1 && size < bestSize {
			best, bestSize = v, size
			if size == 2 {
				break
			}
		}
	}
	return best, best >= 0
}

// domWDeg returns the open variable of vars with the smallest ratio of
// domain size to weighted degree, where a propagator's weight is one plus
// the number of times it has failed.
func domWDeg(s *Solver, vars []Var) (Var, bool) {
	best, bestSize, bestWeight := Var(-1), int64(1), int64(0)
	for _, v := range vars {
		size := s.mem[s.vars[v].base+2]
		if size <= 1 {
			continue
		}
		var weight int64
		for _, w := range s.watches[v] {
			weight += 1 + s.failures[w.prop]
		}
		// size/weight < bestSize/bestWeight, without division.
		if best < 0 || size*bestWeight < bestSize*weight {
			best, bestSize, bestWeight = v, size, weight
		}
	}
	return best, best >= 0
}

// byScore returns the open variable with the best score of the
// selections that read one number of each variable.
func (b *strategy) byScore(s *Solver) (Var, bool) {
	best, bestScore := Var(-1), int64(0)
	for _, v := range b.Vars {
		if s.Fixed(v) {
			continue
		}
		var score int64 // larger is better
		switch b.Select {
		case SelectAntiFirstFail:
			score = int64(s.Size(v))
		case SelectSmallest:
			score = -int64(s.Min(v))
		case SelectLargest:
			score = int64(s.Max(v))
		case SelectMaxRegret:
			score = int64(s.next(v, s.Min(v)+1)) - int64(s.Min(v))
		}
		if best < 0 || score > bestScore {
			best, bestScore = v, score
		}
	}
	return best, best >= 0
}

// byOccurrence returns the open variable in the most constraints, or,
// for SelectMostConstrained, with the smallest domain and then in the
// most constraints.
func (b *strategy) byOccurrence(s *Solver) (Var, bool) {
	if b.occurrence == nil || b.counted != len(s.props) {
		b.countOccurrences(s)
	}
	best, bestSize, bestOcc := -1, 0, int32(0)
	for i, v := range b.Vars {
		if s.Fixed(v) {
			continue
		}
		size, occ := s.Size(v), b.occurrence[i]
		if b.Select == SelectOccurrence {
			size = 0
		}
		if best < 0 || size < bestSize || size == bestSize && occ > bestOcc {
			best, bestSize, bestOcc = i, size, occ
		}
	}
	if best < 0 {
		return 0, false
	}
	return b.Vars[best], true
}

// countOccurrences counts the propagators watching each variable of Vars,
// each once, without the objective bound and the learned clauses.
func (b *strategy) countOccurrences(s *Solver) {
	own := map[PropID]bool{}
	if s.objective != nil {
		own[s.objective.id] = true
	}
	if s.learn.clauses != nil {
		own[s.learn.clauses.id] = true
	}
	b.occurrence = make([]int32, len(b.Vars))
	for i, v := range b.Vars {
		seen := map[PropID]bool{}
		for _, w := range s.watches[v] {
			if !own[w.prop] && !seen[w.prop] {
				seen[w.prop] = true
				b.occurrence[i]++
			}
		}
	}
	b.counted = len(s.props)
}

// decide returns the decision of o on the open variable v; rng serves
// ValueRandom. On a variable that keeps bounds only, x ≠ v with v inside
// the bounds would remove nothing, so a value inside them splits the
// domain there instead (x ≤ v, then x > v).
func (o ValueOrder) decide(s *Solver, v Var, rng *rand.Rand) Decision {
	d := o.choose(s, v, rng)
	if d.Rel == Equal && s.boundsOnly(v) && d.Val > s.Min(v) && d.Val < s.Max(v) {
		d.Rel = LessEq
	}
	return d
}

// choose is decide before its turn for variables that keep bounds only.
func (o ValueOrder) choose(s *Solver, v Var, rng *rand.Rand) Decision {
	lo, hi := s.Min(v), s.Max(v)
	mid := int(floorDiv(int64(lo)+int64(hi), 2)) // lo ≤ mid < hi
	switch o {
	case ValueMin:
		return Decision{Var: v, Rel: Equal, Val: lo}
	case ValueMax:
		return Decision{Var: v, Rel: Equal, Val: hi}
	case ValueMedian:
		return Decision{Var: v, Rel: Equal, Val: s.nth(v, (s.Size(v)-1)/2)}
	case ValueMiddle:
		below, above := s.prev(v, mid), s.next(v, mid+1)
		// The value nearest (lo+hi)/2: compare twice the distances.
		if 2*int64(above)-int64(lo)-int64(hi) < int64(lo)+int64(hi)-2*int64(below) {
			return Decision{Var: v, Rel: Equal, Val: above}
		}
		return Decision{Var: v, Rel: Equal, Val: below}
	case ValueSplit:
		return Decision{Var: v, Rel: LessEq, Val: mid}
	case ValueReverseSplit:
		return Decision{Var: v, Rel: Greater, Val: mid}
	case ValueRandom:
		return Decision{Var: v, Rel: Equal, Val: s.nth(v, rng.IntN(s.Size(v)))}
	case ValueInterval:
		if end := s.intervalEnd(v); end < hi {
			return Decision{Var: v, Rel: LessEq, Val: end}
		}
		return Decision{Var: v, Rel: LessEq, Val: mid}
	}
	panic("cp: unknown value order " + o.String())
}

// nth returns the value of v's domain with k smaller ones, 0 ≤ k < size.
func (s *Solver) nth(v Var, k int) int {
	info := s.vars[v]
	lo := s.mem[info.base]
	if info.words == 0 {
		return int(lo) + k
	}
	i := lo - info.offset
	w := int32(i / 64)
	word := uint64(s.mem[info.base+3+w]) &^ (1<<uint(i%64) - 1)
	for {
		if n := bits.OnesCount64(word); k >= n {
			k -= n
			w++
			word = uint64(s.mem[info.base+3+w])
			continue
		}
		for ; k > 0; k-- {
			word &= word - 1 // drop the lowest bit
		}
		return int(info.offset + int64(w)*64 + int64(bits.TrailingZeros64(word)))
	}
}

// intervalEnd returns the last value of the first interval of v's domain:
// the value before the first hole, or the maximum.
func (s *Solver) intervalEnd(v Var) int {
	info := s.vars[v]
	lo, hi := s.mem[info.base], s.mem[info.base+1]
	if info.words == 0 || s.mem[info.base+2] == hi-lo+1 {
		return int(hi)
	}
	i := lo - info.offset
	w := int32(i / 64)
	holes := ^uint64(s.mem[info.base+3+w]) &^ (1<<uint(i%64) - 1)
	for holes == 0 {
		w++
		holes = ^uint64(s.mem[info.base+3+w])
	}
	return int(info.offset+int64(w)*64+int64(bits.TrailingZeros64(holes))) - 1
}

// seqBrancher asks its branchers in turn.
type seqBrancher []Brancher

// Seq returns a brancher that takes the decision of the first of bs that
// has one: each brancher in turn until its variables are fixed, as
// FlatZinc's seq_search.
func Seq(bs ...Brancher) Brancher { return seqBrancher(bs) }

func (q seqBrancher) Branch(s *Solver) (Decision, bool) {
	for _, b := range q {
		if d, ok := b.Branch(s); ok {
			return d, true
		}
	}
	return Decision{}, false
}
