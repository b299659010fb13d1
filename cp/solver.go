// Package cp is a constraint-programming core: finite-domain integer
// variables, propagators run to a fixpoint by a queue, and depth-first
// search with a pluggable branching rule.
//
// All mutable state lives in one flat slice of reversible words. Every change
// saves the old word on a trail (once per search level), so backtracking is
// an undo to a trail mark, never a copy of the state. Propagators keep their
// own incremental state in the same words through Rev.
//
// Variables take a range (NewVar, NewBool) or a list of values (NewVarIn);
// Intersect and RemoveValues narrow a domain to or out of a set. Value
// panics on a variable that is not fixed.
//
// Constraints are posted with the Add methods of Solver, each returning the
// PropID that names the constraint in statistics and conflicts:
//   - clauses and implications over 0..1 variables, AddXor (parity);
//   - weighted sums of literals (AddBoolSum) and of integers (AddIntSum),
//     under any Relation (=, ≠, ≤, <, ≥, >), and comparisons of two
//     variables (AddCompare, AddNotEqual);
//   - reified forms, b ⇔ C or b → C (Iff, Implies): AddBoundReif (x rel
//     k), AddCompareReif (x rel y + c), AddIntSumReif (a sum rel k) and
//     AddInReif (x in a set); AddCondBound and AddCondEqual are half
//     reifications;
//   - arithmetic, result first as in math/big: AddMin, AddMax, AddAbs,
//     AddTimes, AddDiv, AddMod (truncating, as FlatZinc), AddPow;
//   - tables, AllDifferent (bounds or domain consistent), Element, and
//     FlatZinc's globals: count, among, cardinality, inverse, circuits,
//     regular, lex, scheduling, packing.
//
// A model writes its own constraints by implementing Propagator (see the
// example).
//
// Search, Solve and Count explore depth first; Minimize and Maximize add
// branch and bound, and their Optimum keeps the best solution's Values. A
// Brancher returns Decisions (x = v, x ≤ m, ... and their negations); a
// Strategy builds one from FlatZinc's variable selections and value
// orders, and Seq chains them. When the brancher is done, the search
// finds a witness for the variables still open, so a solution fixes every
// variable; solutions are told apart by the brancher's variables. Solve,
// Minimize and Maximize restart as Limits.Restarts asks (Luby, geometric,
// ...). Try tries one decision and undoes it. Stats counts the work.
//
// SearchLearning, MinimizeLearning and MaximizeLearning learn from
// conflicts (lazy clause generation): every domain change is an event
// that makes a literal true ([x ≥ v], [x ≤ v], [x ≠ v]; see Lit),
// propagators explain their changes with the true literals that force them
// (SetReason, Fail), and each conflict is traced back through those
// reasons to a learned clause over literals. A propagator that gives no
// reasons is explained by its variables' domains (see Explaining).
//
// The package knows nothing of puzzles; models build on Propagator.
package cp

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
)

// Var identifies a variable of a Solver.
type Var int32

// ErrInconsistent is returned by domain operations and propagators when a
// domain would become empty: the current node of the search has no solution.
var ErrInconsistent = errors.New("cp: inconsistent")

// Rev is a reversible integer owned by a propagator: its changes are undone
// on backtracking like domain changes.
type Rev int32

// A trailEntry records the old value of one word of memory.
type trailEntry struct {
	addr int32
	old  int64
}

// varInfo locates a variable's words in memory: mem[base] holds the minimum,
// mem[base+1] the maximum, mem[base+2] the size; variables with more than two
// values follow with a bitset whose bit i stands for value offset+i.
// Every Min, Max and Fixed reads it: its fields are ordered to fit in 24
// bytes (32 with the size as an int64 made a 250x250 grid's table 2 MB).
type varInfo struct {
	base    int32
	words   int32  // bitset words, 0 for variables of at most two values or bounds only
	size    uint32 // the initial number of values (at most MaxDomainValues)
	boolean bool   // created as 0..1
	offset  int64  // the initial minimum: the value of bit 0
}

// Solver holds variables, propagators and the search state.
// The zero value is not usable; call New.
type Solver struct {
	mem   []int64
	owner []Var    // owner[a]: the variable word a belongs to, or -1
	stamp []uint32 // stamp[a] == magic: mem[a] saved since the last mark
	magic uint32
	trail []trailEntry

	vars  []varInfo
	names []string

	engine
}

// New returns an empty solver.
func New() *Solver {
	s := &Solver{magic: 1}
	s.current, s.conflict = -1, -1
	return s
}

// MaxBitsetValues is the largest domain whose every value a variable
// keeps track of. A variable of more values keeps its bounds only:
// removing a value strictly between them does nothing.
const MaxBitsetValues = 1 << 17

// MaxDomainValues bounds the number of values of one variable.
const MaxDomainValues = 1<<32 - 1

// bitsetLimit is MaxBitsetValues; tests lower it to try variables that
// keep bounds only on small domains.
var bitsetLimit int64 = MaxBitsetValues

// NewVar returns a variable with domain lo..hi. It panics when lo > hi or
// the domain has more than MaxDomainValues values; over MaxBitsetValues
// values the variable keeps its bounds only.
func (s *Solver) NewVar(lo, hi int) Var {
	if lo > hi {
		panic(fmt.Sprintf("cp: empty domain %d..%d", lo, hi))
	}
	size := int64(hi) - int64(lo) + 1
	if size > MaxDomainValues || size <= 0 {
		panic(fmt.Sprintf("cp: domain %d..%d is too large", lo, hi))
	}
	v := Var(len(s.vars))
	info := varInfo{base: int32(len(s.mem)), offset: int64(lo), size: uint32(size), boolean: lo == 0 && hi == 1}
	if lo >= 0 && hi <= 1 {
		// A fixed 0..1 constant is a 0..1 variable fixed from the start,
		// so that its literals (Pos, Neg) mean what they say.
		info.offset, info.size, info.boolean = 0, 2, true
	}
	s.mem = append(s.mem, int64(lo), int64(hi), size)
	if size > 2 && size <= bitsetLimit {
		info.words = int32((size + 63) / 64)
		for w := int64(0); w < int64(info.words); w++ {
			word := ^uint64(0)
			if rem := size - 64*w; rem < 64 {
				word = 1<<uint(rem) - 1
			}
			s.mem = append(s.mem, int64(word))
		}
	}
	s.stamp = append(s.stamp, make([]uint32, len(s.mem)-len(s.stamp))...)
	for len(s.owner) < len(s.mem) {
		s.owner = append(s.owner, v)
	}
	s.vars = append(s.vars, info)
	s.names = append(s.names, "")
	s.watches = append(s.watches, nil)
	return v
}

// NewVarIn returns a variable whose domain holds the given values, in any
// order, repeats allowed (FlatZinc's var {1,3,7}: x). It panics when
// values is empty, or spans more than 2^24 values, as NewVar does.
func (s *Solver) NewVarIn(values []int) Var {
	if len(values) == 0 {
		panic("cp: empty domain {}")
	}
	vs := sortedSet(values)
	lo, hi := vs[0], vs[len(vs)-1]
	v := s.NewVar(lo, hi)
	if int64(len(vs)) == int64(hi)-int64(lo)+1 {
		return v
	}
	info := s.vars[v]
	if info.words == 0 {
		// A domain this wide keeps bounds only: a membership constraint
		// keeps the values out, checked once v is fixed.
		yes := s.NewVar(1, 1)
		s.AddInReif(Pos(yes), Implies, v, vs)
		return v
	}
	// The initial domain lives in memory that no undo restores: write the
	// words directly, not through Remove and the trail.
	words := s.mem[info.base+3 : info.base+3+info.words]
	clear(words)
	for _, x := range vs {
		i := int64(x) - info.offset
		words[i/64] |= 1 << uint(i%64)
	}
	s.mem[info.base+2] = int64(len(vs))
	return v
}

// NewBool returns a 0..1 variable.
func (s *Solver) NewBool() Var { return s.NewVar(0, 1) }

// NumVars returns the number of variables.
func (s *Solver) NumVars() int { return len(s.vars) }

// SetName gives v a name for messages and traces.
func (s *Solver) SetName(v Var, name string) { s.names[v] = name }

// Name returns v's name, or "x<id>" when it has none.
func (s *Solver) Name(v Var) string {
	if s.names[v] != "" {
		return s.names[v]
	}
	return fmt.Sprintf("x%d", v)
}

// NewRev returns a reversible integer with value init.
func (s *Solver) NewRev(init int64) Rev {
	r := Rev(len(s.mem))
	s.mem = append(s.mem, init)
	s.owner = append(s.owner, -1)
	s.stamp = append(s.stamp, 0)
	return r
}

// Get returns the value of a reversible integer.
func (s *Solver) Get(r Rev) int64 { return s.mem[r] }

// Set changes a reversible integer; backtracking restores its old value.
func (s *Solver) Set(r Rev, x int64) { s.write(int32(r), x) }

// write changes a word, saving its old value on the trail once per level.
func (s *Solver) write(addr int32, x int64) {
	if s.mem[addr] == x {
		return
	}
	if s.stamp[addr] != s.magic {
		s.stamp[addr] = s.magic
		s.trail = append(s.trail, trailEntry{addr, s.mem[addr]})
	}
	s.mem[addr] = x
}

// mark returns the current trail height and opens a new level: the next
// change of any word is saved again.
func (s *Solver) mark() int {
	s.newMagic()
	return len(s.trail)
}

// undo restores every word changed since the trail had height h.
func (s *Solver) undo(h int) {
	for i := len(s.trail) - 1; i >= h; i-- {
		e := s.trail[i]
		s.mem[e.addr] = e.old
	}
	s.trail = s.trail[:h]
	s.newMagic()
	if s.learn.on {
		s.popEvents(h)
	}
}

func (s *Solver) newMagic() {
	s.magic++
	if s.magic == 0 { // wrapped: forget every stamp
		clear(s.stamp)
		s.magic = 1
	}
}

// Min returns the smallest value in v's domain.
func (s *Solver) Min(v Var) int { return int(s.mem[s.vars[v].base]) }

// Max returns the largest value in v's domain.
func (s *Solver) Max(v Var) int { return int(s.mem[s.vars[v].base+1]) }

// Size returns the number of values in v's domain.
func (s *Solver) Size(v Var) int { return int(s.mem[s.vars[v].base+2]) }

// Fixed reports whether v's domain holds a single value.
func (s *Solver) Fixed(v Var) bool { return s.mem[s.vars[v].base+2] == 1 }

// Value returns the value of a fixed variable. It panics when v is not
// fixed, naming v and its domain: reading a value that the search has not
// decided is a programming error, like an index out of range (a brancher
// that left v open, or a read outside onSolution). Use Fixed first, or Min
// and Max, when v may be open.
func (s *Solver) Value(v Var) int {
	base := s.vars[v].base
	if s.mem[base+2] != 1 {
		panic(unfixedError{s, v, s.mem[base], s.mem[base+1], s.mem[base+2]})
	}
	return int(s.mem[base])
}

// unfixedError is Value's panic value. It copies the domain's bounds and
// size, which the search's deferred undos may change before the panic is
// printed; building the message there would keep Value from inlining.
type unfixedError struct {
	s             *Solver
	v             Var
	lo, hi, count int64
}

func (e unfixedError) Error() string {
	holes := ""
	if e.count != e.hi-e.lo+1 {
		holes = fmt.Sprintf(" (%d values)", e.count)
	}
	return fmt.Sprintf("cp: Value of %s ∈ %d..%d%s, which is not fixed", e.s.Name(e.v), e.lo, e.hi, holes)
}

// Contains reports whether x is in v's domain.
func (s *Solver) Contains(v Var, x int) bool {
	info := s.vars[v]
	lo, hi := s.mem[info.base], s.mem[info.base+1]
	if int64(x) < lo || int64(x) > hi {
		return false
	}
	if info.words == 0 {
		return true
	}
	i := int64(x) - info.offset
	return uint64(s.mem[info.base+3+int32(i/64)])&(1<<uint(i%64)) != 0
}

// Values appends the values of v's domain to dst in increasing order.
func (s *Solver) Values(dst []int, v Var) []int {
	for x := s.Min(v); x <= s.Max(v); x = s.next(v, x+1) {
		dst = append(dst, x)
	}
	return dst
}

// next returns the smallest value of v's domain that is at least x, or
// math.MaxInt when there is none.
func (s *Solver) next(v Var, x int) int {
	info := s.vars[v]
	hi := s.mem[info.base+1]
	if int64(x) > hi {
		return math.MaxInt
	}
	if lo := s.mem[info.base]; int64(x) < lo {
		x = int(lo)
	}
	if info.words == 0 {
		return x
	}
	i := int64(x) - info.offset
	w := int32(i / 64)
	word := uint64(s.mem[info.base+3+w]) &^ (1<<uint(i%64) - 1)
	for word == 0 {
		w++
		if w == info.words {
			return math.MaxInt
		}
		word = uint64(s.mem[info.base+3+w])
	}
	return int(info.offset + int64(w)*64 + int64(bits.TrailingZeros64(word)))
}

// prev returns the largest value of v's domain that is at most x, or
// math.MinInt when there is none.
func (s *Solver) prev(v Var, x int) int {
	info := s.vars[v]
	lo := s.mem[info.base]
	if int64(x) < lo {
		return math.MinInt
	}
	if hi := s.mem[info.base+1]; int64(x) > hi {
		x = int(hi)
	}
	if info.words == 0 {
		return x
	}
	i := int64(x) - info.offset
	w := int32(i / 64)
	word := uint64(s.mem[info.base+3+w])
	if b := uint(i%64) + 1; b < 64 {
		word &= 1<<b - 1
	}
	for word == 0 {
		w--
		if w < 0 {
			return math.MinInt
		}
		word = uint64(s.mem[info.base+3+w])
	}
	return int(info.offset + int64(w)*64 + int64(63-bits.LeadingZeros64(word)))
}

// SetMin removes every value below x from v's domain.
func (s *Solver) SetMin(v Var, x int) error {
	info := &s.vars[v]
	lo, hi := s.mem[info.base], s.mem[info.base+1]
	if int64(x) <= lo {
		return nil
	}
	if int64(x) > hi {
		return s.failOn(s.AtMost(v, int(hi)))
	}
	var why reason
	if s.learn.on {
		why = s.changeReason()
	}
	newLo := s.next(v, x)
	s.moveMin(v, lo, hi, int64(newLo))
	if s.learn.on {
		s.recordBound(v, sideLower, x, newLo, why)
	}
	s.changed(v, eventBounds)
	return nil
}

// SetMax removes every value above x from v's domain.
func (s *Solver) SetMax(v Var, x int) error {
	info := &s.vars[v]
	lo, hi := s.mem[info.base], s.mem[info.base+1]
	if int64(x) >= hi {
		return nil
	}
	if int64(x) < lo {
		return s.failOn(s.AtLeast(v, int(lo)))
	}
	var why reason
	if s.learn.on {
		why = s.changeReason()
	}
	newHi := s.prev(v, x)
	s.moveMax(v, lo, hi, int64(newHi))
	if s.learn.on {
		s.recordBound(v, sideUpper, x, newHi, why)
	}
	s.changed(v, eventBounds)
	return nil
}

// moveMin raises v's minimum from lo to newLo, a value of the domain.
func (s *Solver) moveMin(v Var, lo, hi, newLo int64) {
	info := &s.vars[v]
	size := s.mem[info.base+2]
	if info.words == 0 {
		size = hi - newLo + 1
	} else {
		size -= s.countRange(info, lo, newLo-1)
		s.clearRange(info, lo, newLo-1)
	}
	s.write(info.base, newLo)
	s.write(info.base+2, size)
}

// moveMax lowers v's maximum from hi to newHi, a value of the domain.
func (s *Solver) moveMax(v Var, lo, hi, newHi int64) {
	info := &s.vars[v]
	size := s.mem[info.base+2]
	if info.words == 0 {
		size = newHi - lo + 1
	} else {
		size -= s.countRange(info, newHi+1, hi)
		s.clearRange(info, newHi+1, hi)
	}
	s.write(info.base+1, newHi)
	s.write(info.base+2, size)
}

// Assign reduces v's domain to the single value x.
func (s *Solver) Assign(v Var, x int) error {
	if !s.Contains(v, x) {
		return s.failOn(s.IsNot(v, x))
	}
	info := &s.vars[v]
	if s.mem[info.base+2] == 1 {
		return nil
	}
	lo, hi := s.mem[info.base], s.mem[info.base+1]
	var why reason
	if s.learn.on {
		why = s.changeReason()
	}
	if info.words != 0 {
		s.clearRange(info, lo, int64(x)-1)
		s.clearRange(info, int64(x)+1, hi)
	}
	s.write(info.base, int64(x))
	s.write(info.base+1, int64(x))
	s.write(info.base+2, 1)
	if s.learn.on {
		switch {
		case info.boolean && x == 1:
			s.record(Pos(v), why)
		case info.boolean:
			s.record(Neg(v), why)
		default:
			if lo < int64(x) {
				s.record(s.AtLeast(v, x), why)
			}
			if hi > int64(x) {
				s.record(s.AtMost(v, x), why)
			}
		}
	}
	s.changed(v, eventBounds)
	return nil
}

// Remove takes x out of v's domain.
func (s *Solver) Remove(v Var, x int) error {
	if !s.Contains(v, x) {
		return nil
	}
	info := &s.vars[v]
	lo, hi := s.mem[info.base], s.mem[info.base+1]
	if lo == hi {
		return s.failOn(s.Is(v, x))
	}
	var why reason
	if s.learn.on {
		why = s.changeReason()
	}
	switch int64(x) {
	case lo:
		newLo := s.next(v, x+1)
		s.moveMin(v, lo, hi, int64(newLo))
		if s.learn.on {
			s.recordRemovedBound(v, x, newLo, why)
		}
		s.changed(v, eventBounds)
	case hi:
		newHi := s.prev(v, x-1)
		s.moveMax(v, lo, hi, int64(newHi))
		if s.learn.on {
			s.recordRemovedBound(v, x, newHi, why)
		}
		s.changed(v, eventBounds)
	default:
		// An interior value: a variable without a bitset keeps bounds only.
		if info.words == 0 {
			return nil
		}
		s.clearRange(info, int64(x), int64(x))
		s.write(info.base+2, s.mem[info.base+2]-1)
		if s.learn.on {
			s.record(s.IsNot(v, x), why)
		}
		s.changed(v, eventDomain)
	}
	return nil
}

// recordRemovedBound notes the removal of the bound x of v, which moved
// the bound to got: [v ≠ x] for the reason given, then the new bound,
// which follows from the old one and the values missing up to got.
func (s *Solver) recordRemovedBound(v Var, x, got int, why reason) {
	gone := s.IsNot(v, x)
	s.record(gone, why)
	bound := s.AtLeast(v, got)
	if got < x {
		bound = s.AtMost(v, got)
	}
	if bound != gone {
		s.record(bound, reason{kind: reasonJump, start: int32(int64(x) - s.vars[v].offset)})
	}
}

// countRange counts the values in lo..hi still in a bitset domain.
func (s *Solver) countRange(info *varInfo, lo, hi int64) int64 {
	n := int64(0)
	s.forWords(info, lo, hi, func(addr int32, mask uint64) {
		n += int64(bits.OnesCount64(uint64(s.mem[addr]) & mask))
	})
	return n
}

// clearRange removes the values lo..hi from a bitset domain's words.
func (s *Solver) clearRange(info *varInfo, lo, hi int64) {
	s.forWords(info, lo, hi, func(addr int32, mask uint64) {
		s.write(addr, int64(uint64(s.mem[addr])&^mask))
	})
}

// forWords calls f for each bitset word that holds values in lo..hi, with the
// mask of those values' bits.
func (s *Solver) forWords(info *varInfo, lo, hi int64, f func(addr int32, mask uint64)) {
	if lo > hi {
		return
	}
	i, j := lo-info.offset, hi-info.offset
	for w := i / 64; w <= j/64; w++ {
		mask := ^uint64(0)
		if w == i/64 {
			mask &^= 1<<uint(i%64) - 1
		}
		if w == j/64 && j%64 < 63 {
			mask &= 1<<uint(j%64+1) - 1
		}
		f(info.base+3+int32(w), mask)
	}
}

// Describe returns v's name and domain, for messages and debugging:
// "x3 ∈ {1,4..6}".
func (s *Solver) Describe(v Var) string {
	if s.vars[v].words == 0 && s.Size(v) > 2 {
		return fmt.Sprintf("%s ∈ {%d..%d}", s.Name(v), s.Min(v), s.Max(v))
	}
	out := s.Name(v) + " ∈ {"
	first := true
	for x := s.Min(v); x <= s.Max(v); {
		y := x
		for s.next(v, y+1) == y+1 {
			y++
		}
		if !first {
			out += ","
		}
		first = false
		if y == x {
			out += fmt.Sprint(x)
		} else {
			out += fmt.Sprintf("%d..%d", x, y)
		}
		x = s.next(v, y+1)
	}
	return out + "}"
}
