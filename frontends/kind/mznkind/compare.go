package mznkind

import (
	"context"
	"errors"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/fznkind"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// compare compiles one model with its data files (in.With) once per
// library its wanted engines need, and runs each engine on its own
// FlatZinc, looking for one solution or the optimum: the engines that
// settle the question must agree on "satisfiable", "optimal N" or
// "unsolvable". A model that does not compile, or no minizinc, is a
// problem with the input (c.Problem), with minizinc's message.
func compare(ctx context.Context, c kind.Comparison, in kind.Input) {
	inst := Instance{Model: in, Data: in.With}
	id := inst.ID()
	var engines []fznkind.Engine
	for _, e := range fznkind.Engines() {
		if kind.Wanted(c, e.Name, e.Group) {
			engines = append(engines, e)
		}
	}
	if len(engines) == 0 {
		return
	}
	comp, err := NewCompiler()
	if err != nil {
		c.Problem(fmt.Errorf("%s: %w", textsafe.Name(id), err))
		return
	}
	defer comp.Close()
	c.Begin(id)
	models, err := compileFor(ctx, c, comp, inst, engines)
	switch {
	case ctx.Err() != nil:
		return
	case errors.Is(err, errCompileTimeout):
		rows := make([]kind.CompareRow, 0, len(engines))
		for _, e := range engines {
			rows = append(rows, uncompiled(id, e.Name, err))
		}
		c.Puzzle(rows)
		return
	case err != nil:
		c.Problem(err)
		return
	}
	o := fznkind.Options{Timeouts: c.Options().Timeout > 0}
	rows := make([]kind.CompareRow, 0, len(engines))
	for _, e := range engines {
		m, err := models.of(e)
		if errors.Is(err, errCompileTimeout) {
			rows = append(rows, uncompiled(id, e.Name, err))
			continue
		}
		if err != nil {
			rows = append(rows, kind.CompareRow{Kind: Name, ID: id, Engine: e.Name, Status: kind.StatusError,
				Answer: "error", Error: err.Error()})
			continue
		}
		rows = append(rows, fznkind.CompareRow(ctx, c, Name, e, id, m, o))
	}
	c.Puzzle(rows)
}

// errCompileTimeout is the error of a compilation that --timeout stopped.
var errCompileTimeout = errors.New("minizinc did not compile it within --timeout")

// uncompiled returns the row of the engine called engine on the instance
// id when compiling stopped at the timeout: unknown, as a run stopped so.
func uncompiled(id, engine string, err error) kind.CompareRow {
	return kind.CompareRow{Kind: Name, ID: id, Engine: engine, Status: kind.StatusUnknown, Answer: "not compiled", Error: err.Error()}
}

// compileWithin runs compile under the per-run timeout of c, when there
// is one: compiling a model is part of each run's time, so a model that
// minizinc compiles for longer than that stops there, with an error
// wrapping errCompileTimeout.
func compileWithin[T any](ctx context.Context, c kind.Comparison, compile func(ctx context.Context) (T, error)) (T, error) {
	limit := c.Options().Timeout
	if limit <= 0 {
		return compile(ctx)
	}
	within, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	v, err := compile(within)
	if err != nil && ctx.Err() == nil && errors.Is(within.Err(), context.DeadlineExceeded) {
		err = fmt.Errorf("%w %v", errCompileTimeout, limit)
	}
	return v, err
}

// compiled holds an instance's FlatZinc for each engine.
type compiled struct {
	ours      *fzn.Model
	gecode    *fzn.Model
	gecodeErr error // why there is no model for gecode
}

// of returns the FlatZinc engine e runs.
func (c *compiled) of(e fznkind.Engine) (*fzn.Model, error) {
	if e.Name == fznkind.GecodeName {
		return c.gecode, c.gecodeErr
	}
	return c.ours, nil
}

// compileFor compiles the instance with our library, and for Gecode when
// an engine is gecode. An error of the first is the input's problem;
// Gecode's is its row's.
func compileFor(ctx context.Context, c kind.Comparison, comp *Compiler, in Instance, engines []fznkind.Engine) (*compiled, error) {
	out := &compiled{}
	var err error
	out.ours, err = compileWithin(ctx, c, func(ctx context.Context) (*fzn.Model, error) { return comp.Compile(ctx, in, Ours) })
	if err != nil {
		return nil, err
	}
	for _, e := range engines {
		if e.Name != fznkind.GecodeName {
			continue
		}
		var note string
		out.gecode, out.gecodeErr = compileWithin(ctx, c, func(ctx context.Context) (m *fzn.Model, err error) {
			m, note, err = comp.ForGecode(ctx, in)
			return m, err
		})
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if note != "" {
			c.Say(fmt.Sprintf("%s: gecode runs it compiled with the standard library: %s", in.ID(), note))
		}
		if out.gecodeErr != nil && !errors.Is(out.gecodeErr, errCompileTimeout) {
			out.gecodeErr = fmt.Errorf("compiling for Gecode: %w", out.gecodeErr)
		}
	}
	return out, nil
}
