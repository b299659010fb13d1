package aquariumfmt

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/waterworks-solver/waterworks/frontends/webfmt"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// Write writes d in format f, ending with a newline, as Read reads it back:
//
//   - Text: WriteText, with d's id, rule and solution;
//   - JSONLines: one line holding RecordOf(d), with d's id and solution,
//     and "rule" when d states one;
//   - Task: webfmt.EncodeTask, the puzzle alone (the site plays by the
//     region rule);
//   - URL: webfmt.EncodeURL under d's rule, the region rule when d states
//     none, without the solution;
//   - Pzprv3: webfmt.EncodePzprv3 under d's rule (the region rule when d
//     states none), with the cells of d's solution as marks.
//
// A puzzle the format cannot express, such as a missing clue in a task
// string or an aquarium of separate pieces in a URL, gives an error
// wrapping webfmt.ErrUnsupported. Nothing is written on error.
func Write(w io.Writer, d Document, f Format) error {
	if d.Puzzle == nil {
		return fmt.Errorf("aquariumfmt: document has no puzzle")
	}
	rule := aquarium.RegionRule
	if d.HasRule {
		rule = d.Rule
	}
	var out string
	var err error
	switch f {
	case Text:
		return WriteText(w, d)
	case JSONLines:
		if err := d.Puzzle.Validate(); err != nil {
			return err
		}
		line, err := json.Marshal(jsonLine{Record: RecordOf(d), Rule: stated(d)})
		if err != nil {
			return err
		}
		out = string(d.Annotations.Merge(line)) + "\n"
	case Task:
		out, err = webfmt.EncodeTask(d.Puzzle)
		out += "\n"
	case URL:
		out, err = webfmt.EncodeURL(d.Puzzle, rule)
		out += "\n"
	case Pzprv3:
		out, err = webfmt.EncodePzprv3(d.Puzzle, rule, d.Solution)
	default:
		return fmt.Errorf("aquariumfmt: cannot write %v", f)
	}
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, out)
	return err
}

// Formats lists every format Read detects and Write writes, by name: the
// names ParseFormat takes.
var Formats = []string{"text", "json", "task", "url", "pzprv3"}

// ParseFormat returns the format named by one of Formats, or by "jsonl"
// for JSON Lines.
func ParseFormat(name string) (Format, error) {
	switch name {
	case "text":
		return Text, nil
	case "json", "jsonl":
		return JSONLines, nil
	case "task":
		return Task, nil
	case "url":
		return URL, nil
	case "pzprv3":
		return Pzprv3, nil
	}
	return 0, fmt.Errorf("unknown format %q (want text, json, task, url or pzprv3)", name)
}
