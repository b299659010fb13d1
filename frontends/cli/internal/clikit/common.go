package clikit

import (
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
	"github.com/waterworks-solver/waterworks/frontends/internal/files"
	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
)

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

// ExitCode maps a status to its exit code: each status has one, so that
// a record's status always agrees with the code the command exits with.
// A record that still says unknown for work ctx interrupted exits 130, as
// interrupted would.
func ExitCode(ctx context.Context, s kind.Status) int {
	switch s {
	case kind.StatusSolved, kind.StatusOK:
		return ExitOK
	case kind.StatusUnsolvable, kind.StatusWrong, kind.StatusNotUnique:
		return ExitFailed
	case kind.StatusUnknown:
		if ctx != nil && kind.Ended(ctx, ctx.Err()).Stop == kind.Interrupted {
			return ExitInterrupted
		}
		return ExitTimeout
	case kind.StatusInterrupted:
		return ExitInterrupted
	}
	return ExitUsage
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
	return textsafe.Name(e.Name) + ": " + files.Reason(e.Err).Error()
}

func (e *ReadError) Unwrap() error { return e.Err }

// Interrupted reports whether a signal stopped the reading of an input:
// such an input gets no record, since the command is ending (exit 130).
func (in Input) Interrupted() bool { return errors.Is(in.Err, context.Canceled) }

// ReadInputsWith reads the named files, "-" (or no name at all) meaning
// standard input; an argument that names no existing file but for which
// isPuzzle reports true is the input itself, named "argN" after its place
// N (from 1) among the arguments. Unreadable files are reported on
// stdio.Err and make the returned code ExitUsage (ExitInterrupted when a
// signal stopped the reading); the readable ones are returned all the
// same.
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

// JSON writes v as one line of JSON, with the annotations of its input
// when it carries them (see jsonfields.Annotated).
func (p *Printer) JSON(v any) error {
	if a, ok := v.(jsonfields.Annotated); ok && len(a.JSONAnnotations()) > 0 {
		data, err := jsonfields.Marshal(v)
		if err != nil {
			return err
		}
		_, err = p.out.Write(append(data, '\n'))
		return err
	}
	return p.enc.Encode(v)
}

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
