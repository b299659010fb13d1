package sat

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// WriteOPB writes f as a pseudo-Boolean problem in OPB, the format of the
// PB competitions that gophersat reads: the header "* #variable= N
// #constraint= M", a "* xN = name" comment for each named variable, then
// one constraint per line using only ">=" and "=", with "~x3" for the
// negation of x3. A clause is "+1 x1 +1 ~x2 >= 1 ;"; an upper bound
// sum(w*l) <= K is written as sum(w*~l) >= sum(w) - K. Each of units is
// written as one more constraint "+1 l >= 1 ;".
func WriteOPB(w io.Writer, f *Formula, units ...Lit) error {
	numVars, err := varsWithUnits(f, units)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "* #variable= %d #constraint= %d\n", numVars, f.NumClauses()+f.NumLinears()+len(units))
	writeNames(bw, f, "*")
	var buf []byte
	term := func(weight int, l Lit) {
		buf = append(buf, '+')
		buf = strconv.AppendInt(buf, int64(weight), 10)
		buf = append(buf, ' ')
		buf = append(buf, opbLit(l)...)
		buf = append(buf, ' ')
	}
	end := func(op string, k int) {
		buf = append(buf, op...)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(k), 10)
		buf = append(buf, " ;\n"...)
		bw.Write(buf)
		buf = buf[:0]
	}
	for c := range f.Clauses() {
		for _, l := range c {
			term(1, l)
		}
		end(">=", 1)
	}
	for _, c := range f.linears {
		switch c.Op {
		case AtMost:
			total := 0
			for _, t := range c.Terms {
				term(t.Weight, t.Lit.Not())
				total += t.Weight
			}
			end(">=", total-c.K)
		case AtLeast:
			for _, t := range c.Terms {
				term(t.Weight, t.Lit)
			}
			end(">=", c.K)
		case Exactly:
			for _, t := range c.Terms {
				term(t.Weight, t.Lit)
			}
			end("=", c.K)
		}
	}
	for _, u := range units {
		term(1, u)
		end(">=", 1)
	}
	return bw.Flush()
}

// opbLit writes l as x3 or ~x3.
func opbLit(l Lit) string {
	if l < 0 {
		return "~x" + strconv.Itoa(l.Var())
	}
	return "x" + strconv.Itoa(l.Var())
}

// ReadOPB reads a pseudo-Boolean problem in OPB with one constraint per
// line: terms "COEF LIT" (COEF a signed integer, LIT x3 or ~x3), an
// operator ">=", "=" or "<=", a bound and ";". Negative coefficients are
// turned into positive ones on the negated literal. A ">= 1" constraint
// whose coefficients are all 1 becomes a clause; any other becomes a
// [Linear]. Comment lines start with "*"; "* xN = name" names variable N
// as [WriteOPB] writes it. Objective functions ("min:") are refused.
// Errors are [*ParseError] values.
func ReadOPB(r io.Reader, opts ReadOptions) (*Formula, error) {
	f := NewFormula()
	lr := newLineReader(r)
	var (
		header                bool
		declVars, declConstrs int
		constrs               int
	)
	for {
		line, toks, cols, ok := lr.nextFields()
		if !ok {
			break
		}
		if strings.HasPrefix(toks[0], "*") {
			if n, m, ok := opbHeader(toks); ok && lr.line == 1 {
				header, declVars, declConstrs = true, n, m
				f.numVars = max(f.numVars, n)
			} else if v, name, ok := nameComment(strings.TrimLeft(line, " \t\v\f\r")[1:]); ok {
				f.SetName(v, name)
			}
			continue
		}
		if opts.Strict && !header {
			return nil, parseErrorf(lr.line, cols[0], `constraint before the header "* #variable= N #constraint= M" on line 1`)
		}
		if strings.HasPrefix(toks[0], "min:") || strings.HasPrefix(toks[0], "max:") {
			return nil, parseErrorf(lr.line, cols[0], "objective functions are not supported")
		}
		// Let "3;" and "3 ;" both end a constraint.
		if last := toks[len(toks)-1]; len(last) > 1 && strings.HasSuffix(last, ";") {
			toks[len(toks)-1] = strings.TrimSuffix(last, ";")
			toks = append(toks, ";")
			cols = append(cols, cols[len(cols)-1]+len(last)-1)
		}
		if err := readOPBConstraint(f, toks, cols, lr.line, opts.Strict, declVars); err != nil {
			return nil, err
		}
		constrs++
	}
	if lr.err != nil {
		return nil, fmt.Errorf("sat: reading OPB: %w", lr.err)
	}
	if opts.Strict {
		if !header {
			return nil, parseErrorf(1, 0, `no header "* #variable= N #constraint= M"`)
		}
		if constrs != declConstrs {
			return nil, parseErrorf(1, 0, "header announces %d constraints, found %d", declConstrs, constrs)
		}
		if f.NumVars() > declVars {
			return nil, parseErrorf(1, 0, "header announces %d variables, a name comment uses variable %d", declVars, f.NumVars())
		}
	}
	return f, nil
}

// opbHeader parses "* #variable= N #constraint= M", ignoring what follows
// (some writers add "#equal= ..." and more).
func opbHeader(toks []string) (n, m int, ok bool) {
	if len(toks) < 5 || toks[0] != "*" || toks[1] != "#variable=" || toks[3] != "#constraint=" {
		return 0, 0, false
	}
	n, err1 := headerCount(toks[2], math.MaxInt32)
	m, err2 := headerCount(toks[4], math.MaxInt)
	return n, m, err1 == nil && err2 == nil
}

func readOPBConstraint(f *Formula, toks []string, cols []int, line int, strict bool, declVars int) error {
	if len(toks) < 3 || toks[len(toks)-1] != ";" {
		return parseErrorf(line, cols[len(cols)-1], `constraint does not end with ";"`)
	}
	opAt := len(toks) - 3
	if opAt%2 != 0 {
		return parseErrorf(line, cols[0], "want terms COEFFICIENT LITERAL, an operator, a bound and ;")
	}
	k, err := strconv.Atoi(toks[opAt+1])
	if err != nil || k < -math.MaxInt32 || k > math.MaxInt32 {
		return parseErrorf(line, cols[opAt+1], "want an integer bound, found %q", toks[opAt+1])
	}
	var op Op
	switch toks[opAt] {
	case ">=":
		op = AtLeast
	case "<=":
		op = AtMost
	case "=":
		op = Exactly
	default:
		return parseErrorf(line, cols[opAt], `want an operator ">=", "=" or "<=", found %q`, toks[opAt])
	}
	var terms []Term
	clause := op == AtLeast && k == 1
	for i := 0; i < opAt; i += 2 {
		w, err := strconv.Atoi(toks[i])
		if err != nil || w < -math.MaxInt32 || w > math.MaxInt32 {
			return parseErrorf(line, cols[i], "want an integer coefficient, found %q", toks[i])
		}
		name, neg := strings.CutPrefix(toks[i+1], "~")
		num, ok := strings.CutPrefix(name, "x")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v < 1 || v > math.MaxInt32 || num[0] == '+' {
			return parseErrorf(line, cols[i+1], "want a literal such as x3 or ~x3, found %q", toks[i+1])
		}
		if strict && v > declVars {
			return parseErrorf(line, cols[i+1], "variable x%d beyond the %d variables of the header", v, declVars)
		}
		l := Pos(v)
		if neg {
			l = l.Not()
		}
		switch {
		case w == 0:
			continue
		case w < 0: // w*l = -w*~l + w
			l, w = l.Not(), -w
			k += w
		}
		clause = clause && w == 1 && toks[i][0] != '-'
		terms = append(terms, Term{Lit: l, Weight: w})
	}
	if clause {
		lits := make([]Lit, len(terms))
		for i, t := range terms {
			lits[i] = t.Lit
		}
		f.AddClause(lits...)
		return nil
	}
	c := Linear{Terms: terms, Op: op, K: k}
	if err := c.Validate(); err != nil {
		return parseErrorf(line, cols[0], "%v", err)
	}
	f.AddLinear(c)
	return nil
}
