// Package progress lets a long piece of work say how far it has gone
// without printing anything: a Meter travels in the context, engines add
// the nodes (search decisions, states, suppositions) they go through and
// name the phase they are in, and a front end reads the Meter from another
// goroutine to draw progress where a person watches.
//
// The package knows no puzzle, no engine and no front end. Every method
// works on a nil *Meter, doing nothing, so an engine need not check
// whether anyone is watching.
package progress

import (
	"context"
	"sync/atomic"
)

// A Meter counts work in progress. Its methods are safe to call from
// several goroutines at once.
type Meter struct {
	nodes atomic.Int64
	phase atomic.Pointer[string]
}

// AddNodes adds n nodes of work (search decisions, states expanded,
// suppositions examined; the kind is the engine's).
func (m *Meter) AddNodes(n int64) {
	if m != nil {
		m.nodes.Add(n)
	}
}

// Nodes returns the nodes counted so far.
func (m *Meter) Nodes() int64 {
	if m == nil {
		return 0
	}
	return m.nodes.Load()
}

// SetPhase names the phase the work is in, in a few words ("probing,
// depth 2"); "" names none.
func (m *Meter) SetPhase(phase string) {
	if m != nil {
		m.phase.Store(&phase)
	}
}

// Phase returns the phase last named, or "".
func (m *Meter) Phase() string {
	if m == nil {
		return ""
	}
	if p := m.phase.Load(); p != nil {
		return *p
	}
	return ""
}

type meterKey struct{}

// WithMeter returns a context that carries m to the work done under it.
func WithMeter(ctx context.Context, m *Meter) context.Context {
	return context.WithValue(ctx, meterKey{}, m)
}

// From returns the Meter ctx carries, or nil when it carries none. An
// engine calls it once when it starts, not in its inner loop.
func From(ctx context.Context) *Meter {
	m, _ := ctx.Value(meterKey{}).(*Meter)
	return m
}
