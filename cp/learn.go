package cp

import (
	"context"
	"fmt"
	"time"
)

// SearchLearning is Search with conflict learning, for models of 0..1
// variables whose propagators all explain themselves (Explaining): lazy
// clause generation. Each failure is traced back through the propagators'
// reasons to a clause that holds in every solution (first unique
// implication point), which is kept, propagated with two watched literals
// and used to jump back over decisions that played no part. Branching picks
// the variable of vars most active in recent conflicts (VSIDS), with its
// last value first (phase saving), and restarts follow the Luby sequence.
//
// Each solution found is blocked by the clause that negates its decisions,
// so the search can go on for the next: counting is exact, and stopping at
// two decides uniqueness. Learned and blocking clauses are dropped when the
// search returns. The arguments and results are those of Search.
//
// As in Search, a solution fixes every variable of the solver, and
// solutions are told apart by the variables branched on: vars. Once those
// are fixed, the other open variables are decided too, as witnesses, and
// the first witness found makes a solution; the blocking clause then
// holds the decisions on vars only. So vars may leave out the auxiliary
// variables that they decide (as the blocks of a puzzle decide its level
// variables) without changing the count, and a variable left out cannot
// make a state that breaks a constraint pass for a solution. Since
// learning decides 0..1 variables only, a solver with an open variable
// that is not 0..1 is refused (ErrCannotLearn).
//
// Learning reasons on 0..1 variables only. The clauses, implications,
// AddBoolSum (under any relation), AddXor and AddNotEqual over 0..1
// variables explain themselves; the constraints over integers
// (AddAllDifferent, AddElement, AddElementVar, AddIntSum, AddTable,
// AddCompare, the arithmetic, AddNotEqual over other variables) and the
// reified forms (AddCondEqual, AddCondBound and the ...Reif methods) do
// not yet. With any of those in the solver, or a variable of vars that is
// not 0..1, SearchLearning returns an error wrapping ErrCannotLearn that
// names the culprit, rather than learn unsound clauses: use Search for
// such models.
func (s *Solver) SearchLearning(ctx context.Context, vars []Var, lim Limits, onSolution func() bool) error {
	return s.searchLearning(ctx, vars, lim, false, onSolution)
}

// searchLearning is SearchLearning; with optimize, the solver's objective
// bound is tightened at each solution instead of blocking it.
func (s *Solver) searchLearning(ctx context.Context, vars []Var, lim Limits, optimize bool, onSolution func() bool) error {
	for _, v := range vars {
		if !s.vars[v].boolean {
			return fmt.Errorf("%w: %s is not 0..1", ErrCannotLearn, s.Name(v))
		}
	}
	for id, e := range s.props {
		if x, ok := e.p.(Explaining); !ok || !x.Explains() {
			return fmt.Errorf("%w: propagator %d (%T) does not explain its deductions", ErrCannotLearn, id, e.p)
		}
	}
	for v := range s.vars {
		if !s.vars[v].boolean && !s.Fixed(Var(v)) {
			return fmt.Errorf("%w: %s is open and not 0..1", ErrCannotLearn, s.Describe(Var(v)))
		}
	}
	start := time.Now()
	defer func() { s.stats.Time += time.Since(start) }()
	defer s.restorePending(s.pending())
	base := s.mark()
	l := &s.learn
	if l.clauses == nil {
		l.clauses = newClauseDB(s)
	}
	l.clauses.cover(s) // variables made since the last search need watching too
	n := s.NumVars()
	l.varLevel = make([]int32, n)
	l.varWhy = make([]reason, n)
	l.on, l.level, l.fixes, l.arena = true, 0, l.fixes[:0], l.arena[:0]
	defer func() {
		s.undo(base)
		l.on, l.level = false, 0
		// Blocking clauses exclude the solutions found, and clauses learned
		// after them may rely on them: none of them outlives the search.
		l.clauses.reset()
	}()
	c := newCDCL(s, vars)
	c.optimize = optimize
	return c.run(ctx, lim, onSolution)
}

// cdcl is the state of one learning search.
type cdcl struct {
	s         *Solver
	vars      []Var
	activity  []float64 // by variable
	bump      float64
	heap      varHeap // the open variables of vars
	witnesses varHeap // the other variables that widen added, once it has
	phase     []int8  // by variable: last value + 1, or 0
	seen      []bool  // by variable, during analysis
	branch    []uint8 // by variable: branchVar, branchWitness or 0
	marks     []int   // marks[l-1]: the trail height when level l began
	decisions []Lit   // decisions[l-1]: the decision of level l
	learnt    []Lit   // scratch
	optimize  bool    // tighten the objective at solutions, not block them
}

func newCDCL(s *Solver, vars []Var) *cdcl {
	n := s.NumVars()
	c := &cdcl{s: s, vars: vars, activity: make([]float64, n), bump: 1,
		phase: make([]int8, n), seen: make([]bool, n), branch: make([]uint8, n)}
	copy(c.phase, s.learn.hints)
	c.heap = newVarHeap(c.activity)
	for _, v := range vars {
		if c.branch[v] == 0 {
			c.branch[v] = branchVar
			c.heap.push(v)
		}
	}
	return c
}

// The kinds of branching variables.
const (
	branchVar     = 1 // one of vars
	branchWitness = 2 // another variable, open when those of vars were fixed
)

// heapOf returns the heap of a branching variable.
func (c *cdcl) heapOf(v Var) *varHeap {
	if c.branch[v] == branchWitness {
		return &c.witnesses
	}
	return &c.heap
}

// SetPhase makes value the first one SearchLearning tries for the 0..1
// variable v: a solution hint. Each learning search starts from the
// phases set; within it, phase saving then tries the value v had last. A
// caller that knows a solution, or a likely one, can steer the search to
// it: with every branching variable's phase set to a solution, the first
// descent reaches that solution without a failure. Search, which branches
// by its Brancher, ignores phases.
func (s *Solver) SetPhase(v Var, value int) {
	l := &s.learn
	if n := s.NumVars(); len(l.hints) < n {
		l.hints = append(l.hints, make([]int8, n-len(l.hints))...)
	}
	l.hints[v] = int8(min(max(value, 0), 1) + 1)
}

// luby returns the i-th term (from 0) of the Luby sequence 1 1 2 1 1 2 4 ...
func luby(i int) int {
	size, seq := 1, 0
	for size < i+1 {
		seq++
		size = 2*size + 1
	}
	for size-1 != i {
		size = (size - 1) / 2
		seq--
		i %= size
	}
	return 1 << seq
}

const restartBase = 64 // conflicts in the shortest run between restarts

// run is the search loop: propagate, learn from a conflict and backjump
// (restarting on the Luby schedule), or decide; each solution goes to
// onSolution, which says whether to go on.
func (c *cdcl) run(ctx context.Context, lim Limits, onSolution func() bool) error {
	s, l := c.s, &c.s.learn
	spend := s.newBudget(ctx, lim)
	defer spend.flush()
	restarts, sinceRestart := 0, 0
	err := s.Propagate()
	for {
		if err != nil {
			s.stats.Failures++
			sinceRestart++
			if s.stats.Failures&63 == 0 {
				if cerr := ctx.Err(); cerr != nil {
					return cerr
				}
			}
			if l.level == 0 {
				return nil // no (more) solutions
			}
			if err = c.learnFrom(); err != nil {
				return nil // the conflict holds at the root
			}
			if spend.failuresSpent() {
				return ErrLimit
			}
			if sinceRestart >= restartBase*luby(restarts) {
				restarts++
				sinceRestart = 0
				c.backjump(0)
				if err = l.clauses.reduce(s); err != nil {
					return nil // the clauses kept fail at the root
				}
			}
			err = s.Propagate()
			continue
		}
		if err := spend.poll(); err != nil {
			return err
		}
		v, ok := c.pick()
		if !ok {
			guess, complete := c.guess()
			if !complete {
				continue // the open variables are witnesses to decide now
			}
			s.stats.Solutions++
			if !onSolution() {
				return nil
			}
			// Each solution costs a blocking clause as long as the
			// decisions, so on a big grid solutions can come seconds
			// apart with hardly a node between them: the context is
			// polled at every one, not only every 64th node.
			if err := spend.report(); err != nil {
				return err
			}
			s.undo(guess)
			var more bool
			if more, err = c.exclude(); !more {
				return nil
			}
			continue
		}
		if spend.nodesSpent() {
			return ErrLimit
		}
		err = c.decide(v)
	}
}

// decide opens a decision level, assigns v its saved phase (the value it
// last had, 1 when it has had none), and propagates.
func (c *cdcl) decide(v Var) error {
	s, l := c.s, &c.s.learn
	val := 1
	if c.phase[v] == 1 {
		val = 0
	}
	d := Lit{Var: v, Negated: val == 0}
	c.marks = append(c.marks, s.mark())
	c.decisions = append(c.decisions, d)
	l.level++
	s.stats.Nodes++
	s.stats.MaxDepth = max(s.stats.MaxDepth, int(l.level))
	l.cur = reason{kind: reasonDecision}
	if err := s.Assign(v, val); err != nil {
		return err
	}
	return s.Propagate()
}

// pick returns the unfixed variable of vars of highest activity, and when
// those are all fixed, the open witness variable of highest activity.
// Once every variable of both heaps is fixed, the solver's other open
// variables are guessed (guess), and become witnesses when that fails, so
// that a solution fixes every variable. Since the witnesses wait for vars,
// every decision on vars comes before every decision on a witness.
func (c *cdcl) pick() (Var, bool) {
	for _, h := range [2]*varHeap{&c.heap, &c.witnesses} {
		for h.len() > 0 {
			if v := h.pop(); !c.s.Fixed(v) {
				return v, true
			}
		}
	}
	return 0, false
}

// widen makes every open variable that is not a branching variable a
// witness and reports whether there was one. It costs a pass over the
// variables, once per solution when the variables of vars decide the
// others; a variable it adds stays a witness for the rest of the search.
func (c *cdcl) widen() bool {
	found := false
	for v := range c.branch {
		if c.branch[v] == 0 && !c.s.Fixed(Var(v)) {
			if c.witnesses.index == nil {
				c.witnesses = newVarHeap(c.activity)
			}
			c.branch[v] = branchWitness
			c.witnesses.push(Var(v))
			found = true
		}
	}
	return found
}

// backjump undoes every level above level, saving the undone values as
// phases and putting the freed variables back in the heap.
func (c *cdcl) backjump(level int32) {
	s, l := c.s, &c.s.learn
	if level >= l.level {
		return
	}
	h := c.marks[level]
	first := len(l.fixes)
	for first > 0 && int(l.fixes[first-1].trailPos) > h {
		first--
		v := l.fixes[first].v
		c.phase[v] = int8(s.Value(v) + 1)
		if c.branch[v] != 0 {
			if h := c.heapOf(v); !h.has(v) {
				h.push(v)
			}
		}
	}
	s.undo(h)
	c.marks, c.decisions = c.marks[:level], c.decisions[:level]
	l.level = level
	l.clauses.pending = l.clauses.pending[:0]
}

// guess completes the state, where every branching variable is fixed,
// without search when it can: it gives every open variable at once its
// saved phase (1 when it has none) and propagates. When that succeeds the
// state is a solution, which the caller undoes to the trail height h
// returned; the witnesses of a puzzle's auxiliary variables usually cost
// one propagation so. When it fails, guess undoes it, makes the open
// variables witnesses to decide one by one, and reports false.
func (c *cdcl) guess() (h int, complete bool) {
	s, l := c.s, &c.s.learn
	h = s.mark()
	l.cur = reason{kind: reasonDecision} // undone before any analysis
	open := false
	for v := range c.branch {
		if s.Fixed(Var(v)) {
			continue
		}
		open = true
		val := 1
		if c.phase[v] == 1 {
			val = 0
		}
		if s.Assign(Var(v), val) != nil { // cannot fail: nothing propagates in between
			break
		}
	}
	if !open || s.Propagate() == nil {
		return h, true
	}
	s.undo(h)
	if !c.widen() {
		panic("cp: a failed guess left no open variable")
	}
	return h, false
}

// exclude rules out the solution just found: when optimizing, by the
// objective's tighter bound, from the root, where its failure proves the
// last solution optimal; otherwise by blocking its decisions on vars. It
// reports whether the search goes on, with the error of propagating the
// state it leaves.
func (c *cdcl) exclude() (more bool, err error) {
	s := c.s
	if c.optimize {
		s.objective.improve(s)
		c.backjump(0)
		return true, s.Propagate()
	}
	m := c.varDecisions()
	if m == 0 {
		return false, nil // no decision on vars: this was the only solution
	}
	if err = c.block(m); err == nil {
		err = s.Propagate()
	}
	return true, err
}

// varDecisions returns the number of decisions on variables of vars, the
// first ones (pick decides witnesses last).
func (c *cdcl) varDecisions() int {
	m := 0
	for m < len(c.decisions) && c.branch[c.decisions[m].Var] == branchVar {
		m++
	}
	return m
}

// block adds the clause that rules out the solution just found: not all of
// its first m decisions, those on vars, again. Those decisions fix every
// variable of vars, so the clause rules out the values of vars, whatever
// witnesses the solution had: solutions are told apart by vars. It jumps
// back to level m-1, where the clause makes the m-th decision false.
func (c *cdcl) block(m int) error {
	lits := make([]Lit, 0, m)
	lits = append(lits, c.decisions[m-1].Not())
	for _, d := range c.decisions[:m-1] {
		lits = append(lits, d.Not())
	}
	c.backjump(int32(m - 1))
	return c.assert(lits, true)
}

// assert stores a clause whose first literal is unfixed and whose other
// literals are false, and makes its first literal true. A permanent
// clause (one that blocks a solution) is never dropped.
func (c *cdcl) assert(lits []Lit, permanent bool) error {
	s, l := c.s, &c.s.learn
	if len(lits) == 1 {
		l.cur = reason{}
		return s.makeTrue(lits[0])
	}
	// Watch the false literal of the highest level, so the clause wakes
	// first when that level is undone.
	best := 1
	for i := 2; i < len(lits); i++ {
		if l.varLevel[lits[i].Var] > l.varLevel[lits[best].Var] {
			best = i
		}
	}
	lits[1], lits[best] = lits[best], lits[1]
	cl := l.clauses.add(lits, permanent)
	if l.level == 0 {
		l.cur = reason{}
	} else {
		l.cur = reason{kind: reasonClause, start: cl, skip: lits[0]}
	}
	return s.makeTrue(lits[0])
}

// learnFrom analyses the last conflict, jumps back to the level where the
// learned clause asserts its literal, and adds it. It returns
// ErrInconsistent when the conflict holds at the root.
func (c *cdcl) learnFrom() error {
	l := &c.s.learn
	conflict := l.conflict
	// A conflict whose literals all predate this level belongs to the
	// highest level among them.
	top := int32(0)
	for _, lit := range conflict {
		top = max(top, l.varLevel[lit.Var])
	}
	if top == 0 {
		return ErrInconsistent
	}
	if top < l.level {
		conflict = append([]Lit(nil), conflict...)
		c.backjump(top)
	}
	learnt := c.analyze(conflict)
	back := int32(0)
	for _, lit := range learnt[1:] {
		back = max(back, l.varLevel[lit.Var])
	}
	c.backjump(back)
	c.bump *= 1 / 0.95
	if c.bump > 1e100 {
		for i := range c.activity {
			c.activity[i] *= 1e-100
		}
		c.bump *= 1e-100
	}
	return c.assert(learnt, false)
}

// analyze resolves the conflict's literals back to the first unique
// implication point of the current level and returns the learned clause,
// its asserting literal first.
func (c *cdcl) analyze(conflict []Lit) []Lit {
	s, l := c.s, &c.s.learn
	learnt := append(c.learnt[:0], Lit{})
	pending := 0
	var buf []Lit
	add := func(lit Lit) {
		v := lit.Var
		if c.seen[v] {
			return
		}
		lv := l.varLevel[v]
		if lv == 0 {
			return
		}
		c.seen[v] = true
		c.activity[v] += c.bump
		if c.branch[v] != 0 {
			c.heapOf(v).fix(v)
		}
		if lv == l.level {
			pending++
		} else {
			learnt = append(learnt, lit.Not())
		}
	}
	for _, lit := range conflict {
		add(lit)
	}
	for i := len(l.fixes) - 1; ; i-- {
		v := l.fixes[i].v
		if !c.seen[v] {
			continue
		}
		c.seen[v] = false
		pending--
		if pending == 0 {
			learnt[0] = s.LitOf(v).Not()
			break
		}
		buf = s.reasonOf(buf[:0], v)
		for _, lit := range buf {
			add(lit)
		}
	}
	// Local minimization: a literal whose reason lies within the clause
	// (or at the root) adds nothing; drop it. The seen marks still hold
	// for every literal of learnt[1:].
	kept := make([]Lit, 1, len(learnt))
	kept[0] = learnt[0]
	for _, lit := range learnt[1:] {
		if l.varWhy[lit.Var].kind == reasonDecision || !c.implied(lit.Var, &buf) {
			kept = append(kept, lit)
		}
	}
	for _, lit := range learnt[1:] {
		c.seen[lit.Var] = false
	}
	c.learnt = learnt
	return kept
}

// implied reports whether every literal of v's reason is in the learned
// clause being built (marked seen) or fixed at the root.
func (c *cdcl) implied(v Var, buf *[]Lit) bool {
	l := &c.s.learn
	*buf = c.s.reasonOf((*buf)[:0], v)
	if len(*buf) == 0 {
		return false
	}
	for _, r := range *buf {
		if !c.seen[r.Var] && l.varLevel[r.Var] != 0 {
			return false
		}
	}
	return true
}

// varHeap is a binary max-heap of variables by activity.
type varHeap struct {
	activity []float64
	items    []Var
	index    []int32 // by variable: its position in items, or -1
}

// newVarHeap returns an empty heap over the variables of activity.
func newVarHeap(activity []float64) varHeap {
	h := varHeap{activity: activity, index: make([]int32, len(activity))}
	for i := range h.index {
		h.index[i] = -1
	}
	return h
}

func (h *varHeap) len() int           { return len(h.items) }
func (h *varHeap) has(v Var) bool     { return h.index[v] >= 0 }
func (h *varHeap) less(i, j int) bool { return h.activity[h.items[i]] > h.activity[h.items[j]] }

func (h *varHeap) swap(i, j int) {
	h.items[i], h.items[j] = h.items[j], h.items[i]
	h.index[h.items[i]], h.index[h.items[j]] = int32(i), int32(j)
}

func (h *varHeap) up(i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if !h.less(i, parent) {
			return
		}
		h.swap(i, parent)
		i = parent
	}
}

func (h *varHeap) down(i int) {
	for {
		best, left, right := i, 2*i+1, 2*i+2
		if left < len(h.items) && h.less(left, best) {
			best = left
		}
		if right < len(h.items) && h.less(right, best) {
			best = right
		}
		if best == i {
			return
		}
		h.swap(i, best)
		i = best
	}
}

func (h *varHeap) push(v Var) {
	h.index[v] = int32(len(h.items))
	h.items = append(h.items, v)
	h.up(len(h.items) - 1)
}

func (h *varHeap) pop() Var {
	v := h.items[0]
	last := len(h.items) - 1
	h.swap(0, last)
	h.items = h.items[:last]
	h.index[v] = -1
	if last > 0 {
		h.down(0)
	}
	return v
}

// fix restores the heap order after v's activity grew.
func (h *varHeap) fix(v Var) {
	if i := h.index[v]; i >= 0 {
		h.up(int(i))
	}
}
