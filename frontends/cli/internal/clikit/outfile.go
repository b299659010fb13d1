package clikit

import (
	"bytes"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/internal/files"
)

// Output is the -o FILE flag: a command's results go to FILE instead of
// standard output, written atomically (files.WriteAtomic) and only when the
// command succeeds, so that a Makefile never sees half a result.
type Output struct {
	Path string
	buf  bytes.Buffer
}

// RegisterOutput registers -o on fs.
func RegisterOutput(fs *flag.FlagSet) *Output {
	o := &Output{}
	fs.StringVar(&o.Path, "o", "", "write the results to `FILE` instead of standard output: atomically, and only\n"+
		"when the command succeeds; otherwise FILE is left as it was")
	return o
}

// ToFile reports whether -o names a file (not "-", standard output).
func (o *Output) ToFile() bool { return o.Path != "" && o.Path != "-" }

// Redirect returns stdio with Out gathering the results for the file, when
// -o names one.
func (o *Output) Redirect(stdio IO) IO {
	if o.ToFile() {
		stdio.Out, stdio.OutIsTerminal = &o.buf, false
	}
	return stdio
}

// Finish writes what was gathered to the file when code is ExitOK, or
// else says on stderr that the file was not written; it returns code, or
// ExitUsage when the file cannot be written.
func (o *Output) Finish(stdio IO, code int) int {
	if !o.ToFile() {
		return code
	}
	return FinishFile(stdio, o.Path, o.buf.Bytes(), code)
}

// FinishFile writes a command's output to the file path when the command
// succeeded (code is ExitOK), and otherwise leaves the file as it was and
// says so. It returns the command's exit code, or ExitUsage when the file
// cannot be written.
func FinishFile(stdio IO, path string, data []byte, code int) int {
	if code != ExitOK {
		fmt.Fprintf(stdio.Err, "%s: not written (exit %d)\n", path, code)
		return code
	}
	if err := files.WriteAtomic(path, data); err != nil {
		fmt.Fprintf(stdio.Err, "waterworks: writing %s: %v\n", path, files.Reason(err))
		return ExitUsage
	}
	return ExitOK
}

// FormatFor picks the output format from --format and the extension of
// the -o file: byExt maps extensions (".json") to formats. A known
// extension decides when --format is not given, and must agree with it
// when it is; an unknown extension leaves --format (or def) in force,
// unless strict, when it is refused (a picture named x.gif).
func FormatFor(flagValue, path, def string, byExt map[string]string, strict bool) (string, error) {
	ext := strings.ToLower(filepath.Ext(path))
	fromExt, known := byExt[ext]
	switch {
	case path == "" || path == "-":
		if flagValue == "" {
			return def, nil
		}
		return flagValue, nil
	case !known && strict:
		exts := make([]string, 0, len(byExt))
		for e := range byExt {
			exts = append(exts, e)
		}
		slices.Sort(exts)
		return "", fmt.Errorf("-o %s: cannot tell the format from %q; name a file ending in %s", path, ext, OrList(exts))
	case !known:
		if flagValue == "" {
			return def, nil
		}
		return flagValue, nil
	case flagValue != "" && flagValue != fromExt:
		return "", fmt.Errorf("--format %s and -o %s disagree: the extension says %s", flagValue, path, fromExt)
	}
	return fromExt, nil
}

// RecordExtensions are the extensions that name the record formats.
var RecordExtensions = map[string]string{".json": FormatJSON, ".jsonl": FormatJSON, ".csv": FormatCSV}

// IDs is the --id flag: the puzzles to take, by id, from files of many.
type IDs struct {
	list string
	want []string
	seen []string // every id met, for suggestions
	met  map[string]bool
}

// RegisterIDs registers --id on fs.
func RegisterIDs(fs *flag.FlagSet) *IDs {
	ids := &IDs{met: map[string]bool{}}
	fs.StringVar(&ids.list, "id", "", "take only the puzzles with these `ids` (comma-separated) from the inputs")
	return ids
}

// Keep reports whether the puzzle called id is to be taken.
func (ids *IDs) Keep(id string) bool {
	if ids.list == "" {
		return true
	}
	if ids.want == nil {
		for _, s := range strings.Split(ids.list, ",") {
			ids.want = append(ids.want, strings.TrimSpace(s))
		}
	}
	ids.seen = append(ids.seen, id)
	if slices.Contains(ids.want, id) {
		ids.met[id] = true
		return true
	}
	return false
}

// Missing reports on stderr each --id no input had, with the ids it may
// have meant, and returns ExitUsage if there was one.
func (ids *IDs) Missing(stdio IO) int {
	code := ExitOK
	for _, id := range ids.want {
		if !ids.met[id] {
			fmt.Fprintf(stdio.Err, "--id %s: no puzzle has this id%s\n", id, DidYouMean(id, ids.seen, strconv.Quote))
			code = ExitUsage
		}
	}
	return code
}

// KeepIDs returns the entries that --id takes (all of them without --id),
// in order, each named by id, and the exit code of the ids --id names that
// no entry has (Missing, which reports them on stdio.Err).
func KeepIDs[E any](stdio IO, ids *IDs, entries []E, id func(E) string) ([]E, int) {
	kept := entries[:0:0]
	for _, e := range entries {
		if ids.Keep(id(e)) {
			kept = append(kept, e)
		}
	}
	return kept, ids.Missing(stdio)
}

// Results are the flags of a command that writes records: -o and --id.
type Results struct {
	Output *Output
	IDs    *IDs
}

// RegisterResults registers -o and --id on fs.
func RegisterResults(fs *flag.FlagSet) Results {
	return Results{Output: RegisterOutput(fs), IDs: RegisterIDs(fs)}
}

// Format settles *format (the --format flag of fs) against the extension
// of -o: a .json, .jsonl or .csv file picks its format when --format is
// not given, and must agree with it when it is.
func (r Results) Format(fs *flag.FlagSet, format *string) error {
	given := ""
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "format" {
			given = *format
		}
	})
	got, err := FormatFor(given, r.Output.Path, *format, RecordExtensions, false)
	if err == nil {
		*format = got
	}
	return err
}

// Parse parses args with fs (ParseArgs), settles *format against -o
// (Format) and runs check, if not nil, on the file arguments. It returns
// the file arguments and ok, or, when parsing or a check failed (the
// problem already printed), the exit code to return and !ok.
func (r Results) Parse(stdio IO, fs *flag.FlagSet, args []string, format *string, check func(files []string) error) (files []string, code int, ok bool) {
	files, err := ParseArgs(fs, args)
	if err != nil {
		return nil, ParseFailed(err), false
	}
	if err := r.Format(fs, format); err != nil {
		return nil, UsageError(stdio, fs, err), false
	}
	if check != nil {
		if err := check(files); err != nil {
			return nil, UsageError(stdio, fs, err), false
		}
	}
	return files, ExitOK, true
}
