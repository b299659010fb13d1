package cp

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// litHolds reports whether l holds when its variable takes the value x.
func litHolds(s *Solver, l Lit, x int) bool {
	v := int(s.litValue(l))
	switch {
	case l.isLower():
		return x >= v
	case l.isUpper():
		return x <= v
	case l.isEqual():
		return x == v
	}
	return x != v
}

// explainCheck runs one random descent of learning decisions on a problem
// and checks each explanation the propagators give against brute force.
type explainCheck struct {
	t     *testing.T
	p     testProblem
	s     *Solver
	vars  []Var
	index map[Var]int
	sols  [][]int // every solution of p: the assignments the constraints allow
}

// assignments returns every assignment of the problem's initial domains
// that satisfies its constraints.
func (p testProblem) assignments() [][]int {
	var out [][]int
	for _, sol := range p.bruteForce() {
		var values []int
		for _, f := range splitInts(sol) {
			values = append(values, f)
		}
		out = append(out, values)
	}
	return out
}

func splitInts(s string) []int {
	var out []int
	var x int
	for _, f := range slices.Collect(func(yield func(string) bool) {
		field := ""
		for _, c := range s[1 : len(s)-1] {
			if c == ' ' {
				if !yield(field) {
					return
				}
				field = ""
				continue
			}
			field += string(c)
		}
		yield(field)
	}) {
		if f == "" {
			continue
		}
		fmt.Sscan(f, &x)
		out = append(out, x)
	}
	return out
}

// holds reports whether every literal of lits holds in the assignment.
func (c *explainCheck) holds(lits []Lit, values []int) bool {
	for _, l := range lits {
		i, ok := c.index[l.Var()]
		if !ok {
			c.t.Fatalf("literal %s of a variable outside the problem", c.s.LitString(l))
		}
		if !litHolds(c.s, l, values[i]) {
			return false
		}
	}
	return true
}

func (c *explainCheck) describe(lits []Lit) string {
	out := ""
	for _, l := range lits {
		out += " " + c.s.LitString(l)
	}
	return out
}

// run makes random decisions, propagating after each, and checks the
// events and the final conflict.
func (c *explainCheck) run(r *rand.Rand) {
	t, s := c.t, c.s
	if s.Propagate() != nil {
		return
	}
	base := s.beginLearning()
	defer s.endLearning(base)
	l := &s.learn
	checked := 0
	for range 10 {
		var free []Var
		for _, v := range c.vars {
			if !s.Fixed(v) {
				free = append(free, v)
			}
		}
		if len(free) == 0 {
			return
		}
		v := free[r.IntN(len(free))]
		vals := s.Values(nil, v)
		x := vals[r.IntN(len(vals))]
		d := [...]Lit{s.AtLeast(v, x), s.AtMost(v, x), s.Is(v, x), s.IsNot(v, x)}[r.IntN(4)]
		if s.boundsOnly(v) && !d.isLower() && !d.isUpper() {
			continue // no value inside the bounds can go
		}
		if s.isTrue(d) || s.isFalse(d) {
			continue
		}
		s.mark()
		l.level++
		l.cur = reason{kind: reasonDecision}
		err := s.makeTrue(d)
		if err == nil {
			err = s.Propagate()
		}
		for i := checked; i < len(l.events); i++ {
			c.checkEvent(int32(i))
		}
		checked = len(l.events)
		if err != nil {
			conflict := l.conflict
			for _, sol := range c.sols {
				require.False(t, c.holds(conflict, sol), "conflict%s holds in the solution %v of %v", c.describe(conflict), sol, c.p)
			}
			for _, lit := range conflict {
				require.True(t, s.isTrue(lit), "conflict literal %s is not true", s.LitString(lit))
			}
			return
		}
	}
}

// checkEvent checks that event i's reason is true before the event and
// implies its literal in every solution.
func (c *explainCheck) checkEvent(i int32) {
	t, s, l := c.t, c.s, &c.s.learn
	e := l.events[i]
	if e.why.kind == reasonDecision || e.why.kind == reasonNone {
		return
	}
	why := s.appendReason(nil, e.why, e.lit)
	for _, r := range why {
		require.True(t, s.isTrue(r), "reason %s of %s is not true", s.LitString(r), s.LitString(e.lit))
		parts := []Lit{r}
		if r.isEqual() {
			v := int(s.litValue(r))
			parts = []Lit{s.AtLeast(r.Var(), v), s.AtMost(r.Var(), v)}
		}
		for _, q := range parts {
			require.Less(t, s.eventOf(q), i, "reason %s of %s comes after it", s.LitString(q), s.LitString(e.lit))
		}
	}
	for _, sol := range c.sols {
		if c.holds(why, sol) {
			require.True(t, c.holds([]Lit{e.lit}, sol), "reason%s does not imply %s: solution %v of %v",
				c.describe(why), s.LitString(e.lit), sol, c.p)
		}
	}
}

// TestExplanationsAgainstBruteForce checks every explanation the
// propagators give, and those made for the ones that give none, on random
// problems of one constraint and of several.
func TestExplanationsAgainstBruteForce(t *testing.T) {
	gens := []struct {
		name string
		gen  func(*rand.Rand) testProblem
	}{
		{"bool", randomBoolProblem},
		{"int", randomIntProblem},
		{"conditional", randomCondProblem},
		{"globals", randomGlobalProblem},
		{"table", randomTable},
		{"reified", func(r *rand.Rand) testProblem {
			p := randomReifProblem(r)
			for range 1 + r.IntN(3) {
				p.constraints = append(p.constraints, randomReifConstraint(r, len(p.lo)))
			}
			return p
		}},
	}
	for _, g := range gens {
		for _, single := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/single=%v", g.name, single), func(t *testing.T) {
				r := rand.New(rand.NewPCG(3, uint64(len(g.name))))
				for range randomCases(1500) {
					p := g.gen(r)
					if single && len(p.constraints) > 1 {
						p.constraints = p.constraints[r.IntN(len(p.constraints)):][:1]
					}
					s, vars := p.newSolver()
					c := &explainCheck{t: t, p: p, s: s, vars: vars, index: map[Var]int{}, sols: p.assignments()}
					for i, v := range vars {
						c.index[v] = i
					}
					c.run(r)
				}
			})
		}
	}
}

// TestBoundsOnlyVariables repeats the brute-force comparisons of plain and
// learning search, and the check of every explanation, with variables of
// more than two values keeping bounds only.
func TestBoundsOnlyVariables(t *testing.T) {
	defer func(n int64) { bitsetLimit = n }(bitsetLimit)
	bitsetLimit = 2
	r := rand.New(rand.NewPCG(11, 12))
	for _, gen := range []func(*rand.Rand) testProblem{randomIntProblem, randomCondProblem, randomGlobalProblem} {
		for i := range randomCases(700) {
			p := gen(r)
			p.holes = nil // a variable without a bitset cannot start with holes
			want := p.bruteForce()
			got := solveAll(t, p, func(v []Var) Brancher { return FirstFail(v, ValueMin) })
			slices.Sort(got)
			slices.Sort(want)
			require.Equal(t, want, got, "case %d: %v", i, p)
			requireLearningFindsAll(t, p, i)
			s, vars := p.newSolver()
			c := &explainCheck{t: t, p: p, s: s, vars: vars, index: map[Var]int{}, sols: p.assignments()}
			for i, v := range vars {
				c.index[v] = i
			}
			c.run(r)
		}
	}
}
