package clikit

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/waterworks-solver/waterworks/sat/backends"
)

// metaName names the hidden entry of a flag set that holds its help (a
// name no argument can reach: the parser refuses names with a space).
const metaName = " help"

// flagMeta is what a command's help says besides its flags, kept in the
// flag set itself as a flag no one can set.
type flagMeta struct {
	stdio    IO
	name     string // "waterworks aquarium solve"
	args     string // the argument synopsis
	summary  string
	examples []string
	exits    []Exit
}

func (*flagMeta) String() string   { return "" }
func (*flagMeta) Set(string) error { return errors.New("not a flag") }

// An Exit is what one exit code means for a command, as its help says.
type Exit struct {
	Code    int
	Meaning string
}

// NewFlagSet returns the flag set of the command name ("waterworks aquarium
// solve"): ParseArgs parses it, printing help on standard output for -h
// and short errors with a "did you mean" on standard error. args is the
// argument synopsis and summary the description that help shows.
func NewFlagSet(stdio IO, name, args, summary string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stdio.Err)
	m := &flagMeta{stdio: stdio, name: name, args: args, summary: summary}
	fs.Var(m, metaName, "")
	fs.Usage = func() { WriteHelp(stdio.Out, fs) }
	return fs
}

// Describe adds to a command's help what it says after the flags, written
// as help prints it: a section "Examples:" of one or two invocations (full
// command lines, runnable from the repository's root), one a line, then a
// section "Exit codes:" of lines "CODE  MEANING", what each exit code
// means for the command. Indentation and blank lines are free. Help always
// lists 2 (bad flags or input) and 130 (interrupted) too, in the same words
// for every command unless doc words them. A doc of another shape is a
// mistake in the program: Describe panics.
func Describe(fs *flag.FlagSet, doc string) {
	m := metaOf(fs)
	if m == nil {
		panic("clikit.Describe: flag set not made by NewFlagSet")
	}
	var err error
	if m.examples, m.exits, err = parseDoc(doc); err != nil {
		panic(fmt.Sprintf("clikit.Describe %s: %v", m.name, err))
	}
}

// parseDoc reads the examples and the exit codes of a Describe doc.
func parseDoc(doc string) (examples []string, exits []Exit, err error) {
	section := ""
	for _, line := range strings.Split(doc, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case line == "Examples:" || line == "Exit codes:":
			section = line
		case section == "Examples:":
			examples = append(examples, line)
		case section == "Exit codes:":
			code, meaning, ok := strings.Cut(line, "  ")
			n, convErr := strconv.Atoi(code)
			if !ok || convErr != nil || strings.TrimSpace(meaning) == "" {
				return nil, nil, fmt.Errorf("exit code line %q: want CODE  MEANING", line)
			}
			exits = append(exits, Exit{Code: n, Meaning: strings.TrimSpace(meaning)})
		default:
			return nil, nil, fmt.Errorf("line %q is in no section (Examples: or Exit codes:)", line)
		}
	}
	if len(examples) == 0 || len(exits) == 0 {
		return nil, nil, errors.New("want Examples: and Exit codes:, each with a line at least")
	}
	return examples, exits, nil
}

func metaOf(fs *flag.FlagSet) *flagMeta {
	if f := fs.Lookup(metaName); f != nil {
		if m, ok := f.Value.(*flagMeta); ok {
			return m
		}
	}
	return nil
}

// aliasValue is a flag that is another flag's old spelling: it sets the
// same value, and help does not show it.
type aliasValue struct {
	flag.Value
	to string
}

func (a aliasValue) IsBoolFlag() bool { return isBoolFlag(a.Value) }

// Alias registers old as a hidden spelling of the flag canonical, which
// must be registered already: "--limit-states 5" then sets --max-states, and
// Visit reports the flag by its canonical name.
func Alias(fs *flag.FlagSet, old, canonical string) {
	f := fs.Lookup(canonical)
	if f == nil {
		panic("clikit.Alias: no flag " + canonical)
	}
	fs.Var(aliasValue{Value: f.Value, to: canonical}, old, "")
}

// oldSpellings maps the older spellings of the flags the solving commands
// share to the names they all use now.
var oldSpellings = map[string]string{
	"limit-states": "max-states",
	"max-moves":    "max-steps",
}

// OldSpelling returns the flag name that old, an older spelling of a
// shared flag, stands for, and whether it is one.
func OldSpelling(old string) (canonical string, ok bool) {
	canonical, ok = oldSpellings[old]
	return canonical, ok
}

// OldSpellings registers, for each shared flag of fs, its older spellings
// as hidden aliases (see Alias): --limit-states for --max-states and
// --max-moves for --max-steps. Call it once the flags are registered.
func OldSpellings(fs *flag.FlagSet) {
	for _, old := range slices.Sorted(maps.Keys(oldSpellings)) {
		if canonical := oldSpellings[old]; fs.Lookup(canonical) != nil && fs.Lookup(old) == nil {
			Alias(fs, old, canonical)
		}
	}
}

func isBoolFlag(v flag.Value) bool {
	b, ok := v.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// visible lists the flags help shows, sorted by name.
func visible(fs *flag.FlagSet) []*flag.Flag {
	var out []*flag.Flag
	fs.VisitAll(func(f *flag.Flag) {
		if _, alias := f.Value.(aliasValue); !alias && f.Name != metaName {
			out = append(out, f)
		}
	})
	return out
}

// ParseArgs parses flags anywhere among the arguments (Go's flag package
// stops at the first file name), as --name value, --name=value, or with one
// dash, and returns the positional arguments. "-" alone is a positional
// argument (standard input) and after "--" everything is. For -h or --help
// it prints the command's help on standard output and returns
// flag.ErrHelp; for a mistake it prints one short message with a "did you
// mean" and a pointer to -h on standard error, and returns an error.
func ParseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			return append(positional, args[i+1:]...), nil
		}
		if len(arg) < 2 || arg[0] != '-' {
			positional = append(positional, arg)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(arg[1:], "-"), "=")
		f := fs.Lookup(name)
		if f == nil || name == metaName || name == "" || name[0] == '-' || strings.ContainsRune(name, ' ') {
			if name == "h" || name == "help" {
				fs.Usage()
				return nil, flag.ErrHelp
			}
			return nil, parseError(fs, "unknown flag %s%s", dashed(name), DidYouMean(name, flagNames(fs), dashed))
		}
		if a, ok := f.Value.(aliasValue); ok {
			f = fs.Lookup(a.to)
		}
		if !hasValue {
			if isBoolFlag(f.Value) {
				value = "true"
			} else if i+1 < len(args) {
				i++
				value = args[i]
			} else {
				return nil, parseError(fs, "flag %s needs a value%s", dashed(f.Name), valueHint(f))
			}
		}
		if err := fs.Set(f.Name, value); err != nil {
			return nil, parseError(fs, "%s", valueError(f, value, err))
		}
	}
	return positional, nil
}

// ParseFailed returns the exit code for an error from ParseArgs, which the
// flag package has already printed: ExitOK for -h, a request rather than a
// mistake, and ExitUsage otherwise.
func ParseFailed(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return ExitOK
	}
	return ExitUsage
}

// flagNames lists the names a user may mean, old spellings included.
func flagNames(fs *flag.FlagSet) []string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) {
		if f.Name != metaName {
			names = append(names, f.Name)
		}
	})
	return names
}

// dashed spells a flag as help shows it: -o for a one-letter flag,
// --name for the others.
func dashed(name string) string {
	if utf8.RuneCountInString(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// parseError prints a mistake on the command line, with the pointer to
// the command's help, and returns it.
func parseError(fs *flag.FlagSet, format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	fmt.Fprintf(fs.Output(), "%s: %v\n", fs.Name(), err)
	fmt.Fprintf(fs.Output(), "Run '%s -h' for help.\n", fs.Name())
	return err
}

// valueHint gives an example value for a flag that lacks one.
func valueHint(f *flag.Flag) string {
	switch kindOf(f) {
	case "duration":
		return ", e.g. " + dashed(f.Name) + " 10s"
	case "int":
		return ", e.g. " + dashed(f.Name) + " 10"
	}
	return ""
}

// kindOf names the type of a flag's value for messages: duration, int,
// float, bool or string.
func kindOf(f *flag.Flag) string {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return "string"
	}
	switch g.Get().(type) {
	case time.Duration:
		return "duration"
	case int, int64, uint, uint64:
		return "int"
	case float64:
		return "float"
	case bool:
		return "bool"
	}
	return "string"
}

// valueError words a value the flag refused, without the flag package's or
// strconv's own wording: a duration without a unit gets an example with
// one.
func valueError(f *flag.Flag, value string, err error) string {
	name := dashed(f.Name)
	switch kindOf(f) {
	case "duration":
		if _, numErr := strconv.ParseFloat(value, 64); numErr == nil {
			return fmt.Sprintf("%s %s: a duration needs a unit, e.g. %ss (units: ms, s, m, h)", name, value, value)
		}
		return fmt.Sprintf("%s %q: not a duration; write e.g. 500ms, 30s or 2m", name, value)
	case "int":
		if errors.Is(err, strconv.ErrRange) || strings.Contains(err.Error(), "out of range") { // the flag package's errRange
			return fmt.Sprintf("%s %s: out of range", name, value)
		}
		return fmt.Sprintf("%s %q: want a whole number", name, value)
	case "float":
		return fmt.Sprintf("%s %q: want a number", name, value)
	case "bool":
		return fmt.Sprintf("%s=%s: want true or false", name, value)
	}
	return fmt.Sprintf("%s %q: %v", name, value, err)
}

// UnknownChoice is the error for a flag value outside its choices:
// `unknown --method "astr" (want bfs, astar, greedy or sat); did you mean
// "astar"?`.
func UnknownChoice(flagName, value string, choices []string) error {
	return fmt.Errorf("unknown %s %q (want %s)%s", dashed(flagName), value, OrList(choices),
		DidYouMean(value, choices, strconv.Quote))
}

// OrList joins words as "a, b or c".
func OrList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// WriteHelp writes a command's help: its usage line and summary, its
// flags as --name, its examples, and what its exit codes mean.
func WriteHelp(w io.Writer, fs *flag.FlagSet) {
	m := metaOf(fs)
	if m == nil {
		m = &flagMeta{name: fs.Name()}
	}
	fmt.Fprintf(w, "usage: %s %s\n\n", m.name, m.args)
	if m.summary != "" {
		fmt.Fprintf(w, "%s\n\n", wrap(strings.TrimSpace(m.summary), helpWidth, ""))
	}
	fmt.Fprintf(w, "Flags:\n")
	for _, f := range visible(fs) {
		writeFlag(w, f)
	}
	if len(m.examples) > 0 {
		fmt.Fprintf(w, "\nExamples:\n")
		for _, e := range m.examples {
			fmt.Fprintf(w, "  %s\n", e)
		}
	}
	fmt.Fprintf(w, "\nExit codes:\n")
	for _, e := range withStandardExits(m.exits) {
		fmt.Fprintf(w, "  %3d  %s\n", e.Code, e.Meaning)
	}
}

// writeFlag writes one flag's entry of the help.
func writeFlag(w io.Writer, f *flag.Flag) {
	value, usage := flag.UnquoteUsage(f)
	line := "  " + dashed(f.Name)
	if value != "" {
		line += " " + value
	}
	if def := f.DefValue; def != "" && def != "0" && def != "0s" && def != "false" {
		usage += " (default " + def + ")"
	}
	fmt.Fprintf(w, "%s\n%s\n", line, wrap(usage, helpWidth, "      "))
}

// helpWidth is the width help wraps its lines to.
const helpWidth = 88

// wrap fills the paragraphs of text (separated by blank lines) to width,
// each line indented.
func wrap(text string, width int, indent string) string {
	var b strings.Builder
	for i, line := range strings.Split(text, "\n\n") {
		if i > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(indent)
		col := len(indent)
		for j, word := range strings.Fields(line) {
			n := utf8.RuneCountInString(word)
			if j > 0 && col+1+n > width {
				b.WriteString("\n" + indent)
				col = len(indent)
			} else if j > 0 {
				b.WriteByte(' ')
				col++
			}
			b.WriteString(word)
			col += n
		}
	}
	return b.String()
}

// StandardExits are the exit codes whose meaning is the same for every
// command; help lists them unless a command words them itself.
var StandardExits = []Exit{
	{ExitUsage, "bad flags or bad input (the message names file:line:col)"},
	{ExitInterrupted, "interrupted (Ctrl-C or SIGTERM)"},
}

// withStandardExits returns exits with the standard ones a command did not
// word, sorted by code.
func withStandardExits(exits []Exit) []Exit {
	out := slices.Clone(exits)
	for _, s := range StandardExits {
		if !slices.ContainsFunc(out, func(e Exit) bool { return e.Code == s.Code }) {
			out = append(out, s)
		}
	}
	slices.SortStableFunc(out, func(a, b Exit) int { return a.Code - b.Code })
	return out
}

// UnknownBackend is UnknownChoice for --backend, where choices end with
// the "dimacs:CMD" pattern: a DIMACS solver named alone ("--backend
// cadicl") gets "dimacs:cadical" as the suggestion.
func UnknownBackend(value string, choices []string) error {
	var near []string
	for _, s := range Suggest(value, backends.KnownSolvers) {
		near = append(near, backends.DIMACS+s)
	}
	near = append(near, Suggest(value, choices)...)
	if len(near) == 0 {
		return fmt.Errorf("unknown --backend %q (want %s)", value, OrList(choices))
	}
	return fmt.Errorf("unknown --backend %q (want %s)%s", value, OrList(choices), DidYouMean(near[0], near[:1], strconv.Quote))
}
