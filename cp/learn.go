package cp

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// SearchLearning is Search with conflict learning (lazy clause
// generation). Each failure is traced back through the reasons of the
// domain changes to a clause over literals ([x ≥ v], [x ≤ v], [x = v],
// [x ≠ v]) that holds in every solution (first unique implication point),
// which is kept, propagated with two watched literals and used to jump back
// over decisions that played no part. Branching picks the variable of vars
// most active in recent conflicts (VSIDS) and tries the value it had last
// (phase saving), its smallest value at first; restarts follow the Luby
// sequence. At restarts the store of learned clauses is cut down on a
// schedule that grows with the conflicts, as in Glucose: the worse half of
// the long clauses, by literal block distance (the decision levels a
// clause spans when learned), goes; short and glue clauses stay.
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
// make a state that breaks a constraint pass for a solution.
//
// Propagators that explain their deductions (Explaining) teach the search
// most; the others are explained by the domains of the variables they
// watch (see Explaining), which is sound but weaker.
func (s *Solver) SearchLearning(ctx context.Context, vars []Var, lim Limits, onSolution func() bool) error {
	return s.searchLearning(ctx, nil, vars, lim, false, onSolution)
}

// SearchLearningBy is SearchLearning whose decisions come from b while b
// has one (a model's search annotations, say), and then from activity as
// in SearchLearning. b leads the first run and every other one between
// restarts; the runs between follow activity alone, as Chuffed alternates
// its search, so that a poor brancher cannot hold the search back for
// long while a good one still leads half the time; learned clauses keep
// either from repeating a failure. Solutions
// are still told apart by vars; when b decides variables outside vars, a
// solution is blocked by the values of vars rather than by its decisions.
// A decision x = v on a variable that keeps bounds only becomes x ≤ v, and
// x ≠ v becomes x < v, since learning must be able to negate each.
func (s *Solver) SearchLearningBy(ctx context.Context, b Brancher, vars []Var, lim Limits, onSolution func() bool) error {
	return s.searchLearning(ctx, b, vars, lim, false, onSolution)
}

// searchLearning is SearchLearningBy; with optimize, the solver's objective
// bound is tightened at each solution instead of blocking it.
func (s *Solver) searchLearning(ctx context.Context, b Brancher, vars []Var, lim Limits, optimize bool, onSolution func() bool) error {
	start := time.Now()
	defer func() { s.stats.Time += time.Since(start) }()
	defer s.restorePending(s.pending())
	if s.settledAtRoot(ctx, vars, optimize, onSolution) {
		return nil
	}
	base := s.beginLearning()
	defer s.endLearning(base)
	c := newCDCL(s, vars)
	c.optimize, c.brancher, c.led = optimize, b, true
	return c.run(ctx, lim, onSolution)
}

// settledAtRoot runs a search that propagation at the root settles, as
// most puzzles' searches are, without the learning machinery: setting it
// up (a record of every change, watches and activities by variable) can
// cost more than the whole of such a search. When propagation fails there
// is no solution; when it fixes every variable of vars and the others'
// least values (or their phases) complete the state to a solution, that
// solution is the only one, told apart by vars, and optimal. It reports
// whether it settled the search; either way the state is left as it was.
func (s *Solver) settledAtRoot(ctx context.Context, vars []Var, optimize bool, onSolution func() bool) (settled bool) {
	if ctx.Err() != nil {
		return false // the search reports it
	}
	h, pending := s.mark(), s.pending()
	defer func() {
		s.undo(h)
		if !settled {
			s.restorePending(pending) // the search propagates them again
		}
	}()
	if s.Propagate() != nil {
		s.stats.Failures++
		return true
	}
	for _, v := range vars {
		if !s.Fixed(v) {
			return false
		}
	}
	for v := range s.NumVars() {
		x := Var(v)
		if s.Fixed(x) {
			continue
		}
		val := s.Min(x)
		if v < len(s.learn.hints) {
			if p := s.learn.hints[v]; p >= 0 && s.Contains(x, int(s.vars[x].offset+p)) {
				val = int(s.vars[x].offset + p)
			}
		}
		if s.Assign(x, val) != nil {
			return false
		}
	}
	if s.Propagate() != nil {
		return false // a witness needs search
	}
	s.stats.Solutions++
	if onSolution() && optimize {
		s.objective.improve(s)
	}
	return true
}

// beginLearning switches learning on at the current state, which becomes
// the root of the learning search, and returns the trail mark that
// endLearning undoes to.
func (s *Solver) beginLearning() int {
	base := s.mark()
	l := &s.learn
	if l.clauses == nil {
		l.clauses = newClauseDB(s)
	}
	l.clauses.cover(s) // variables made since the last search need watching too
	n := s.NumVars()
	for side := range l.last {
		l.last[side] = slices.Grow(l.last[side][:0], n)[:n]
		for i := range l.last[side] {
			l.last[side][i] = -1
		}
	}
	l.startMin, l.startMax = l.startMin[:0], l.startMax[:0]
	clear(l.startHoles)
	for v := range n {
		x := Var(v)
		l.startMin = append(l.startMin, int64(s.Min(x)))
		l.startMax = append(l.startMax, int64(s.Max(x)))
		if info := &s.vars[x]; s.Size(x) < s.Max(x)-s.Min(x)+1 {
			if l.startHoles == nil {
				l.startHoles = make(map[Var][]uint64)
			}
			words := make([]uint64, info.words)
			for w := range words {
				words[w] = uint64(s.mem[info.base+3+int32(w)])
			}
			l.startHoles[x] = words
		}
	}
	for _, x := range l.innerVars {
		clear(l.innerAt[x])
	}
	for side := range l.chain {
		l.chain[side] = slices.Grow(l.chain[side][:0], n)[:n]
		for x := range l.chain[side] {
			l.chain[side][x] = l.chain[side][x][:0]
		}
	}
	l.on, l.level, l.events, l.arena = true, 0, l.events[:0], l.arena[:0]
	l.clauses.head = 0
	return base
}

// endLearning undoes the learning search back to base and switches
// learning off.
func (s *Solver) endLearning(base int) {
	l := &s.learn
	s.undo(base)
	l.on, l.level = false, 0
	// Blocking clauses exclude the solutions found, and clauses learned
	// after them may rely on them: none of them outlives the search.
	l.clauses.reset()
}

// cdcl is the state of one learning search.
type cdcl struct {
	s         *Solver
	vars      []Var
	activity  []float64 // by variable
	bump      float64
	heap      varHeap // the open variables of vars
	witnesses varHeap // the other variables that widen added, once it has
	phase     []int64 // by variable: the last value's offset from the initial minimum, or -1
	branch    []uint8 // by variable: branchVar, branchWitness or 0
	marks     []int   // marks[l-1]: the trail height when level l began
	decisions []Lit   // decisions[l-1]: the decision of level l
	optimize  bool    // tighten the objective at solutions, not block them
	brancher  Brancher
	led       bool // whether brancher leads the current run
	// guided counts the decisions of the current path that brancher made on
	// variables outside vars: while there is one, the decisions on vars
	// need not fix vars, and solutions are blocked by their values.
	guided  int
	isGuide []bool // by level-1: whether that decision counts in guided

	// Scratch of conflict analysis.
	stamp      uint32
	seen       []uint32      // by event: stamp when the event is to be resolved
	bumped     []uint32      // by variable: stamp when its activity was bumped
	need       []Lit         // by event: the literal the nogood needs of it
	lower      []Lit         // the nogood's literals of lower levels
	lowerAt    []int32       // by literal of lower: its event
	lowerNE    map[Lit]int32 // the positions in lower of its literals [x ≠ v]
	lowStamp   [2][]uint32   // by side then variable: stamp when lower holds a bound of it
	lowPos     [2][]int32    // by side then variable: that bound's position in lower
	buf        []Lit
	learnt     []Lit
	varStamp   []uint32 // by variable: blockStamp when blockValues met it
	blockStamp uint32
	levelSeen  []uint32 // by level: lbdStamp when the learned clause has a literal of it
	lbdStamp   uint32
}

func newCDCL(s *Solver, vars []Var) *cdcl {
	n := s.NumVars()
	c := &cdcl{s: s, vars: vars, activity: make([]float64, n), bump: 1,
		phase: make([]int64, n), branch: make([]uint8, n), bumped: make([]uint32, n)}
	for side := range c.lowStamp {
		c.lowStamp[side], c.lowPos[side] = make([]uint32, n), make([]int32, n)
	}
	for v := range c.phase {
		c.phase[v] = -1
		if v < len(s.learn.hints) {
			c.phase[v] = s.learn.hints[v]
		}
	}
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

// SetPhase makes value the first one SearchLearning tries for v: a
// solution hint. Each learning search starts from the phases set; within
// it, phase saving then tries the value v had last. A caller that knows a
// solution, or a likely one, can steer the search to it: with every
// branching variable's phase set to a solution, the first descent reaches
// that solution without a failure. Search, which branches by its Brancher,
// ignores phases. A value outside v's initial domain is clamped to it.
func (s *Solver) SetPhase(v Var, value int) {
	l := &s.learn
	if n := s.NumVars(); len(l.hints) < n {
		for len(l.hints) < n {
			l.hints = append(l.hints, -1)
		}
	}
	info := &s.vars[v]
	l.hints[v] = min(max(int64(value)-info.offset, 0), int64(info.size)-1)
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

// restartBase is the number of conflicts in the shortest run between
// restarts, the unit of the Luby sequence. On Aquarium's
// BenchmarkRandomSeeds (sixteen 200x200 puzzles, 30 s each) 64 took 54 s
// of CPU and proved 16 where 32 took 88 s (15) and 128 96 s (14).
const restartBase = 64

// activityDecay is the factor by which the activity of every variable
// decays at each conflict (VSIDS; the bump grows by its inverse instead).
// On Aquarium's BenchmarkRandomSeeds 0.90 took 47 s of CPU where 0.95
// took 54 s and 0.99 118 s (16, 16 and 13 puzzles proved), and it proved
// 4 of the 17 grown grids of BenchmarkScale within 60 s of CPU each with
// 873 s for all (0.95: 4, 932 s).
const activityDecay = 0.90

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
				s.stats.Restarts++
				sinceRestart = 0
				c.led = !c.led
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
		d, ok := c.next()
		if !ok {
			guess, complete := c.guess()
			if !complete {
				continue // the open variables are witnesses to decide now
			}
			s.stats.Solutions++
			if !onSolution() {
				return nil
			}
			if c.optimize {
				s.objective.improve(s) // reads the solution, which the guess may complete
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
		v := d.Var()
		err = c.decide(d)
		if h := c.heapOf(v); c.branch[v] != 0 && !s.Fixed(v) && !h.has(v) {
			h.push(v) // a bound decision leaves it open
		}
	}
}

// next returns the next decision: the brancher's while it has one, then
// that of the open variable of highest activity (pick); ok is false when
// every branching variable is fixed.
func (c *cdcl) next() (d Lit, ok bool) {
	if c.brancher != nil && c.led {
		if dec, ok := c.brancher.Branch(c.s); ok {
			return c.s.decisionLit(dec), true
		}
	}
	v, ok := c.pick()
	if !ok {
		return Lit{}, false
	}
	return c.decision(v), true
}

// decisionLit returns the literal of a brancher's decision. On a variable
// that keeps bounds only, x = v and x ≠ v with v inside the bounds become
// x ≤ v and x < v, whose negations a learned clause can assert.
func (s *Solver) decisionLit(d Decision) Lit {
	x, v := d.Var, d.Val
	inside := s.boundsOnly(x) && v > s.Min(x) && v < s.Max(x)
	switch d.Rel {
	case Equal:
		if inside {
			return s.AtMost(x, v)
		}
		return s.Is(x, v)
	case NotEqual:
		if inside {
			return s.AtMost(x, v-1)
		}
		return s.IsNot(x, v)
	case LessEq:
		return s.AtMost(x, v)
	case GreaterEq:
		return s.AtLeast(x, v)
	case Less:
		return s.AtMost(x, v-1)
	case Greater:
		return s.AtLeast(x, v+1)
	}
	panic(fmt.Sprintf("cp: unknown relation %d", d.Rel))
}

// decision returns the literal to try for the unfixed variable v: its
// saved phase when that value is left, else its smallest value; over a
// 0..1 variable with no phase, the value 1.
func (c *cdcl) decision(v Var) Lit {
	s := c.s
	info := &s.vars[v]
	if p := c.phase[v]; p >= 0 && s.Contains(v, int(info.offset)+int(p)) && !s.boundsOnly(v) {
		return s.Is(v, int(info.offset)+int(p))
	}
	if info.boolean {
		return Pos(v)
	}
	if s.boundsOnly(v) {
		// No value inside the bounds can go: split the domain.
		lo, hi := s.Min(v), s.Max(v)
		return s.AtMost(v, lo+(hi-lo)/2)
	}
	return s.Is(v, s.Min(v))
}

// decide opens a decision level, makes d true, and propagates.
func (c *cdcl) decide(d Lit) error {
	s, l := c.s, &c.s.learn
	c.marks = append(c.marks, s.mark())
	c.decisions = append(c.decisions, d)
	guide := c.branch[d.Var()] == 0 // only the brancher decides those
	c.isGuide = append(c.isGuide, guide)
	if guide {
		c.guided++
	}
	l.level++
	s.stats.Nodes++
	s.stats.MaxDepth = max(s.stats.MaxDepth, int(l.level))
	l.cur = reason{kind: reasonDecision}
	if err := s.makeTrue(d); err != nil {
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

// guess completes the state, where every branching variable is fixed,
// without search when it can: it gives every open variable at once its
// saved phase (its smallest value when it has none or the phase is gone)
// and propagates. When that succeeds the state is a solution, which the
// caller undoes to the trail height h returned; the witnesses of a
// puzzle's auxiliary variables usually cost one propagation so. When it
// fails, guess undoes it, makes the open variables witnesses to decide one
// by one, and reports false.
func (c *cdcl) guess() (h int, complete bool) {
	s, l := c.s, &c.s.learn
	h = s.mark()
	l.cur = reason{kind: reasonDecision} // undone before any analysis
	open := false
	for v := range c.branch {
		x := Var(v)
		if s.Fixed(x) {
			continue
		}
		open = true
		info := &s.vars[x]
		val := s.Min(x)
		if p := c.phase[v]; p >= 0 && s.Contains(x, int(info.offset+p)) {
			val = int(info.offset + p)
		}
		if s.Assign(x, val) != nil { // cannot fail: nothing propagates in between
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
		c.backjump(0)
		s.schedule(s.objective.id) // improve tightened it at the solution
		return true, s.Propagate()
	}
	if c.guided > 0 {
		return c.blockValues()
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
	for m < len(c.decisions) && c.branch[c.decisions[m].Var()] == branchVar {
		m++
	}
	return m
}

// backjump undoes every level above level, saving the values of the
// variables it frees as their phases and putting them back in the heap.
func (c *cdcl) backjump(level int32) {
	s, l := c.s, &c.s.learn
	if level >= l.level {
		return
	}
	h := c.marks[level]
	for i := len(l.events) - 1; i >= 0 && int(l.events[i].trailPos) > h; i-- {
		v := l.events[i].lit.Var()
		if s.Fixed(v) {
			c.phase[v] = int64(s.Min(v)) - s.vars[v].offset
		}
		if c.branch[v] != 0 {
			if h := c.heapOf(v); !h.has(v) {
				h.push(v)
			}
		}
	}
	s.undo(h)
	for _, g := range c.isGuide[level:] {
		if g {
			c.guided--
		}
	}
	c.marks, c.decisions, c.isGuide = c.marks[:level], c.decisions[:level], c.isGuide[:level]
	l.level = level
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
	return c.assert(lits, permanentLBD)
}

// blockValues adds the clause that rules out the values vars have in the
// solution just found, whatever the decisions that led there: a literal
// x ≠ v for each (x < v or x > v when x keeps bounds only and v lies
// inside its bounds). It jumps back to where the clause asserts a literal
// when one literal was falsified last alone, else to just below the level
// that falsified the last ones, where the clause watches two of them. It
// reports false when the clause fails at the root: no solution is left.
func (c *cdcl) blockValues() (more bool, err error) {
	s := c.s
	lits := c.learnt[:0]
	c.blockStamp++
	for _, x := range c.vars {
		if c.seenVar(x) {
			continue
		}
		v := s.Value(x)
		if s.boundsOnly(x) {
			info := &s.vars[x]
			if int64(v) > info.offset && int64(v) < info.offset+int64(info.size)-1 {
				lits = append(lits, s.AtMost(x, v-1), s.AtLeast(x, v+1))
				continue
			}
		}
		lits = append(lits, s.IsNot(x, v))
	}
	c.learnt = lits
	// Order by the level that falsified each literal, latest first.
	levels := make([]int32, len(lits))
	for i, p := range lits {
		levels[i] = c.levelOf(p.Not())
	}
	if len(lits) == 0 {
		return false, nil
	}
	top := 0
	for i := range lits {
		if levels[i] > levels[top] {
			top = i
		}
	}
	if levels[top] == 0 {
		return false, nil
	}
	lits[0], lits[top] = lits[top], lits[0]
	levels[0], levels[top] = levels[top], levels[0]
	second := 1
	for i := 2; i < len(lits); i++ {
		if levels[i] > levels[second] {
			second = i
		}
	}
	lits = append([]Lit(nil), lits...)
	if len(lits) == 1 || levels[second] < levels[0] {
		back := int32(0)
		if len(lits) > 1 {
			back = levels[second]
		}
		c.backjump(back)
		if err = c.assert(lits, permanentLBD); err == nil {
			err = s.Propagate()
		}
		return true, err
	}
	// Two or more were falsified last, at the same level: below it they
	// are open, and the clause waits as any other.
	lits[1], lits[second] = lits[second], lits[1]
	c.backjump(levels[0] - 1)
	s.learn.clauses.add(lits, permanentLBD)
	return true, s.Propagate()
}

// seenVar reports whether x was met before under blockStamp, and
// marks it.
func (c *cdcl) seenVar(x Var) bool {
	if len(c.varStamp) < len(c.branch) {
		c.varStamp = make([]uint32, len(c.branch))
	}
	if c.varStamp[x] == c.blockStamp {
		return true
	}
	c.varStamp[x] = c.blockStamp
	return false
}

// levelOf returns the decision level at which the true literal p became
// true (0 for the root); an equality counts at the later of its bounds.
func (c *cdcl) levelOf(p Lit) int32 {
	s, l := c.s, &c.s.learn
	if p.isEqual() {
		v := int(s.litValue(p))
		return max(c.levelOf(s.AtLeast(p.Var(), v)), c.levelOf(s.AtMost(p.Var(), v)))
	}
	if e := s.eventOf(p); e >= 0 {
		return l.events[e].level
	}
	return 0
}

// assert stores a clause whose first literal is not false and whose other
// literals are false, and makes its first literal true. lbd is the
// clause's literal block distance when learned, or permanentLBD for a
// clause that blocks a solution, which is never dropped.
func (c *cdcl) assert(lits []Lit, lbd int) error {
	s, l := c.s, &c.s.learn
	if len(lits) == 1 {
		l.cur = reason{}
		return s.makeTrue(lits[0])
	}
	// Watch the false literal of the highest level, so the clause wakes
	// first when that level is undone.
	best, bestLevel := 1, c.levelOf(lits[1].Not())
	for i := 2; i < len(lits); i++ {
		if lv := c.levelOf(lits[i].Not()); lv > bestLevel {
			best, bestLevel = i, lv
		}
	}
	lits[1], lits[best] = lits[best], lits[1]
	cl := l.clauses.add(lits, lbd)
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
	for _, p := range conflict {
		top = max(top, c.levelOf(p))
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
	if c.lbdStamp++; c.lbdStamp == 0 {
		clear(c.levelSeen)
		c.lbdStamp = 1
	}
	if n := int(l.level) + 1; len(c.levelSeen) < n {
		c.levelSeen = append(c.levelSeen, make([]uint32, n-len(c.levelSeen))...)
	}
	lbd := 0
	for i, lit := range learnt {
		lv := c.levelOf(lit.Not())
		if i > 0 {
			back = max(back, lv)
		}
		if c.levelSeen[lv] != c.lbdStamp {
			c.levelSeen[lv] = c.lbdStamp
			lbd++
		}
	}
	c.backjump(back)
	c.s.stats.Learned++
	c.s.stats.LearnedLits += int64(len(learnt))
	c.bump *= 1 / activityDecay
	if c.bump > 1e100 {
		for i := range c.activity {
			c.activity[i] *= 1e-100
		}
		c.bump *= 1e-100
	}
	return c.assert(learnt, lbd)
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
