package minizinccli

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/minizinc"
)

// instanceRecord is the JSON record of one instance.
type instanceRecord struct {
	Family string      `json:"family"`
	Model  string      `json:"model"`
	Data   []string    `json:"data"`
	Line   int         `json:"line"`
	Method string      `json:"method"`
	Runs   []runRecord `json:"runs"`
}

// runRecord is one solver's run in an instance's record.
type runRecord struct {
	Solver    string          `json:"solver"`
	Status    minizinc.Status `json:"status"` // as minizinc said it
	Solved    bool            `json:"solved"`
	Wrong     []string        `json:"wrong"`
	Objective *int64          `json:"objective,omitempty"`
	Solutions int             `json:"solutions"`
	MS        float64         `json:"ms"`
	PAR2      float64         `json:"par2"` // seconds
	Killed    bool            `json:"killed,omitempty"`
	Checks    []checkRecord   `json:"checks,omitempty"`
	Claim     *checkRecord    `json:"claim,omitempty"`
	Notes     []string        `json:"notes,omitempty"`
}

// checkRecord is a checker's verdict.
type checkRecord struct {
	Verdict string  `json:"verdict"`
	By      string  `json:"by"`
	Reason  string  `json:"reason"`
	MS      float64 `json:"ms"`
}

func checkRec(c minizinc.Check) checkRecord {
	return checkRecord{Verdict: c.Verdict.String(), By: c.Solver, Reason: c.Reason, MS: kind.Millis(c.Elapsed)}
}

// record returns the JSON record of a judged instance.
func record(in *instanceRun) instanceRecord {
	rec := instanceRecord{Family: in.Entry.Family, Model: in.Entry.Model, Data: in.Entry.Data,
		Line: in.Entry.Line, Method: string(in.Method)}
	if rec.Data == nil {
		rec.Data = []string{}
	}
	for _, r := range in.Runs {
		rr := runRecord{Solver: r.Label, Status: r.status(), Solved: r.Solved, Wrong: r.Wrong,
			Solutions: len(r.solutions()), PAR2: r.Seconds, Notes: r.Notes}
		if rr.Wrong == nil {
			rr.Wrong = []string{}
		}
		if x, ok := r.bestObjective(); ok {
			rr.Objective = &x
		}
		if r.Result != nil {
			rr.MS, rr.Killed = kind.Millis(r.Result.Elapsed), r.Result.Killed
		}
		for _, c := range r.Confirms {
			rr.Checks = append(rr.Checks, checkRec(c))
		}
		if r.Claim != nil {
			c := checkRec(*r.Claim)
			rr.Claim = &c
		}
		rec.Runs = append(rec.Runs, rr)
	}
	return rec
}

// familyRow is one row of the table: a family, or the total.
type familyRow struct {
	name      string
	methods   []minizinc.Method
	instances int
	solved    []int
	par2      []float64
	wrong     []int
}

// rows sums the instances by family, in the order families first appear,
// and the total last.
func rows(labels []string, done []*instanceRun) []*familyRow {
	newRow := func(name string) *familyRow {
		return &familyRow{name: name, solved: make([]int, len(labels)), par2: make([]float64, len(labels)), wrong: make([]int, len(labels))}
	}
	var out []*familyRow
	byName := map[string]*familyRow{}
	total := newRow("total")
	for _, in := range done {
		row := byName[in.Entry.Family]
		if row == nil {
			row = newRow(in.Entry.Family)
			byName[in.Entry.Family] = row
			out = append(out, row)
		}
		for _, r := range []*familyRow{row, total} {
			r.instances++
			if !slices.Contains(r.methods, in.Method) {
				r.methods = append(r.methods, in.Method)
			}
			for i, run := range in.Runs {
				if run.Solved {
					r.solved[i]++
				}
				r.par2[i] += run.Seconds
				if len(run.Wrong) > 0 {
					r.wrong[i]++
				}
			}
		}
	}
	return append(out, total)
}

// familyKind words the methods of a family's instances: sat, opt or
// sat+opt.
func familyKind(methods []minizinc.Method) string {
	var sat, opt, other bool
	for _, m := range methods {
		switch m {
		case minizinc.Satisfy:
			sat = true
		case minizinc.Minimize, minizinc.Maximize:
			opt = true
		default:
			other = true
		}
	}
	var words []string
	if sat {
		words = append(words, "sat")
	}
	if opt {
		words = append(words, "opt")
	}
	if other || len(words) == 0 {
		words = append(words, "?")
	}
	return strings.Join(words, "+")
}

// writeTable writes the markdown table of the families, the total, what
// the columns mean, and the notes on wrong, failed and unconfirmed answers.
func writeTable(w io.Writer, labels []string, done []*instanceRun, f *benchFlags) {
	header := []string{"family", "kind", "instances"}
	for _, l := range labels {
		header = append(header, "solved "+l)
	}
	for _, l := range labels {
		header = append(header, "PAR-2 "+l)
	}
	for _, l := range labels {
		header = append(header, "wrong "+l)
	}
	var cells [][]string
	for _, r := range rows(labels, done) {
		line := []string{r.name, familyKind(r.methods), strconv.Itoa(r.instances)}
		if r.name == "total" {
			line[0], line[1] = "**total**", ""
		}
		for _, n := range r.solved {
			line = append(line, strconv.Itoa(n))
		}
		for _, s := range r.par2 {
			line = append(line, strconv.FormatFloat(s, 'f', 1, 64))
		}
		for _, n := range r.wrong {
			line = append(line, strconv.Itoa(n))
		}
		cells = append(cells, line)
	}
	writeMarkdown(w, header, cells)
	fmt.Fprintf(w, "\n%d instances, each run with a time limit of %v; answers checked by %s. PAR-2 in seconds:\n"+
		"a solved run's time, %v for any other.\n", len(done), f.limit, strings.Join(splitList(f.checkers), ", "), 2*f.limit)
	writeNotes(w, done)
}

// writeMarkdown writes a table with the columns padded to one width, the
// numbers aligned right.
func writeMarkdown(w io.Writer, header []string, cells [][]string) {
	width := make([]int, len(header))
	for i, h := range header {
		width[i] = len(h)
		for _, line := range cells {
			width[i] = max(width[i], len(line[i]))
		}
	}
	right := func(i int) bool { return i >= 2 }
	row := func(fields []string) {
		parts := make([]string, len(fields))
		for i, s := range fields {
			pad := strings.Repeat(" ", width[i]-len(s))
			if right(i) {
				parts[i] = pad + s
			} else {
				parts[i] = s + pad
			}
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(parts, " | "))
	}
	row(header)
	rule := make([]string, len(header))
	for i := range header {
		rule[i] = strings.Repeat("-", width[i])
		if right(i) {
			rule[i] = strings.Repeat("-", width[i]-1) + ":"
		}
	}
	fmt.Fprintf(w, "| %s |\n", strings.Join(rule, " | "))
	for _, line := range cells {
		row(line)
	}
}

// writeNotes lists the wrong answers, then what kept runs from counting,
// errors and unconfirmed answers, each said once with the instances it
// concerns.
func writeNotes(w io.Writer, done []*instanceRun) {
	var wrong []string
	var notes []string
	where := map[string][]string{}
	for _, in := range done {
		for _, r := range in.Runs {
			for _, why := range r.Wrong {
				wrong = append(wrong, fmt.Sprintf("- %s, %s: %s", in.Entry, r.Label, why))
			}
			for _, n := range r.Notes {
				if strings.HasPrefix(n, "search not finished") || strings.HasPrefix(n, "best objective") {
					continue // the PAR-2 column says it
				}
				key := r.Label + ": " + n
				if where[key] == nil {
					notes = append(notes, key)
				}
				where[key] = append(where[key], in.Entry.name())
			}
		}
	}
	if len(wrong) > 0 {
		fmt.Fprintf(w, "\nWrong answers:\n%s\n", strings.Join(wrong, "\n"))
	}
	if len(notes) == 0 {
		return
	}
	fmt.Fprintf(w, "\nNotes:\n")
	for _, key := range notes {
		fmt.Fprintf(w, "- %s (%s)\n", key, listSome(where[key], 4))
	}
}

// listSome lists the first n of names and how many more there are.
func listSome(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}
