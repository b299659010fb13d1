package cli

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
	"strings"
	"time"
)

// Status is the outcome of one puzzle, as JSON and CSV output spell it.
type Status string

// The status vocabulary is fixed; scripts match on it.
const (
	StatusSolved     Status = "solved"     // an answer was found and checked
	StatusUnsolvable Status = "unsolvable" // proven to have no answer
	StatusUnknown    Status = "unknown"    // stopped by a timeout or a limit
	StatusError      Status = "error"      // bad input, or an internal failure
	StatusOK         Status = "ok"         // check: the solution is right
	StatusWrong      Status = "wrong"      // check: the solution is wrong
)

// exitCode maps a status to its exit code; ctx tells a timeout from an
// interrupt for StatusUnknown.
func (s Status) exitCode(ctx context.Context) int {
	switch s {
	case StatusSolved, StatusOK:
		return ExitOK
	case StatusUnsolvable, StatusWrong:
		return ExitFailed
	case StatusUnknown:
		if errors.Is(ctx.Err(), context.Canceled) {
			return ExitInterrupted
		}
		return ExitTimeout
	}
	return ExitUsage
}

// Output formats.
const (
	formatText  = "text"
	formatJSON  = "json"
	formatCSV   = "csv"
	formatBench = "bench"
)

// commonFlags are the flags every solving command takes.
type commonFlags struct {
	format  string
	timeout time.Duration
	stats   bool
}

func (f *commonFlags) register(fs *flag.FlagSet, formats ...string) {
	if len(formats) == 0 {
		formats = []string{formatText, formatJSON, formatCSV}
	}
	fs.StringVar(&f.format, "format", formatText, "output `format`: "+strings.Join(formats, ", "))
	fs.DurationVar(&f.timeout, "timeout", 0, "give up after this `duration` (e.g. 500ms, 30s); 0 means never")
	fs.BoolVar(&f.stats, "stats", false, "report time and search statistics (on stderr in text format)")
}

// check validates the flag values after parsing.
func (f *commonFlags) check(formats ...string) error {
	if len(formats) == 0 {
		formats = []string{formatText, formatJSON, formatCSV}
	}
	if !contains(formats, f.format) {
		return fmt.Errorf("unknown format %q (want %s)", f.format, strings.Join(formats, ", "))
	}
	if f.timeout < 0 {
		return fmt.Errorf("negative timeout %v", f.timeout)
	}
	return nil
}

// withTimeout derives the context a command's work runs under.
func (f *commonFlags) withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	if f.timeout > 0 {
		return context.WithTimeout(ctx, f.timeout)
	}
	return context.WithCancel(ctx)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// newFlagSet returns a flag set that reports errors instead of exiting and
// prints its usage to stdio.Err.
func newFlagSet(stdio IO, name, args, summary string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stdio.Err)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: %s %s\n%s\n\nflags:\n", name, args, summary)
		fs.PrintDefaults()
	}
	return fs
}

// parseArgs parses flags anywhere among the arguments (Go's flag package
// stops at the first file name) and returns the positional arguments. After
// "--" everything is positional. It returns flag.ErrHelp for -h.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(positional, rest...), nil
		}
		if len(rest) == 0 {
			return positional, nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// parseFailed returns the exit code for an error from parseArgs, which the
// flag package has already printed: ExitOK for -h, a request rather than a
// mistake, and ExitUsage otherwise.
func parseFailed(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return ExitOK
	}
	return ExitUsage
}

// usageError prints a usage problem found after parsing and returns
// ExitUsage.
func usageError(stdio IO, fs *flag.FlagSet, err error) int {
	fmt.Fprintf(stdio.Err, "%s: %v\n", fs.Name(), err)
	return ExitUsage
}

// input is one named input read whole.
type input struct {
	name string // the file name, or "-" for standard input
	data []byte
}

// readInputs reads the named files, "-" (or no name at all) meaning
// standard input. Unreadable files are reported on stdio.Err and make the
// returned code ExitUsage; the readable ones are returned all the same.
func readInputs(stdio IO, names []string) ([]input, int) {
	return readInputsWith(stdio, names, nil)
}

// readInputsWith is readInputs where an argument that names no existing
// file but for which isPuzzle reports true is the input itself, named
// "argN" after its place N (from 1) among the arguments.
func readInputsWith(stdio IO, names []string, isPuzzle func(arg string) bool) ([]input, int) {
	if len(names) == 0 {
		names = []string{"-"}
	}
	code := ExitOK
	var inputs []input
	stdinRead := false
	for i, name := range names {
		var data []byte
		var err error
		if isPuzzle != nil && name != "-" && isPuzzle(name) {
			if _, statErr := os.Stat(name); statErr != nil {
				inputs = append(inputs, input{name: fmt.Sprintf("arg%d", i+1), data: []byte(name)})
				continue
			}
		}
		if name == "-" {
			if stdinRead {
				fmt.Fprintf(stdio.Err, "-: standard input named more than once\n")
				code = ExitUsage
				continue
			}
			stdinRead = true
			data, err = io.ReadAll(stdio.In)
		} else {
			data, err = os.ReadFile(name)
		}
		if err != nil {
			fmt.Fprintf(stdio.Err, "%s: %v\n", name, unwrapPathError(err))
			code = ExitUsage
			continue
		}
		inputs = append(inputs, input{name: name, data: data})
	}
	return inputs, code
}

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// printer writes records in the chosen format: JSON Lines, or CSV with a
// header row written once. Text output is left to each command.
type printer struct {
	format    string
	out       io.Writer
	enc       *json.Encoder
	csv       *csv.Writer
	csvHeader bool
}

func newPrinter(format string, out io.Writer) *printer {
	p := &printer{format: format, out: out}
	switch format {
	case formatJSON:
		p.enc = json.NewEncoder(out)
	case formatCSV:
		p.csv = csv.NewWriter(out)
	}
	return p
}

// json writes v as one line of JSON.
func (p *printer) json(v any) error { return p.enc.Encode(v) }

// csvRow writes one CSV record, preceded by header on the first call.
func (p *printer) csvRow(header, row []string) error {
	if !p.csvHeader {
		p.csvHeader = true
		if err := p.csv.Write(header); err != nil {
			return err
		}
	}
	if err := p.csv.Write(row); err != nil {
		return err
	}
	p.csv.Flush()
	return p.csv.Error()
}

// millis converts a duration to milliseconds with microsecond resolution,
// the unit of every "ms" field.
func millis(d time.Duration) float64 {
	return float64(d.Microseconds()) / 1000
}

// stat is one named statistic of an engine.
type stat struct {
	name  string
	value any // int, bool or string
}

// statList is an engine's statistics in a fixed order. It encodes as a JSON
// object with the keys in that order, and prints as "name=value ...".
type statList []stat

// MarshalJSON writes the statistics as one JSON object, in order.
func (l statList) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, s := range l {
		if i > 0 {
			b.WriteByte(',')
		}
		name, err := json.Marshal(s.name)
		if err != nil {
			return nil, err
		}
		value, err := json.Marshal(s.value)
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
func (l statList) String() string {
	parts := make([]string, 0, len(l))
	for _, s := range l {
		if s.value == "" {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s=%v", s.name, s.value))
	}
	return strings.Join(parts, " ")
}
