package watersort

import "github.com/waterworks-solver/waterworks/sat"

// Per-colour lower bounds (satKnobs.colours).
//
// The lower bound of A* is a sum over colours: colour c has r_c runs and
// must end as one run at the bottom of a bottle, so it needs r_c - 1 pours
// that merge two of its runs and, when it sits at no bottom, one pour of c
// into an empty bottle; no pour does two of these things, as each pours
// one colour. So at least r_c - bottom_c of the moves left pour colour c.
// DistanceBound states the sum of these against the moves left; the
// per-colour form states each one against the moves left that pour c,
// which ties the states to the colours of the moves between them: a
// state that needs three pours of red must be followed by three moves
// whose colour is red.
//
// State d (d moves before solved) gets, per colour c, a counter need(c,j)
// for j = 1..Capacity (r_c - bottom_c never exceeds the capacity, as
// colour c has Capacity units): need(c,j) implies that at least j of the
// d moves after it pour c, by the recurrence over the move out of it and
// the next state's counter. The bound is then, per colour,
//
//	sum of run starts of c + not bottom(c) + sum of not need(c,j) <= Capacity + 1,
//
// that is r_c - bottom_c <= the number of true need(c,j). A run start of c
// at slot s > 0 is a literal implied by col(b,s,c) and brk(b,s); at slot 0
// it is col(b,0,c).

// colourBounds adds the counters and the bounds of state st, d moves
// before solved (d >= 1: Step has linked st to its move and the next
// state).
func (u *satModel) colourBounds(st *satState, d int) {
	C, K := u.c, u.k
	mv, after := st.out, st.after
	st.need = make([]sat.Lit, K*C)
	for c := range K {
		for j := 1; j <= C; j++ {
			need := u.f.NewVar()
			st.need[c*C+j-1] = need
			switch {
			case j > d:
				u.clause(need.Not()) // d moves pour at most d times
				continue
			case j > 1:
				u.clause(need.Not(), st.need[c*C+j-2])
			}
			// need(c,j) here: the move out pours c and the next state
			// needs j-1, or the next state needs j already.
			var later, laterLess sat.Lit
			if after.need != nil {
				later = after.need[c*C+j-1]
				if j > 1 {
					laterLess = after.need[c*C+j-2]
				}
			}
			switch {
			case later == 0 && j == 1:
				u.clause(need.Not(), mv.colour[c])
			case later == 0:
				u.clause(need.Not()) // unreachable: j <= d and state d-1 has a counter unless d = 1
			default:
				u.clause(need.Not(), later, mv.colour[c])
				if laterLess != 0 {
					u.clause(need.Not(), laterLess)
				}
			}
		}
		u.colourBound(st, c)
	}
}

// colourBound adds the bound of colour c on state st: its run starts and
// whether it is at no bottom against its counter.
func (u *satModel) colourBound(st *satState, c int) {
	C := u.c
	var terms []sat.Lit
	for b := range u.n {
		terms = append(terms, u.col(st, b, 0, c))
		for s := 1; s < C; s++ {
			start := u.f.NewVar()
			u.clause(u.col(st, b, s, c).Not(), st.brk[b*C+s].Not(), start)
			terms = append(terms, start)
		}
	}
	terms = append(terms, st.bottom[c].Not())
	for j := 1; j <= C; j++ {
		terms = append(terms, st.need[c*C+j-1].Not())
	}
	u.linear(sat.Card(sat.AtMost, C+1, terms...))
}
