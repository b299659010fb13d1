package minizinc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// An Interface is what minizinc says of an instance without solving it
// (--model-interface-only): what it asks for, its variables and globals.
type Interface struct {
	Method Method
	// Input and Output map the parameters the data must give and the
	// output variables to their types.
	Input, Output map[string]VarType
	// HasOutputItem reports whether the model has an output item.
	HasOutputItem bool
	// Globals lists the global constraints the model calls.
	Globals []string
}

// A VarType is the type of a parameter or variable of an Interface: a base
// type (int, bool, float...) with the dimensions of an array (0 for a
// scalar), and whether it is a set, optional, or of an enum.
type VarType struct {
	Type     string `json:"type"`
	Dim      int    `json:"dim"`
	Set      bool   `json:"set"`
	Optional bool   `json:"optional"`
	EnumType string `json:"enum_type"`
}

// interfaceLimit bounds the compilation Interface asks for.
const interfaceLimit = time.Minute

// Interface asks minizinc what the instance is (--model-interface-only),
// compiling it with the library of solver.
func (p *Program) Interface(ctx context.Context, in Instance, solver string) (*Interface, error) {
	req := Request{Instance: in, Solver: solver}
	dir, done, err := req.prepare()
	if err != nil {
		return nil, err
	}
	defer done()
	args := append([]string{"--model-interface-only", "--json-stream", "--solver", solver, in.Model}, in.Data...)
	out, stderr, code, err := p.run(ctx, interfaceLimit, dir, args)
	if err != nil {
		return nil, err
	}
	r := readRun(out, false, code != 0)
	if len(r.Errors) > 0 || code != 0 {
		r.Status, r.Stderr, r.ExitCode = Error, stderr, code
		return nil, r.Err()
	}
	return parseInterface(out)
}

// parseInterface finds the interface message in minizinc's output.
func parseInterface(out []byte) (*Interface, error) {
	var raw struct {
		Type          string             `json:"type"`
		Method        string             `json:"method"`
		Input         map[string]VarType `json:"input"`
		Output        map[string]VarType `json:"output"`
		HasOutputItem bool               `json:"has_output_item"`
		Globals       []string           `json:"globals"`
	}
	for _, line := range splitLines(out) {
		if json.Unmarshal(line, &raw) == nil && raw.Type == "interface" {
			m, ok := map[string]Method{"sat": Satisfy, "min": Minimize, "max": Maximize}[raw.Method]
			if !ok {
				return nil, fmt.Errorf("minizinc --model-interface-only: unknown method %q", raw.Method)
			}
			return &Interface{Method: m, Input: raw.Input, Output: raw.Output, HasOutputItem: raw.HasOutputItem, Globals: raw.Globals}, nil
		}
	}
	return nil, errors.New("minizinc --model-interface-only printed no interface")
}
