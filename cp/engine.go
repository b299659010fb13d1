package cp

import (
	"fmt"
	"time"
)

// Propagator narrows domains when the variables it watches change. It
// returns ErrInconsistent (or the error of a failed domain operation) when it
// finds that the current node has no solution. Propagate must be monotone:
// it only removes values.
type Propagator interface {
	Propagate(s *Solver) error
}

// Advisor is implemented by propagators that want to hear of each change of
// a watched variable as it happens, for instance to keep running sums in Rev
// words. Advise is called with the tag given to WatchTagged (0 for Watch);
// it returns whether the propagator should be scheduled. Advise must not
// change domains.
type Advisor interface {
	Advise(s *Solver, tag int32) bool
}

// Priority orders the propagation queue: cheaper propagators run first, so
// expensive ones see a domain state that the cheap ones have settled.
type Priority uint8

// Propagator priorities, cheapest first.
const (
	PriorityUnary  Priority = iota // constant time: clauses, implications
	PriorityLinear                 // linear time in the number of variables
	PriorityHeavy                  // dynamic programs and the like
	numPriorities
)

// Prioritizer is implemented by propagators that are not of linear cost.
type Prioritizer interface {
	Priority() Priority
}

// Idempotent is implemented by propagators that always reach their own
// fixpoint, so their own changes need not wake them again.
type Idempotent interface {
	Idempotent() bool
}

// PropID identifies a propagator added to a Solver.
type PropID int32

// Event selects the domain changes that wake a propagator.
type Event uint8

// Events; a watch fires when any of its events happens.
const (
	OnFix    Event = 1 << iota // the variable became fixed
	OnBounds                   // its minimum or maximum changed, fixing included
	OnDomain                   // any value was removed
)

const (
	eventBounds = iota // a change that moved a bound
	eventDomain        // a change inside the bounds
)

type watch struct {
	prop  PropID
	tag   int32
	event Event
}

type propEntry struct {
	p          Propagator
	advisor    Advisor // nil when p is not an Advisor
	priority   Priority
	idempotent bool
}

// Tracer hears of every domain change: the variable, and the propagator that
// made it, or -1 for changes made outside propagation (search decisions, the
// model's own setup).
type Tracer func(v Var, by PropID)

// Stats counts the work of propagation and search.
type Stats struct {
	Nodes        int64         // decisions taken by search (each branch counts once)
	Failures     int64         // nodes whose propagation failed
	Propagations int64         // propagator runs
	Solutions    int64         // solutions reported
	Restarts     int64         // restarts of restarting searches
	Learned      int64         // clauses learned from conflicts (SearchLearning)
	LearnedLits  int64         // the literals of those clauses, in all
	MaxDepth     int           // deepest decision level reached
	Time         time.Duration // time spent searching
}

// String returns the counters on one line, as "nodes=120 failures=55
// propagations=3400 solutions=2 restarts=0 depth=9 time=1.2ms".
func (st Stats) String() string {
	return fmt.Sprintf("nodes=%d failures=%d propagations=%d solutions=%d restarts=%d depth=%d time=%v",
		st.Nodes, st.Failures, st.Propagations, st.Solutions, st.Restarts, st.MaxDepth, st.Time)
}

type engine struct {
	props     []propEntry
	watches   [][]watch // by variable
	queued    []bool    // by propagator
	queues    [numPriorities][]PropID
	heads     [numPriorities]int
	current   PropID  // the propagator running, or -1
	conflict  PropID  // the propagator that failed last, or -1
	failures  []int64 // by propagator: how often it failed
	tracer    Tracer
	stats     Stats
	learn     learning
	objective *objectiveBound // the bound of optimising searches, once one ran
}

// Add registers p and schedules it for a first run; Watch and WatchTagged
// tell the solver which variables wake it. The PropID it returns names the
// constraint everywhere the solver reports on constraints: Conflict,
// Failures, Tracer. Every Add* method of the package returns one too.
func (s *Solver) Add(p Propagator) PropID {
	id := PropID(len(s.props))
	e := propEntry{p: p, priority: PriorityLinear}
	if a, ok := p.(Advisor); ok {
		e.advisor = a
	}
	if pr, ok := p.(Prioritizer); ok {
		e.priority = pr.Priority()
	}
	if i, ok := p.(Idempotent); ok {
		e.idempotent = i.Idempotent()
	}
	s.props = append(s.props, e)
	s.queued = append(s.queued, false)
	s.failures = append(s.failures, 0)
	s.schedule(id)
	return id
}

// Watch makes changes of v of the kinds in e wake propagator id. A
// propagator that is an Advisor hears of them with tag 0; use WatchTagged to
// tell its watches apart.
func (s *Solver) Watch(id PropID, v Var, e Event) { s.WatchTagged(id, v, e, 0) }

// WatchTagged is Watch for propagators that are Advisors: each change of v of
// the kinds in e calls the propagator's Advise with tag, which typically
// says which of its variables changed, and Advise decides whether the
// propagator runs.
func (s *Solver) WatchTagged(id PropID, v Var, e Event, tag int32) {
	s.watches[v] = append(s.watches[v], watch{prop: id, tag: tag, event: e})
}

// Propagator returns the propagator with the given id.
func (s *Solver) Propagator(id PropID) Propagator { return s.props[id].p }

// NumPropagators returns the number of propagators added.
func (s *Solver) NumPropagators() int { return len(s.props) }

// Conflict returns the propagator whose failure ended the last propagation,
// or -1 when the last failure came from a decision or nothing failed.
func (s *Solver) Conflict() PropID { return s.conflict }

// Failures returns how often propagator id has failed so far.
func (s *Solver) Failures(id PropID) int64 { return s.failures[id] }

// SetTracer installs a function that hears of every domain change, or
// removes it when t is nil.
func (s *Solver) SetTracer(t Tracer) { s.tracer = t }

// Stats returns the counters accumulated so far.
func (s *Solver) Stats() Stats { return s.stats }

// changed wakes the watchers of v after a change of the given kind.
func (s *Solver) changed(v Var, kind int) {
	if s.tracer != nil {
		s.tracer(v, s.current)
	}
	happened := OnDomain
	if kind == eventBounds {
		happened |= OnBounds
		if s.Fixed(v) {
			happened |= OnFix
		}
	}
	for _, w := range s.watches[v] {
		if w.event&happened == 0 {
			continue
		}
		e := &s.props[w.prop]
		if e.advisor != nil && !e.advisor.Advise(s, w.tag) {
			continue
		}
		if w.prop == s.current && e.idempotent {
			continue
		}
		s.schedule(w.prop)
	}
}

func (s *Solver) schedule(id PropID) {
	if s.queued[id] {
		return
	}
	s.queued[id] = true
	pr := s.props[id].priority
	s.queues[pr] = append(s.queues[pr], id)
}

// pop takes the next propagator from the cheapest non-empty queue.
func (s *Solver) pop() (PropID, bool) {
	for pr := range s.queues {
		q := s.queues[pr]
		if h := s.heads[pr]; h < len(q) {
			id := q[h]
			s.heads[pr] = h + 1
			if h+1 == len(q) {
				s.queues[pr], s.heads[pr] = q[:0], 0
			}
			s.queued[id] = false
			return id, true
		}
	}
	return 0, false
}

// pending returns the propagators waiting in the queue. A search that
// undoes its work on return puts them back with restorePending: they ran
// in the search, but their deductions went with the undo, so in the state
// restored they are still to run. Without that, a constraint that failed
// at the root of one search, over variables no decision changes, would
// not run in the next one.
func (s *Solver) pending() []PropID {
	var ids []PropID
	for pr := range s.queues {
		ids = append(ids, s.queues[pr][s.heads[pr]:]...)
	}
	return ids
}

// restorePending empties the queue and schedules ids.
func (s *Solver) restorePending(ids []PropID) {
	s.clearQueue()
	for _, id := range ids {
		s.schedule(id)
	}
}

func (s *Solver) clearQueue() {
	for pr := range s.queues {
		for _, id := range s.queues[pr][s.heads[pr]:] {
			s.queued[id] = false
		}
		s.queues[pr], s.heads[pr] = s.queues[pr][:0], 0
	}
}

// Propagate runs scheduled propagators until none is left (a fixpoint) or
// one fails. On failure the queue is emptied, Conflict names the culprit and
// the error is returned; the domains are then in no meaningful state until
// the caller backtracks.
func (s *Solver) Propagate() error {
	for {
		id, ok := s.pop()
		if !ok {
			return nil
		}
		s.current = id
		s.stats.Propagations++
		s.learn.cur, s.learn.conflictSet = reason{}, false
		err := s.props[id].p.Propagate(s)
		if err != nil {
			s.explainFailure(id)
		}
		s.current = -1
		if err != nil {
			s.conflict = id
			s.failures[id]++
			s.clearQueue()
			return err
		}
	}
}
