package jugscli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind/jugskind"
	"github.com/waterworks-solver/waterworks/models/jugs"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// options returns the engine settings of the flags.
func (f *jugsSolveFlags) options() jugskind.Options {
	enc, _ := jugs.ParseEncoding(f.encoding) // checked when the flags were parsed
	return jugskind.Options{MaxStates: f.maxStates, MaxSteps: f.maxSteps, MaxClauses: f.maxClauses, Complete: f.complete,
		Backend: f.backend, Encoding: enc, Timeouts: f.Timeout > 0}
}

// jugsMethodFlags names, for each flag that only some methods read, those
// methods.
var jugsMethodFlags = map[string][]string{
	"max-states":  {"bfs"},
	"max-steps":   {"sat", "cp"},
	"max-clauses": {"sat"},
	"complete":    {"sat", "cp"},
	"backend":     {"sat"},
	"encoding":    {"sat"},
}

// checkJugsMethodFlags refuses a flag given to a method that does not read
// it, and an unknown SAT backend; set holds the flags given.
func checkJugsMethodFlags(method, backend string, set map[string]bool) error {
	for name, methods := range jugsMethodFlags {
		if set[name] && !clikit.Contains(methods, method) {
			return fmt.Errorf("--%s applies to --method %s, not %s", name, strings.Join(methods, " or "), method)
		}
	}
	if method != "sat" {
		return nil
	}
	if _, err := backends.Open(backend); err != nil {
		if errors.Is(err, backends.ErrUnknown) {
			return clikit.UnknownBackend(backend, append(backends.Builtin(), backends.DIMACS+"CMD"))
		}
		return err
	}
	return nil
}
