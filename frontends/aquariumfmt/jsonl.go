package aquariumfmt

import (
	"context"
	"fmt"
	"strconv"

	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
	"github.com/waterworks-solver/waterworks/frontends/textblock"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqrecord"
)

// Record is one line of the corpus JSON Lines format (FORMAT.md), field
// for field. ParseJSONL decodes lines
// into it, and commands that print JSON Lines embed it so that their output
// reads back as input.
type Record = aqrecord.Record

// CorpusInfo holds the fields of a corpus line beyond the puzzle and its
// solution. Unknown values (JSON null or absent) are zero: "" or nil.
type CorpusInfo = aqrecord.CorpusInfo

// Fields are the members a JSON Lines line may hold: the puzzle's, the
// corpus's (FORMAT.md), and OutputFields. A near miss of one is refused by
// name, so that a misspelt key is not read as a missing one; any other
// member is an annotation (Document.Annotations).
var Fields = append([]string{"id", "width", "height", "regions", "cols", "rows", "solution",
	"source", "difficulty", "unique", "unique_pool_rule", "pool_rule_sensitive", "solution_from",
	"site_ref", "url", "task", "also_in", "note"}, OutputFields...)

// OutputFields are the members the commands' JSON output adds to a record,
// which reading ignores, so that output reads back as input.
var OutputFields = []string{"status", "backend", "rule", "solutions", "complete", "ms", "stats", "error",
	"grade", "logic", "explanation", "hints", "shown", "differ"}

// jsonLine is a line of JSON Lines as this package reads and writes it:
// the corpus record and the rule the line states, if any ("region" or
// "pool"), which the commands' JSON output (solve, generate) states too.
type jsonLine struct {
	Record
	Rule *string `json:"rule,omitempty"`
}

// stated returns the name of the rule d states, or nil.
func stated(d Document) *string {
	if !d.HasRule {
		return nil
	}
	name := d.Rule.String()
	return &name
}

// RecordOf returns the JSON Lines record of a document: its id (stated or
// not), puzzle, solution and corpus fields. Missing clues become nil.
// d.Puzzle must not be nil.
func RecordOf(d Document) Record {
	var s aquarium.Solution
	if d.HasSolution() {
		s = d.Solution
	}
	return aqrecord.Of(d.ID, d.Puzzle, s, d.Corpus)
}

// ParseJSONL reads puzzles in the corpus JSON Lines format: one JSON object
// per line, blank lines skipped, a near miss of a known field refused and
// any other unknown field kept as an annotation (Document.Annotations). A
// line without an id gets the id "name:line". It returns the documents of the
// good lines together with an inputerr.List of the problems of the bad
// ones (up to ten), each at its line and column.
func ParseJSONL(name string, data []byte) ([]Document, error) {
	return parseJSONL(context.Background(), name, data)
}

// parseJSONL is ParseJSONL under ctx, checked at every line.
func parseJSONL(ctx context.Context, name string, data []byte) ([]Document, error) {
	data, err := textsafe.Check(name, data, textsafe.MaxJSONLine)
	if err != nil {
		return nil, err
	}
	errs := errorList{file: name}
	var docs []Document
	ids := make(textblock.IDs)
	for no, line := range textblock.NonBlank(data) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if d, ok := parseRecord(&errs, no, line, ids); ok {
			docs = append(docs, d)
		}
	}
	if len(ids) == 0 && len(docs) == 0 && errs.empty() {
		errs.add(1, 1, "empty input")
	}
	return docs, errs.err()
}

// parseRecord reads one JSON line into a document, reporting its problems.
// ids holds the line of every id stated on the lines before, and gets the
// line's own.
func parseRecord(errs *errorList, num int, text []byte, ids textblock.IDs) (Document, bool) {
	var line jsonLine
	ann, derr := jsonfields.Decode(errs.file, num, text, Fields, &line)
	if derr != nil {
		errs.add(num, derr.Col, "%s", derr.Msg)
		return Document{}, false
	}
	rec := &line.Record
	v := recordChecker{errs: errs, num: num, at: &jsonfields.Line{Text: text}, rec: rec}
	if !v.id(ids) {
		return Document{}, false
	}
	rule, hasRule := v.rule(line.Rule)
	p, s := v.puzzle()
	if v.bad {
		return Document{}, false
	}
	if err := p.Validate(); err != nil { // the checks above should make this unreachable
		errs.add(num, 1, "%v", err)
		return Document{}, false
	}
	d := Document{ID: rec.ID, HasID: rec.ID != "", Puzzle: p, Solution: s, Corpus: rec.CorpusInfo, Line: num, Annotations: ann,
		Rule: rule, HasRule: hasRule}
	if !d.HasID {
		d.ID = fmt.Sprintf("%s:%d", errs.file, num)
	}
	if d.Corpus == nil {
		d.Corpus = &CorpusInfo{}
	}
	return d, true
}

// recordChecker checks a decoded record against the rules of the format,
// reporting each problem at the column of the offending value.
type recordChecker struct {
	errs *errorList
	num  int
	at   *jsonfields.Line // the line, its index made on the first problem
	rec  *Record
	bad  bool
}

func (v *recordChecker) report(path, format string, args ...any) {
	v.reportAt(v.at.Column(path), format, args...)
}

func (v *recordChecker) reportAt(col int, format string, args ...any) {
	v.bad = true
	v.errs.add(v.num, col, format, args...)
}

// has reports whether the line has a value (even null) at path.
func (v *recordChecker) has(path string) bool {
	_, ok := v.at.Index().Lookup(path)
	return ok
}

func (v *recordChecker) size(field string, n int) {
	switch {
	case !v.has(field):
		v.report("", "missing %s", field)
	case n < 1:
		v.report(field, "%s is %d, want at least 1", field, n)
	case n > aquarium.MaxSide:
		v.report(field, "%s is %d: grids are at most %dx%d", field, n, aquarium.MaxSide, aquarium.MaxSide)
	}
}

// id checks the line's id, if any (see textblock.IDs), and reports
// whether the line may be read on.
func (v *recordChecker) id(ids textblock.IDs) bool {
	if v.rec.ID == "" {
		return true
	}
	if msg := ids.Claim(v.rec.ID, v.num); msg != "" {
		v.report("id", "%s", msg)
		return false
	}
	return true
}

// maxShownRule is the longest rule a message about it quotes.
const maxShownRule = 32

// rule reads the line's rule, if it states one ("region" or "pool"; null
// states none).
func (v *recordChecker) rule(stated *string) (aquarium.Rule, bool) {
	if stated == nil {
		return aquarium.RegionRule, false
	}
	rule, err := aquarium.ParseRule(*stated)
	if err != nil {
		shown := strconv.Quote(*stated)
		if len(*stated) > maxShownRule { // the line may be megabytes long
			shown = fmt.Sprintf("a string of %d bytes", len(*stated))
		}
		v.report("rule", "rule is %s, want region or pool", shown)
		return aquarium.RegionRule, false
	}
	return rule, true
}

func (v *recordChecker) puzzle() (*aquarium.Puzzle, aquarium.Solution) {
	rec := v.rec
	w, h := rec.Width, rec.Height
	if w < 1 || w > aquarium.MaxSide {
		v.size("width", w)
	}
	if h < 1 || h > aquarium.MaxSide {
		v.size("height", h)
	}
	if v.bad {
		return nil, aquarium.Solution{}
	}
	p := &aquarium.Puzzle{Width: w, Height: h}
	p.Regions = v.regions()
	p.Cols = v.clues("cols", rec.Cols, w, h, "width", "height")
	p.Rows = v.clues("rows", rec.Rows, h, w, "height", "width")
	return p, v.solution()
}

// regions checks the shape of the regions array and flattens it.
func (v *recordChecker) regions() []int {
	w, h, regions := v.rec.Width, v.rec.Height, v.rec.Regions
	switch {
	case regions == nil:
		v.report("regions", "missing regions: want %d rows of %d aquarium ids", h, w)
		return nil
	case len(regions) != h:
		v.report("regions", "regions has %s, want %d (the height)", plural(len(regions), "row"), h)
		return nil
	}
	shaped := true
	for r, row := range regions {
		if len(row) != w {
			v.report(fmt.Sprintf("regions[%d]", r), "regions[%d] has %s, want %d (the width)", r, plural(len(row), "cell"), w)
			shaped = false
		}
	}
	if !shaped {
		return nil
	}
	flat := make([]int, 0, w*h)
	for r, row := range regions {
		for c, id := range row {
			if id < 0 || id >= w*h {
				v.report(fmt.Sprintf("regions[%d][%d]", r, c), "aquarium id %d is outside 0..%d", id, w*h-1)
			}
			flat = append(flat, id)
		}
	}
	return flat
}

// clues checks the n clues of lines of size cells each; count and sizeName
// say in messages what n and size are ("width", "height").
func (v *recordChecker) clues(field string, clues []*int, n, size int, count, sizeName string) []int {
	if clues == nil {
		v.report(field, "missing %s: want %d clues (null where missing)", field, n)
		return nil
	}
	if len(clues) != n {
		v.report(field, "%s has %s, want %d (the %s)", field, plural(len(clues), "clue"), n, count)
		return nil
	}
	out := make([]int, n)
	for i, k := range clues {
		switch {
		case k == nil:
			out[i] = aquarium.NoClue
		case *k < 0 || *k > size:
			v.report(fmt.Sprintf("%s[%d]", field, i), "%s[%d] is %d, outside 0..%d (the %s); null marks a missing clue", field, i, *k, size, sizeName)
		default:
			out[i] = *k
		}
	}
	return out
}

// solution checks the solution field against the grid's size.
func (v *recordChecker) solution() aquarium.Solution {
	w, h, rows := v.rec.Width, v.rec.Height, v.rec.Solution
	if rows == nil {
		return aquarium.Solution{}
	}
	if len(rows) != h {
		v.report("solution", "solution has %s, want %d (the height)", plural(len(rows), "row"), h)
		return aquarium.Solution{}
	}
	for r, row := range rows {
		if len(row) != w {
			v.report(fmt.Sprintf("solution[%d]", r), "solution[%d] has %s, want %d (the width)", r, plural(len(row), "cell"), w)
			return aquarium.Solution{}
		}
	}
	s, bad := solutionRows(rows)
	if bad != nil {
		// Point at the character when the string is written without escapes.
		col := v.at.Column(fmt.Sprintf("solution[%d]", bad.row))
		line := v.at.Text
		if quoted := col + len(rows[bad.row]); bad.offset >= 0 && quoted < len(line) &&
			line[quoted] == '"' && string(line[col:quoted]) == rows[bad.row] {
			col += 1 + bad.offset
		}
		v.reportAt(col, "solution[%d]: %s", bad.row, bad.msg)
	}
	return s
}
