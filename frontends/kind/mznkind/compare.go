package mznkind

import (
	"context"
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
	if err != nil {
		if ctx.Err() == nil {
			c.Problem(err)
		}
		return
	}
	o := fznkind.Options{Timeouts: c.Options().Timeout > 0}
	rows := make([]kind.CompareRow, 0, len(engines))
	for _, e := range engines {
		m, err := models.of(e)
		if err != nil {
			rows = append(rows, kind.CompareRow{Kind: Name, ID: id, Engine: e.Name, Status: kind.StatusError,
				Answer: "error", Error: err.Error()})
			continue
		}
		rows = append(rows, fznkind.CompareRow(ctx, c, Name, e, id, m, o))
	}
	c.Puzzle(rows)
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
	if out.ours, err = comp.Compile(ctx, in, Ours); err != nil {
		return nil, err
	}
	for _, e := range engines {
		if e.Name != fznkind.GecodeName {
			continue
		}
		var note string
		out.gecode, note, out.gecodeErr = comp.ForGecode(ctx, in)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if note != "" {
			c.Say(fmt.Sprintf("%s: gecode runs it compiled with the standard library: %s", in.ID(), note))
		}
		if out.gecodeErr != nil {
			out.gecodeErr = fmt.Errorf("compiling for Gecode: %w", out.gecodeErr)
		}
	}
	return out, nil
}
