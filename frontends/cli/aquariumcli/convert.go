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
Lines), task (puzzle-aquarium.com), url (puzz.link) or pzprv3 (pzprjs files).
` + aquariumInputs + `The solution goes along where the target holds one (text, json, pzprv3), and so does the
rule (text when the input or --rule states one; url and pzprv3 always, region by default).
Task strings hold neither and need every clue of a square grid; URLs and pzprv3 files need
aquariums in one piece. A puzzle the target cannot express is reported and skipped.
Text and pzprv3 files hold one puzzle each, so convert several puzzles to them one at a time.`

func runAquariumConvert(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks aquarium convert", "--to FORMAT [flags] [FILE...]", aquariumConvertSummary)
	to := fs.String("to", "", "target `format`: "+strings.Join(aquariumfmt.Formats, ", ")+" (default: the -o file's\nextension, .json, .jsonl, .task, .url or .pzprv3)")
	rule := fs.String("rule", "", "state this water `rule` (region or pool) instead of the input's")
	output := fs.String("o", "", "write to `FILE` instead of standard output: atomically, and only when every puzzle converts")
	clikit.Describe(fs, `
		Examples:
		  waterworks aquarium convert --to url testdata/aquarium/6x6-easy.txt
		  waterworks aquarium convert --to json testdata/examples/puzzles/link.url
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
		".task": "task", ".url": "url", ".pzprv3": "pzprv3"}, false)
	switch {
	case err != nil:
	case *to == "":
		err = errors.New("--to is required: " + strings.Join(aquariumfmt.Formats, ", "))
	default:
		format, err = aquariumfmt.ParseFormat(*to)
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
	r.separate = format == aquariumfmt.Text || format == aquariumfmt.Pzprv3
	code := r.each(ctx, files, func(d aquariumfmt.Document) int {
		if *rule != "" {
			d.Rule, d.HasRule = override, true
		}
		var b bytes.Buffer
		if err := aquariumfmt.Write(&b, d, format); err != nil {
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
