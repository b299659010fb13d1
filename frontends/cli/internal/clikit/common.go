package clikit

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/membudget"
	"github.com/waterworks-solver/waterworks/sat"
)

// LineOf returns the line of a positioned input error, or 0.
func LineOf(err error) int {
	var ie *inputerr.Error
	if errors.As(err, &ie) {
		return ie.Line
	}
	return 0
}

// ErrorID is the id of the record of an input that failed: "file:line"
// of a positioned input error, the name of an unreadable input, else the
// error's message.
func ErrorID(err error) string {
	var ie *inputerr.Error
	var re *ReadError
	switch {
	case errors.As(err, &ie):
		return ie.File + ":" + strconv.Itoa(ie.Line)
	case errors.As(err, &re):
		return re.Name
	}
	return err.Error()
}

// Status is the outcome of one puzzle, as JSON and CSV output spell it.
// Each status has one exit code (Status.ExitCode), so a record's status
// always agrees with the code the command exits with.
type Status string

// The status vocabulary is fixed; scripts match on it. The README's
// "Output and exit codes" lists it, and a test checks that it lists every
// one.
const (
	StatusSolved      Status = "solved"      // an answer was found and checked (exit 0)
	StatusOK          Status = "ok"          // check: the solution is right; hint: a deduction was given (exit 0)
	StatusUnsolvable  Status = "unsolvable"  // proven to have no answer (exit 1)
	StatusNotUnique   Status = "not-unique"  // asked to be unique (--unique), it has several solutions (exit 1)
	StatusWrong       Status = "wrong"       // check: the solution is wrong (exit 1)
	StatusUnknown     Status = "unknown"     // stopped by a timeout or a limit before an answer (exit 124)
	StatusInterrupted Status = "interrupted" // stopped by Ctrl-C or SIGTERM before an answer (exit 130)
	StatusError       Status = "error"       // bad input, or an internal failure (exit 2)
)

// Statuses lists the vocabulary, in the order of the exit codes.
var Statuses = []Status{StatusSolved, StatusOK, StatusUnsolvable, StatusNotUnique, StatusWrong, StatusUnknown, StatusInterrupted, StatusError}

// ExitCode maps a status to its exit code. A record that still says
// unknown for work ctx interrupted exits 130, as interrupted would.
func (s Status) ExitCode(ctx context.Context) int {
	switch s {
	case StatusSolved, StatusOK:
		return ExitOK
	case StatusUnsolvable, StatusWrong, StatusNotUnique:
		return ExitFailed
	case StatusUnknown:
		if ctx != nil && errors.Is(ctx.Err(), context.Canceled) && !memoryStopped(ctx) {
			return ExitInterrupted
		}
		return ExitTimeout
	case StatusInterrupted:
		return ExitInterrupted
	}
	return ExitUsage
}

// StopStatus is the status of work that err stopped before an answer:
// interrupted when err is context.Canceled (a signal), unknown for a
// timeout or a limit. Pass err through Cause first, so that the memory
// watch, which cancels the work's context, is not taken for a signal.
func StopStatus(err error) Status {
	if errors.Is(err, context.Canceled) {
		return StatusInterrupted
	}
	return StatusUnknown
}

// StoppedStatus is the status of work that stopped before an answer under ctx:
// interrupted when ctx was canceled (by a signal), unknown when a timeout
// or a limit stopped it.
func StoppedStatus(ctx context.Context) Status {
	if errors.Is(ctx.Err(), context.Canceled) && !memoryStopped(ctx) {
		return StatusInterrupted
	}
	return StatusUnknown
}

// memoryStopped reports whether the memory watch ended ctx: a limit, not
// an interrupt, though ctx says canceled.
func memoryStopped(ctx context.Context) bool {
	_, ok := membudget.Cause(ctx)
	return ok
}

// Output formats.
const (
	FormatText  = "text"
	FormatJSON  = "json"
	FormatCSV   = "csv"
	FormatBench = "bench"
)

// CommonFlags are the flags every solving command takes.
type CommonFlags struct {
	Format    string
	Timeout   time.Duration
	Stats     bool
	MaxMemory memoryFlag // --max-memory: the memory budget of each puzzle's work
}

func (f *CommonFlags) Register(fs *flag.FlagSet, formats ...string) {
	if len(formats) == 0 {
		formats = []string{FormatText, FormatJSON, FormatCSV}
	}
	fs.StringVar(&f.Format, "format", FormatText, "output `format`: "+strings.Join(formats, ", "))
	fs.DurationVar(&f.Timeout, "timeout", 0, "give up after this `duration` (e.g. 500ms, 30s); 0 means never")
	fs.BoolVar(&f.Stats, "stats", false, "report time and search statistics (on stderr in text format)")
	registerMaxMemory(fs, &f.MaxMemory)
}

// Check validates the flag values after parsing.
func (f *CommonFlags) Check(formats ...string) error {
	if len(formats) == 0 {
		formats = []string{FormatText, FormatJSON, FormatCSV}
	}
	if !Contains(formats, f.Format) {
		return UnknownChoice("format", f.Format, formats)
	}
	if f.Timeout < 0 {
		return fmt.Errorf("negative timeout %v", f.Timeout)
	}
	return nil
}

// WithTimeout derives the context a puzzle's work runs under: ended by
// --timeout, and held to the memory budget of --max-memory (see
// membudget), whose crossing ends it with a *membudget.Error as its cause.
func (f *CommonFlags) WithTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, stopWatch := budgeted(ctx, f.MaxMemory.budget())
	if f.Timeout <= 0 {
		return ctx, stopWatch
	}
	ctx, cancel := context.WithTimeout(ctx, f.Timeout)
	return ctx, func() {
		cancel()
		stopWatch()
	}
}

// Contains reports whether list holds s.
func Contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// UsageError prints a usage problem found after parsing and returns
// ExitUsage.
func UsageError(stdio IO, fs *flag.FlagSet, err error) int {
	fmt.Fprintf(stdio.Err, "%s: %v\n", fs.Name(), err)
	return ExitUsage
}

// Input is one named input read whole.
type Input struct {
	Name string // the file name, "-" for standard input, argN for a puzzle given as an argument
	Data []byte
	// Err says why the input could not be read (a *ReadError); Data is
	// then empty.
	Err error
}

// ReadError is an input that could not be read, and why.
type ReadError struct {
	Name string
	Err  error // the reason, context.Canceled when a signal stopped the reading
}

func (e *ReadError) Error() string {
	switch {
	case errors.Is(e.Err, context.Canceled):
		return textsafe.Name(e.Name) + ": interrupted while reading"
	case errors.Is(e.Err, errTooLarge):
		return inputerr.New(e.Name, 1, 1, "input is larger than %d MiB, the most that is read", textsafe.MaxInput>>20).Error()
	}
	return textsafe.Name(e.Name) + ": " + UnwrapPathError(e.Err).Error()
}

func (e *ReadError) Unwrap() error { return e.Err }

// Interrupted reports whether a signal stopped the reading of an input:
// such an input gets no record, since the command is ending (exit 130).
func (in Input) Interrupted() bool { return errors.Is(in.Err, context.Canceled) }

// ReadInputs reads the named files, "-" (or no name at all) meaning
// standard input. Unreadable files are reported on stdio.Err and make the
// returned code ExitUsage (ExitInterrupted when a signal stopped the
// reading); the readable ones are returned all the same.
func ReadInputs(stdio IO, names []string) ([]Input, int) {
	return ReadInputsWith(stdio, names, nil)
}

// ReadInputsWith is ReadInputs where an argument that names no existing
// file but for which isPuzzle reports true is the input itself, named
// "argN" after its place N (from 1) among the arguments.
func ReadInputsWith(stdio IO, names []string, isPuzzle func(arg string) bool) ([]Input, int) {
	all, code := Inputs(stdio, names, isPuzzle)
	readable := all[:0:0]
	for _, in := range all {
		switch {
		case in.Err == nil:
			readable = append(readable, in)
		case !in.Interrupted(): // Inputs said so already
			fmt.Fprintln(stdio.Err, in.Err)
		}
	}
	return readable, code
}

// Inputs is ReadInputsWith that returns the unreadable inputs too, in
// their place with Err set and not reported, so that a command reports
// each in its own way and gives it a record (JSON output has a record for
// every input, a missing file included). An input whose reading a signal
// stopped is the exception: it gets no record, since the command is
// ending, so Inputs says "NAME: interrupted while reading" on stdio.Err
// itself, and commands only skip it.
func Inputs(stdio IO, names []string, isPuzzle func(arg string) bool) ([]Input, int) {
	if len(names) == 0 {
		names = []string{"-"}
	}
	code := ExitOK
	var inputs []Input
	stdinRead := false
	for i, name := range names {
		if isPuzzle != nil && name != "-" && isPuzzle(name) {
			if _, statErr := os.Stat(name); statErr != nil {
				inputs = append(inputs, Input{Name: fmt.Sprintf("arg%d", i+1), Data: []byte(name)})
				continue
			}
		}
		in := Input{Name: name}
		switch {
		case name == "-" && stdinRead:
			in.Err = errors.New("standard input named more than once")
		case name == "-":
			stdinRead = true
			in.Data, in.Err = readLimited(stdio.In)
		default:
			in.Data, in.Err = readFileLimited(name)
		}
		if in.Err != nil {
			in.Err, in.Data = &ReadError{Name: name, Err: in.Err}, nil
			c := ExitUsage
			if in.Interrupted() {
				fmt.Fprintln(stdio.Err, in.Err)
				c = ExitInterrupted
			}
			code = Worse(code, c)
		}
		inputs = append(inputs, in)
	}
	return inputs, code
}

// ParseInputs parses each input that was read with parse, and makes each
// that could not be read one entry with failed, so that it gets a record
// of its own; an input a signal interrupted is left out (Inputs said so).
func ParseInputs[E any](inputs []Input, parse func(name string, data []byte) []E, failed func(name string, err error) E) []E {
	var out []E
	for _, in := range inputs {
		switch {
		case in.Interrupted():
		case in.Err != nil:
			out = append(out, failed(in.Name, in.Err))
		default:
			out = append(out, parse(in.Name, in.Data)...)
		}
	}
	return out
}

// errTooLarge is the error of readLimited for input beyond
// textsafe.MaxInput.
var errTooLarge = errors.New("input too large")

// readLimited reads r up to textsafe.MaxInput bytes, failing with
// errTooLarge without reading on when there is more.
func readLimited(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, textsafe.MaxInput+1))
	if err == nil && len(data) > textsafe.MaxInput {
		return nil, errTooLarge
	}
	return data, err
}

// readFileLimited reads the named file as readLimited does.
func readFileLimited(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f)
}

// UnwrapPathError returns the reason of a *os.PathError without the path
// and the operation, which the caller's message names already.
func UnwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Printer writes records in the chosen format: JSON Lines, or CSV with a
// header row written once. Text output is left to each command.
type Printer struct {
	format    string
	out       io.Writer
	enc       *json.Encoder
	csv       *csv.Writer
	csvHeader bool
}

// NewPrinter returns a Printer of records in format to out.
func NewPrinter(format string, out io.Writer) *Printer {
	p := &Printer{format: format, out: out}
	switch format {
	case FormatJSON:
		p.enc = json.NewEncoder(out)
	case FormatCSV:
		p.csv = csv.NewWriter(out)
	}
	return p
}

// JSON writes v as one line of JSON.
func (p *Printer) JSON(v any) error { return p.enc.Encode(v) }

// CSVRow writes one CSV record, preceded by header on the first call.
func (p *Printer) CSVRow(header, row []string) error {
	if !p.csvHeader {
		p.csvHeader = true
		if err := p.csv.Write(header); err != nil {
			return err
		}
	}
	safe := make([]string, len(row))
	for i, field := range row {
		safe[i] = textsafe.Name(field) // an id or a name from the input may hold control characters
	}
	if err := p.csv.Write(safe); err != nil {
		return err
	}
	p.csv.Flush()
	return p.csv.Error()
}

// Millis converts a duration to milliseconds with microsecond resolution,
// the unit of every "ms" field.
func Millis(d time.Duration) float64 {
	return float64(d.Microseconds()) / 1000
}

// Stat is one named statistic of an engine.
type Stat struct {
	Name  string
	Value any // int, bool or string
}

// StatList is an engine's statistics in a fixed order. It encodes as a JSON
// object with the keys in that order, and prints as "name=value ...".
type StatList []Stat

// MarshalJSON writes the statistics as one JSON object, in order.
func (l StatList) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, s := range l {
		if i > 0 {
			b.WriteByte(',')
		}
		name, err := json.Marshal(s.Name)
		if err != nil {
			return nil, err
		}
		value, err := json.Marshal(s.Value)
		if err != nil {
			return nil, err
		}
		b.Write(name)
		b.WriteByte(':')
		b.Write(value)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// String writes the statistics as "name=value" pairs separated by spaces,
// leaving out empty strings.
func (l StatList) String() string {
	parts := make([]string, 0, len(l))
	for _, s := range l {
		if s.Value == "" {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s=%v", s.Name, s.Value))
	}
	return strings.Join(parts, " ")
}

// ReportsSearch reports whether a backend counts its search: gini counts
// only its solves, and solvers that print no statistics count nothing.
func ReportsSearch(s sat.Stats) bool {
	return s.Conflicts != 0 || s.Decisions != 0 || s.Propagations != 0
}
