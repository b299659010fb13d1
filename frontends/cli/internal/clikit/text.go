package clikit

import (
	"bufio"
	"fmt"
	"io"

	"github.com/waterworks-solver/waterworks/frontends/kind"
)

// TextRecords separates the text records a command writes with blank
// lines. The zero value is ready to use.
type TextRecords struct{ written int }

// Start begins a record of status s on w and reports whether the record
// has text: one with StatusError has none (errors appear on stderr only);
// any other gets a blank line before it unless it is the first.
func (t *TextRecords) Start(w io.Writer, s kind.Status) bool {
	if s == kind.StatusError {
		return false
	}
	if t.written > 0 {
		fmt.Fprintln(w)
	}
	t.written++
	return true
}

// StartSolved begins a record like Start and writes the whole text of one
// that is not solved, the line "id: status (reason; engine)". It reports
// whether the record is solved, its text still to write, or else the
// error of the write.
func (t *TextRecords) StartSolved(w io.Writer, id string, s kind.Status, reason, engine string) (solved bool, err error) {
	if !t.Start(w, s) {
		return false, nil
	}
	if s != kind.StatusSolved {
		_, err := fmt.Fprintf(w, "%s: %s (%s; %s)\n", id, s, reason, engine)
		return false, err
	}
	return true, nil
}

// A Count is an integer flag, its name without dashes and its value, with
// the least value it accepts.
type Count struct {
	Name       string
	Value, Min int
	Max        int // 0: no maximum
}

// CheckCounts returns an error for the first count below its minimum,
// worded "negative --max-states -1" when the minimum is 0 and
// "--jobs 0: want at least 1" otherwise, or above its maximum ("--jobs
// 5000: want at most 1024"), or nil.
func CheckCounts(counts ...Count) error {
	for _, c := range counts {
		switch {
		case c.Max > 0 && c.Value > c.Max:
			return fmt.Errorf("--%s %d: want at most %d", c.Name, c.Value, c.Max)
		case c.Value >= c.Min:
		case c.Min == 0:
			return fmt.Errorf("negative --%s %d", c.Name, c.Value)
		default:
			return fmt.Errorf("--%s %d: want at least %d", c.Name, c.Value, c.Min)
		}
	}
	return nil
}

// A Sink is where a command's records go: the streams, standard output
// (or the -o file) buffered, the printer of the --format, and the blank
// lines between text records.
type Sink struct {
	Stdio   IO
	Out     *bufio.Writer
	Printer *Printer
	Records TextRecords
}

// NewSink returns the sink of records in format, written to w through a
// buffer that the caller flushes.
func NewSink(stdio IO, w io.Writer, format string) Sink {
	out := bufio.NewWriter(w)
	return Sink{Stdio: stdio, Out: out, Printer: NewPrinter(format, out)}
}
