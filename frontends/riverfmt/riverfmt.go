// Package riverfmt reads and writes river-crossing puzzles in a small
// declarative text format, one puzzle a file (see FORMAT.md):
//
//	# the farmer, the wolf, the goat and the cabbage
//	items farmer wolf goat cabbage
//	boat 2
//	rowers farmer
//	forbid wolf goat unless farmer
//	forbid goat cabbage unless farmer
//
// and words the crossings of a plan ("the farmer takes the goat across").
package riverfmt

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/suggest"
	"github.com/waterworks-solver/waterworks/frontends/textblock"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/river"
)

// Keywords are the words a line may start with.
var Keywords = []string{"items", "boat", "rowers", "forbid", "never", "couple", "boat-rules"}

// token is a word of a line with its place.
type token = textblock.Token

// parser reads one input.
type parser struct {
	name   string
	errs   inputerr.List
	p      river.Puzzle
	index  map[string]int // kind by name
	rowers []token        // named on rowers lines
	hasRow bool           // a rowers line was read
	boat   int            // the line of the boat line, 0 before
}

// Parse reads the puzzle of one input named name, or returns every
// problem found with its place (an inputerr.List).
func Parse(name string, data []byte) (*river.Puzzle, error) {
	data, err := textsafe.Check(name, data, textsafe.MaxTextLine)
	if err != nil {
		return nil, err
	}
	ps := &parser{name: name, index: map[string]int{}}
	for i, line := range strings.Split(string(data), "\n") {
		ps.line(i+1, line)
	}
	ps.finish()
	if len(ps.errs) > 0 {
		ps.errs.Sort()
		return nil, ps.errs
	}
	if err := ps.p.Validate(); err != nil {
		return nil, inputerr.List{inputerr.New(name, 1, 1, "%v", err)}
	}
	return &ps.p, nil
}

func (ps *parser) errorf(line, col int, format string, args ...any) {
	ps.errs.Add(ps.name, line, col, format, args...)
}

func (ps *parser) line(no int, text string) {
	toks := textblock.Words(text, no)
	if len(toks) == 0 {
		return
	}
	kw, args := toks[0], toks[1:]
	switch kw.Text {
	case "items":
		ps.items(no, kw, args)
	case "boat":
		ps.boatLine(no, kw, args)
	case "rowers":
		ps.hasRow = true
		if len(args) == 0 {
			ps.errorf(no, kw.Col, "a rowers line names nobody: the boat needs someone who can row")
		}
		ps.rowers = append(ps.rowers, args...)
		for _, a := range args {
			ps.kind(no, a) // reported now, in line order
		}
	case "forbid":
		ps.forbid(no, kw, args)
	case "never":
		ps.never(no, kw, args)
	case "couple":
		ps.couple(no, kw, args)
	case "boat-rules":
		if len(args) > 0 {
			ps.errorf(no, args[0].Col, "boat-rules takes nothing after it")
		}
		ps.p.InBoat = true
	default:
		ps.errorf(no, kw.Col, "unknown keyword %q%s", kw.Text, suggest.DidYouMean(kw.Text, Keywords, strconv.Quote))
	}
}

// validName reports what is wrong with a name, or "".
func validName(s string) string {
	for i, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' && i > 0 || (r == '-' || r == '_') && i > 0) {
			return fmt.Sprintf("%q is not a name: a name is a letter, then letters, digits, '-' or '_'", s)
		}
	}
	if slices.Contains(Keywords, s) || s == "unless" || s == "more" || s == "than" {
		return fmt.Sprintf("%q is a keyword, not a name", s)
	}
	return ""
}

func (ps *parser) items(no int, kw token, args []token) {
	if len(args) == 0 {
		ps.errorf(no, kw.Col, "an items line lists nothing")
	}
	for _, a := range args {
		name, count := a.Text, 1
		if i := strings.IndexByte(a.Text, '*'); i >= 0 {
			name = a.Text[:i]
			n, err := strconv.Atoi(a.Text[i+1:])
			if err != nil || n < 1 || n > river.MaxCount {
				ps.errorf(no, a.Col+i+1, "%q: the count after '*' is a whole number, 1..%d", a.Text, river.MaxCount)
				continue
			}
			count = n
		}
		if msg := validName(name); msg != "" {
			ps.errorf(no, a.Col, "%s", msg)
			continue
		}
		if _, dup := ps.index[name]; dup {
			ps.errorf(no, a.Col, "duplicate item %q", name)
			continue
		}
		ps.index[name] = len(ps.p.Kinds)
		ps.p.Kinds = append(ps.p.Kinds, river.Kind{Name: name, Count: count})
	}
}

func (ps *parser) boatLine(no int, kw token, args []token) {
	if ps.boat > 0 {
		ps.errorf(no, kw.Col, "a second boat line; line %d gave the boat", ps.boat)
		return
	}
	ps.boat = no
	if len(args) != 1 {
		ps.errorf(no, kw.Col, "want \"boat N\": the most items the boat holds")
		return
	}
	n, err := strconv.Atoi(args[0].Text)
	if err != nil || n < 1 {
		ps.errorf(no, args[0].Col, "boat capacity %q: want a whole number, at least 1", args[0].Text)
		return
	}
	ps.p.Capacity = n
}

// kind returns the index of the item named by t, reporting an unknown one.
func (ps *parser) kind(no int, t token) (int, bool) {
	i, ok := ps.index[t.Text]
	if !ok {
		names := make([]string, 0, len(ps.index))
		for n := range ps.index {
			names = append(names, n)
		}
		slices.Sort(names)
		ps.errorf(no, t.Col, "unknown item %q (items must be listed on an items line first)%s", t.Text, suggest.DidYouMean(t.Text, names, strconv.Quote))
	}
	return i, ok
}

// kinds resolves a list of names; ok is false when one is unknown.
func (ps *parser) kinds(no int, toks []token) ([]int, bool) {
	out, ok := []int{}, true
	for _, t := range toks {
		i, known := ps.kind(no, t)
		ok = ok && known
		out = append(out, i)
	}
	return out, ok
}

func (ps *parser) forbid(no int, kw token, args []token) {
	k := slices.IndexFunc(args, func(t token) bool { return t.Text == "unless" })
	group, unless := args, []token(nil)
	if k >= 0 {
		group, unless = args[:k], args[k+1:]
		if len(unless) == 0 {
			ps.errorf(no, args[k].Col, "\"unless\" names no guard")
			return
		}
	}
	if len(group) == 0 {
		ps.errorf(no, kw.Col, "want \"forbid ITEM... [unless ITEM...]\": the items that may not be left together")
		return
	}
	g, ok1 := ps.kinds(no, group)
	u, ok2 := ps.kinds(no, unless)
	if ok1 && ok2 {
		ps.p.Forbids = append(ps.p.Forbids, river.Forbid{Group: g, Unless: u})
	}
}

func (ps *parser) never(no int, kw token, args []token) {
	if len(args) != 4 || args[0].Text != "more" || args[2].Text != "than" {
		ps.errorf(no, kw.Col, "want \"never more MANY than FEW\": MANY may not outnumber FEW where there are FEW")
		return
	}
	many, ok1 := ps.kind(no, args[1])
	few, ok2 := ps.kind(no, args[3])
	switch {
	case !ok1 || !ok2:
	case many == few:
		ps.errorf(no, args[3].Col, "%q cannot outnumber itself", args[3].Text)
	default:
		ps.p.Outnumbers = append(ps.p.Outnumbers, river.Outnumber{Many: many, Few: few})
	}
}

func (ps *parser) couple(no int, kw token, args []token) {
	if len(args) != 2 {
		ps.errorf(no, kw.Col, "want \"couple HUSBAND WIFE\"")
		return
	}
	h, ok1 := ps.kind(no, args[0])
	w, ok2 := ps.kind(no, args[1])
	if !ok1 || !ok2 {
		return
	}
	for i, k := range []int{h, w} {
		if ps.p.Kinds[k].Count != 1 {
			ps.errorf(no, args[i].Col, "%q stands for %d items; a husband or wife is one", args[i].Text, ps.p.Kinds[k].Count)
			return
		}
		for _, c := range ps.p.Couples {
			if c.Husband == k || c.Wife == k {
				ps.errorf(no, args[i].Col, "%q is in two couples", args[i].Text)
				return
			}
		}
	}
	if h == w {
		ps.errorf(no, args[1].Col, "a couple of one")
		return
	}
	ps.p.Couples = append(ps.p.Couples, river.Couple{Husband: h, Wife: w})
}

// finish checks what the whole input must hold and marks the rowers.
func (ps *parser) finish() {
	if len(ps.p.Kinds) == 0 && len(ps.errs) == 0 {
		ps.errorf(1, 1, "no items: want an items line, such as \"items farmer wolf goat cabbage\"")
	}
	if ps.boat == 0 && len(ps.errs) == 0 {
		ps.errorf(1, 1, "no boat: want a line \"boat N\" with the boat's capacity")
	}
	for i := range ps.p.Kinds {
		ps.p.Kinds[i].Rows = !ps.hasRow
	}
	for _, r := range ps.rowers {
		if i, ok := ps.index[r.Text]; ok {
			ps.p.Kinds[i].Rows = true
		}
	}
}

// Write writes p in the text format; Parse reads it back to p.
func Write(w io.Writer, p *river.Puzzle) error {
	var b strings.Builder
	b.WriteString("items")
	everyone := true
	for _, k := range p.Kinds {
		b.WriteString(" " + k.Name)
		if k.Count != 1 {
			fmt.Fprintf(&b, "*%d", k.Count)
		}
		everyone = everyone && k.Rows
	}
	fmt.Fprintf(&b, "\nboat %d\n", p.Capacity)
	if !everyone {
		b.WriteString("rowers")
		for _, k := range p.Kinds {
			if k.Rows {
				b.WriteString(" " + k.Name)
			}
		}
		b.WriteString("\n")
	}
	for _, f := range p.Forbids {
		b.WriteString("forbid " + names(p, f.Group))
		if len(f.Unless) > 0 {
			b.WriteString(" unless " + names(p, f.Unless))
		}
		b.WriteString("\n")
	}
	for _, o := range p.Outnumbers {
		fmt.Fprintf(&b, "never more %s than %s\n", p.Kinds[o.Many].Name, p.Kinds[o.Few].Name)
	}
	for _, c := range p.Couples {
		fmt.Fprintf(&b, "couple %s %s\n", p.Kinds[c.Husband].Name, p.Kinds[c.Wife].Name)
	}
	if p.InBoat {
		b.WriteString("boat-rules\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func names(p *river.Puzzle, kinds []int) string {
	s := make([]string, len(kinds))
	for i, k := range kinds {
		s[i] = p.Kinds[k].Name
	}
	return strings.Join(s, " ")
}

// Looks reports whether data looks like this format: its first line that
// holds more than a comment starts with one of the Keywords. It tells a
// river crossing from other puzzles' files, not a good one from a bad one.
func Looks(data []byte) bool {
	for _, line := range strings.Split(string(data), "\n") {
		if toks := textblock.Words(line, 0); len(toks) > 0 {
			return slices.Contains(Keywords, toks[0].Text)
		}
	}
	return false
}
