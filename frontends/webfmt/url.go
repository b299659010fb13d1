package webfmt

import (
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// URLPrefix starts every URL EncodeURL writes.
const URLPrefix = "https://puzz.link/p?"

// DecodeURL reads a puzz.link or pzprjs Aquarium URL:
//
//	https://puzz.link/p?aquarium[/r]/W/H/<borders>/<clues>
//
// Any http(s) address before the "?" is accepted (puzz.link, pzv.jp/p.html,
// pzprxs.vercel.app/p, ...), and so are the bare forms "p?aquarium/..." and
// "aquarium/...". The flag "r" selects aquarium.RegionRule, its absence
// aquarium.PoolRule, pzprjs's default.
//
// <borders> holds one bit per wall between neighbouring cells, five bits to
// a base-32 digit (0-9, a-v), most significant first: the (W-1)·H walls
// between horizontal neighbours row by row, then, starting on a new digit,
// the W·(H-1) walls between vertical neighbours. Aquariums are the groups of
// cells no wall separates. <clues> gives the W column clues, then the H row
// clues: "0"-"f" a clue up to 15, "-" and two hex digits a larger one, "."
// a clue shown as "?" (read as missing), and "g" to "z" skip 1 to 20 missing
// clues. Every clue must be accounted for, as pzprjs writes them (a run of
// missing clues at the end is written too), so that a URL cut short is
// refused with the number of clues expected rather than read with clues
// missing. A trailing "/" is allowed, and an address with nothing after its
// size is an empty grid.
//
// name labels errors, which are *inputerr.Error values at line 1 (or the
// line of the problem, when the text spans lines) and the byte column of
// the problem.
func DecodeURL(name, text string) (*aquarium.Puzzle, aquarium.Rule, error) {
	src := source{name: name, text: text}
	start, end := trimSpace(text)
	d := urlDecoder{src: src, pos: start, end: end}
	p, rule, err := d.decode()
	if err != nil {
		return nil, 0, err
	}
	return p, rule, nil
}

// EncodeURL writes p as a puzz.link URL under rule (see DecodeURL). It fails
// for an aquarium of separate pieces and for a grid wider or taller than
// MaxURLSide.
func EncodeURL(p *aquarium.Puzzle, rule aquarium.Rule) (string, error) {
	if err := p.Validate(); err != nil {
		return "", err
	}
	if p.Width > MaxURLSide || p.Height > MaxURLSide {
		return "", unsupported("pzprjs URLs hold clues up to %d, so grids up to %dx%d; this one is %dx%d",
			MaxURLSide, MaxURLSide, MaxURLSide, p.Width, p.Height)
	}
	w, err := wallsOf(p)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(URLPrefix + "aquarium/")
	switch rule {
	case aquarium.RegionRule:
		b.WriteString("r/")
	case aquarium.PoolRule:
	default:
		return "", unsupported("pzprjs knows the region and pool rules, not %v", rule)
	}
	b.WriteString(strconv.Itoa(p.Width) + "/" + strconv.Itoa(p.Height) + "/")
	writeBits(&b, w.wall[:w.numHorizontal()])
	writeBits(&b, w.wall[w.numHorizontal():])
	b.WriteByte('/')
	writeClues(&b, append(append([]int(nil), p.Cols...), p.Rows...))
	// pzprjs ends a URL whose last character is not a letter or digit with
	// "/" so that link shorteners keep it; ours never ends that way, but the
	// rule costs nothing to follow.
	if last := b.String()[b.Len()-1]; !isAlnum(last) {
		b.WriteByte('/')
	}
	return b.String(), nil
}

const base32Digits = "0123456789abcdefghijklmnopqrstuv"

// writeBits writes bits five to a base-32 digit, most significant first,
// padding the last digit with zeros.
func writeBits(b *strings.Builder, bits []bool) {
	for i := 0; i < len(bits); i += 5 {
		v := 0
		for j := range 5 {
			v <<= 1
			if i+j < len(bits) && bits[i+j] {
				v |= 1
			}
		}
		b.WriteByte(base32Digits[v])
	}
}

// writeClues writes clues the way pzprjs's encodeNumber16ExCell does: runs
// of missing clues as "g" (one) to "z" (twenty), clues below 16 as one hex
// digit and the others as "-" and two hex digits.
func writeClues(b *strings.Builder, clues []int) {
	run := 0
	flush := func() {
		if run > 0 {
			b.WriteByte(byte('f' + run))
			run = 0
		}
	}
	for _, k := range clues {
		if k == aquarium.NoClue {
			run++
			if run == 20 {
				flush()
			}
			continue
		}
		flush()
		if k < 16 {
			b.WriteString(strconv.FormatInt(int64(k), 16))
		} else {
			b.WriteString("-" + hex2(k))
		}
	}
	flush()
}

func hex2(k int) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[k>>4&15], digits[k&15]})
}

// urlDecoder reads a URL from pos to end of its source.
type urlDecoder struct {
	src      source
	pos, end int
}

// field returns the text from the current position up to the next "/" or
// the end, and moves past it and the "/".
func (d *urlDecoder) field() (text string, off int, more bool) {
	off = d.pos
	rest := d.src.text[d.pos:d.end]
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		d.pos += i + 1
		return rest[:i], off, true
	}
	d.pos = d.end
	return rest, off, false
}

func (d *urlDecoder) decode() (*aquarium.Puzzle, aquarium.Rule, error) {
	src := d.src
	if d.pos == d.end {
		return nil, 0, src.errAt(d.end, "empty URL; want one like %saquarium/5/4/9lqgfk4/3h12h13", URLPrefix)
	}
	if err := d.skipAddress(); err != nil {
		return nil, 0, err
	}
	kind, off, more := d.field()
	if kind != "aquarium" || !more {
		return nil, 0, src.errAt(off, "want \"aquarium/\" after the address, found %s", quoteField(kind, more))
	}

	rule := aquarium.PoolRule
	text, off, more := d.field()
	if _, isNumber := parseCount(text); !isNumber {
		// pzprjs reads a first field that is not a number as flags.
		switch text {
		case "r":
			rule = aquarium.RegionRule
		case "":
		default:
			return nil, 0, src.errAt(off, "want the width or the flag \"r\" (region rule), found %q", text)
		}
		if !more {
			if text == "" {
				return nil, 0, src.errAt(d.end, "want the width after \"aquarium/\"")
			}
			return nil, 0, src.errAt(d.end, "want \"/\" and the width after the flags")
		}
		text, off, more = d.field()
	}
	width, err := d.side(text, off, "width")
	if err != nil {
		return nil, 0, err
	}
	if !more {
		return nil, 0, src.errAt(d.end, "want \"/\" and the height after the width")
	}
	text, off, more = d.field()
	height, err := d.side(text, off, "height")
	if err != nil {
		return nil, 0, err
	}
	p := newPuzzle(width, height)
	if !more || d.pos == d.end {
		return p, rule, nil // pzprjs reads an address without a body as an empty grid
	}

	w, err := d.borders(width, height)
	if err != nil {
		return nil, 0, err
	}
	p.Regions = w.regions()
	if d.pos == d.end {
		n := width + height
		return nil, 0, src.errAt(d.end, "want \"/\" and the %d clues (%s, then %s) after the borders; is the URL cut short?", n, nouns(width, "column"), nouns(height, "row"))
	}
	if d.src.text[d.pos] != '/' {
		return nil, 0, src.errAt(d.pos, "want \"/\" after the %d border digits, found %q",
			digits(w.numHorizontal())+digits(numWalls(width, height)-w.numHorizontal()), d.src.text[d.pos])
	}
	d.pos++
	if err := d.clues(p); err != nil {
		return nil, 0, err
	}
	return p, rule, nil
}

// skipAddress moves past "https://host/path?", "p?" or "?", when present.
func (d *urlDecoder) skipAddress() error {
	rest := d.src.text[d.pos:d.end]
	q := strings.IndexByte(rest, '?')
	if q < 0 {
		return nil
	}
	addr := rest[:q]
	ok := addr == "" || addr == "p" || addr == "p.html"
	for _, scheme := range []string{"https://", "http://"} {
		if host, found := strings.CutPrefix(addr, scheme); found && host != "" && host[0] != '/' {
			ok = true
		}
	}
	if !ok || strings.ContainsAny(addr, " \t\r\n") {
		return d.src.errAt(d.pos, "want an http(s) address, \"p\" or nothing before \"?\", found %q", addr)
	}
	d.pos += q + 1
	return nil
}

// side reads a width or height.
func (d *urlDecoder) side(text string, off int, what string) (int, error) {
	n, ok := parseCount(text)
	if !ok || n < 1 || n > MaxURLSide {
		return 0, d.src.errAt(off, "want the %s, a number from 1 to %d, found %s", what, MaxURLSide, quoteField(text, true))
	}
	return n, nil
}

// digits returns how many base-32 digits hold n bits.
func digits(n int) int { return (n + 4) / 5 }

// borders reads the walls of a width×height grid.
func (d *urlDecoder) borders(width, height int) (walls, error) {
	w := newWalls(width, height)
	parts := [2][]bool{w.wall[:w.numHorizontal()], w.wall[w.numHorizontal():]}
	names := [2]string{"walls between horizontal neighbours", "walls between vertical neighbours"}
	for part, bits := range parts {
		for i := 0; i < len(bits); i += 5 {
			if d.pos == d.end || d.src.text[d.pos] == '/' {
				return walls{}, d.src.errAt(d.pos, "want %d base-32 digits (0-9, a-v) for the %d %s, found only %d",
					digits(len(bits)), len(bits), names[part], i/5)
			}
			v := strings.IndexByte(base32Digits, d.src.text[d.pos])
			if v < 0 {
				return walls{}, d.src.errAt(d.pos, "want a base-32 digit (0-9, a-v) of the %s, found %q",
					names[part], d.src.text[d.pos])
			}
			for j := range min(5, len(bits)-i) {
				bits[i+j] = v&(16>>j) != 0
			}
			d.pos++
		}
	}
	return w, nil
}

// clues reads the clues outside the grid into p, as pzprjs's
// decodeNumber16ExCell does, but strictly.
func (d *urlDecoder) clues(p *aquarium.Puzzle) error {
	n := p.Width + p.Height
	end := d.end
	if end > d.pos && d.src.text[end-1] == '/' {
		end-- // pzprjs adds a "/" after a body ending in "."
	}
	text := d.src.text
	k := 0
	for ; d.pos < end; k++ {
		c := text[d.pos]
		if k >= n {
			return d.src.errAt(d.pos, "all %d clues are given; want nothing after them, found %q", n, c)
		}
		value := aquarium.NoClue
		switch {
		case c >= '0' && c <= '9', c >= 'a' && c <= 'f':
			v, _ := strconv.ParseInt(string(c), 16, 0)
			value = int(v)
		case c == '-':
			if d.pos+3 > end || !isHexLower(text[d.pos+1]) || !isHexLower(text[d.pos+2]) {
				return d.src.errAt(d.pos+1, "want two hex digits (0-9, a-f) after \"-\"")
			}
			v, _ := strconv.ParseInt(text[d.pos+1:d.pos+3], 16, 0)
			value = int(v)
		case c == '.':
		case c >= 'g' && c <= 'z':
			skip := int(c-'g') + 1
			if k+skip > n {
				return d.src.errAt(d.pos, "%q skips %d clues, but only %d of the %d are left", c, skip, n-k, n)
			}
			k += skip - 1
			d.pos++
			continue
		default:
			return d.src.errAt(d.pos, "want a clue (0-9, a-f, \"-\" and two hex digits, \".\") "+
				"or a run of missing clues (g-z), found %q", c)
		}
		if msg := setClue(p, k, value); msg != "" {
			return d.src.errAt(d.pos, "%s", msg)
		}
		if c == '-' {
			d.pos += 2
		}
		d.pos++
	}
	if k < n {
		return d.src.errAt(end, "want %d clues (%s, then %s), found only %d; is the URL cut short?", n, nouns(p.Width, "column"), nouns(p.Height, "row"), k)
	}
	return nil
}

// nouns says n of a thing: "1 row", "6 rows".
func nouns(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

func isHexLower(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' }

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// quoteField names a field for an error message.
func quoteField(text string, more bool) string {
	if text == "" && !more {
		return "the end"
	}
	return strconv.Quote(text)
}
