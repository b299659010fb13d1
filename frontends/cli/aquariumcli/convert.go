package aquariumcli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

const aquariumConvertSummary = `Convert Aquarium puzzles to another format: text (waterworks), json (corpus JSON
Lines), task (puzzle-aquarium.com), url (puzz.link), pzprv3 (pzprjs files) or dzn (MiniZinc
data for the model testdata/examples/aquarium.mzn, which holds both rules).
` + aquariumInputs + `The solution goes along where the target holds one (text, json, pzprv3), and so does the
rule (text when the input or --rule states one; url and pzprv3 always, region by default).
Task strings hold neither and need every clue of a square grid; URLs and pzprv3 files need
aquariums in one piece. A puzzle the target cannot express is reported and skipped.
Text, pzprv3 and dzn files hold one puzzle each, so convert several puzzles to them one at
a time. A dzn file states the rule, region unless the input or --rule says pool.`

// dznFormat is convert's name for MiniZinc data (aquariumfmt.WriteDZN),
// which no reader takes back, so it is not among aquariumfmt.Formats.
const dznFormat = "dzn"

func runAquariumConvert(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks aquarium convert", "--to FORMAT [flags] [FILE...]", aquariumConvertSummary)
	formats := append(aquariumfmt.Formats[:len(aquariumfmt.Formats):len(aquariumfmt.Formats)], dznFormat)
	targets := strings.Join(formats, ", ")
	to := fs.String("to", "", "target `format`: "+targets+" (default: the -o file's\nextension, .json, .jsonl, .task, .url, .pzprv3 or .dzn)")
	rule := fs.String("rule", "", "state this water `rule` (region or pool) instead of the input's")
	output := fs.String("o", "", "write to `FILE` instead of standard output: atomically, and only when every puzzle converts")
	clikit.Describe(fs, `
		Examples:
		  waterworks aquarium convert --to url testdata/aquarium/6x6-easy.txt
		  waterworks aquarium convert --to json testdata/examples/puzzles/link.url
		  waterworks aquarium convert --to dzn -o garden.dzn testdata/examples/puzzles/garden.txt
		  minizinc --solver gecode testdata/examples/aquarium.mzn garden.dzn
		Exit codes:
		    0  every puzzle converted
		    2  bad flags or bad input, or a puzzle the target format cannot express`)
	files, err := clikit.ParseArgs(fs, args)
	if err != nil {
		return clikit.ParseFailed(err)
	}
	var format aquariumfmt.Format
	var override aquarium.Rule
	*to, err = clikit.FormatFor(*to, *output, "", map[string]string{".json": "json", ".jsonl": "json",
		".task": "task", ".url": "url", ".pzprv3": "pzprv3", ".dzn": dznFormat}, false)
	switch {
	case err != nil:
	case *to == "":
		err = errors.New("--to is required: " + targets)
	case *to == dznFormat:
	default:
		if format, err = aquariumfmt.ParseFormat(*to); err != nil {
			err = clikit.UnknownChoice("to", *to, formats)
		}
	}
	if err == nil && *rule != "" {
		override, err = aquarium.ParseRule(*rule)
	}
	if err != nil {
		return clikit.UsageError(stdio, fs, err)
	}

	// With -o the output is gathered and written whole at the end.
	toFile := *output != "" && *output != "-"
	out := stdio
	var file bytes.Buffer
	if toFile {
		out.Out = &file
	}
	r := newAquariumRun(out, clikit.FormatText, false)
	r.separate = format == aquariumfmt.Text || format == aquariumfmt.Pzprv3 || *to == dznFormat
	code := r.each(ctx, files, func(d aquariumfmt.Document) int {
		if *rule != "" {
			d.Rule, d.HasRule = override, true
		}
		var b bytes.Buffer
		write := func() error { return aquariumfmt.Write(&b, d, format) }
		if *to == dznFormat {
			write = func() error { return aquariumfmt.WriteDZN(&b, d) }
		}
		if err := write(); err != nil {
			fmt.Fprintf(stdio.Err, "%s: cannot convert to %s: %v\n", textsafe.Name(d.ID), *to, err)
			return clikit.ExitUsage
		}
		r.emit(aquariumRecord{}, func(w io.Writer) error {
			_, err := w.Write(b.Bytes())
			return err
		})
		return clikit.ExitOK
	})
	if toFile {
		return finishFile(stdio, *output, file.Bytes(), code)
	}
	return code
}

// finishFile is clikit.FinishFile.
func finishFile(stdio clikit.IO, path string, data []byte, code int) int {
	return clikit.FinishFile(stdio, path, data, code)
}
