package kind

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/textsafe"
)

// InternalError is a panic inside an engine, caught so that it reaches the
// user as a message (and the command line's exit 2) instead of a crash.
type InternalError struct {
	ID    string // the input being worked on
	Value any    // what the engine panicked with
	Where string // the function that panicked, with its file and line
}

// internalPrefix starts the message of every InternalError.
const internalPrefix = "internal error, please report: "

// IsInternal reports whether msg is the message of an InternalError, as
// records and rows carry it.
func IsInternal(msg string) bool { return strings.HasPrefix(msg, internalPrefix) }

// Error says "internal error, please report: ..." with the input and
// where the engine failed.
func (e *InternalError) Error() string {
	msg := fmt.Sprintf("%s%v", internalPrefix, e.Value)
	if e.ID != "" {
		msg = fmt.Sprintf("%s%s: %v", internalPrefix, textsafe.Name(e.ID), e.Value)
	}
	if e.Where != "" {
		msg += " (at " + e.Where + ")"
	}
	return msg
}

// Safely calls work on the input id and turns a panic inside it into an
// *InternalError.
func Safely(id string, work func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &InternalError{ID: id, Value: v, Where: panicSite()}
		}
	}()
	return work()
}

// panicSite returns the function that panicked, with its file and line:
// the first frame below the runtime's panic machinery.
func panicSite() string {
	pcs := make([]uintptr, 32)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "runtime.") {
			file := f.File
			if i := strings.LastIndex(file, "/"); i >= 0 {
				file = file[i+1:]
			}
			return fmt.Sprintf("%s %s:%d", f.Function, file, f.Line)
		}
		if !more {
			return ""
		}
	}
}
