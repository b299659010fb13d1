package kind

// Status is the outcome of one piece of work on one input, as both
// frontends spell it: the command line in its JSON and CSV records (each
// status has one exit code there), the web page in its answers.
type Status string

// The status vocabulary is fixed; scripts match on it. The "Exit codes"
// of frontends/cli/COMMANDS.md list it, and a test checks that they list
// every one.
const (
	StatusSolved      Status = "solved"      // an answer was found and checked
	StatusOK          Status = "ok"          // check: the solution is right; hint: a deduction was given
	StatusUnsolvable  Status = "unsolvable"  // proven to have no answer
	StatusNotUnique   Status = "not-unique"  // asked to be unique, it has several solutions
	StatusWrong       Status = "wrong"       // check: the solution is wrong
	StatusUnknown     Status = "unknown"     // stopped by a timeout or a limit before an answer
	StatusInterrupted Status = "interrupted" // stopped by Ctrl-C, SIGTERM or the caller before an answer
	StatusError       Status = "error"       // bad input, or an internal failure
)

// Statuses lists the vocabulary, in the order of the command line's exit
// codes.
var Statuses = []Status{StatusSolved, StatusOK, StatusUnsolvable, StatusNotUnique, StatusWrong, StatusUnknown, StatusInterrupted, StatusError}

// Settled reports whether s answers the question an engine was asked:
// solved or unsolvable. Engines must agree on settled answers only.
func (s Status) Settled() bool { return s == StatusSolved || s == StatusUnsolvable }
