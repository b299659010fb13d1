package fzncp

import (
	"time"

	"github.com/waterworks-solver/waterworks/cp"
)

// FirstDecisions returns the decisions the plain engine's brancher takes
// first, following the first branch of each, up to depth of them, after
// propagating the root.
func FirstDecisions(m *Model, opts SolveOptions, depth int) []cp.Decision {
	if m.s.Propagate() != nil {
		return nil
	}
	b := m.brancher(opts.Free, opts.Seed, nil)
	var ds []cp.Decision
	var walk func()
	walk = func() {
		if len(ds) == depth {
			return
		}
		d, ok := b.Branch(m.s)
		if !ok {
			return
		}
		ds = append(ds, d)
		m.s.Try(d, walk)
	}
	walk()
	return ds
}

// Solver returns the cp.Solver the model is built on.
func (m *Model) Solver() *cp.Solver { return m.s }

// AddStall posts a propagator that, at its first run, blocks for d without
// looking at any context: a stand-in for an engine step that takes long.
func AddStall(m *Model, d time.Duration) {
	first := true
	id := m.s.Add(propagatorFunc(func(*cp.Solver) error {
		if first {
			first = false
			time.Sleep(d)
		}
		return nil
	}))
	if len(m.all) > 0 {
		m.s.Watch(id, m.all[0], cp.OnDomain)
	}
}

type propagatorFunc func(*cp.Solver) error

func (f propagatorFunc) Propagate(s *cp.Solver) error { return f(s) }
