package cli

import (
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
)

// The tests of this package name the exit codes and statuses of the
// command-line contract as clikit defines them; scripts see them as
// process exit codes and JSON fields (COMMANDS.md, "Exit codes").

// Exit codes (see clikit).
const (
	ExitOK          = clikit.ExitOK
	ExitFailed      = clikit.ExitFailed
	ExitUsage       = clikit.ExitUsage
	ExitTimeout     = clikit.ExitTimeout
	ExitInterrupted = clikit.ExitInterrupted
)

// Status is the outcome of one puzzle, as JSON and CSV output spell it.
type Status = kind.Status

// The status vocabulary (see clikit).
const (
	StatusSolved     = kind.StatusSolved
	StatusUnsolvable = kind.StatusUnsolvable
	StatusUnknown    = kind.StatusUnknown
	StatusError      = kind.StatusError
	StatusOK         = kind.StatusOK
	StatusWrong      = kind.StatusWrong
)
