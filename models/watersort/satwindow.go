package watersort

import "github.com/waterworks-solver/waterworks/sat"

// Symmetry breaking over windows of moves (satKnobs.window).
//
// Rules 3 and 4 of satModel look at two consecutive moves. Their
// arguments hold just as well for two moves m_t and m_{t+w} with moves in
// between, provided m_{t+w} shares no bottle with any of m_{t+1} ..
// m_{t+w-1}: such a move commutes with each of them (it reads and writes
// bottles they leave alone), so it can be played right after m_t, which
// gives a plan of the same length:
//
//   - 3'. if m_t pours i into j and m_{t+w} pours j back into i, the two
//     become adjacent, and rule 3's argument gives a shorter plan;
//   - 4'. if m_{t+w} shares no bottle with m_t either and has a smaller
//     source, it can be played before m_t, which gives a lexicographically
//     smaller plan of the same length.
//
// So the least optimal plan in the order of satModel's proof obeys both
// for every w, and the first satisfiable horizon is still the optimum.
// The window bounds w, so that the formula grows by O(window n^2) clauses
// a move; moves sharing a bottle are told by one literal per pair of moves
// ("shares"), made when first needed.

// windows adds rules 3' and 4' between the new earliest move first (next
// follows it) and each of the moves 2 .. window after it.
func (u *satModel) windows(first, next *satMove) {
	first.next = next
	n := u.n
	win := []*satMove{first, next}
	for w := 2; w <= u.knobs.window; w++ {
		late := win[w-1].next
		if late == nil {
			return
		}
		win = append(win, late)
		// escape[δ-1]: late shares a bottle with the move δ before it.
		var escape []sat.Lit
		for delta := 1; delta <= w; delta++ {
			escape = append(escape, u.shares(win[w-delta], late, delta))
		}
		between := escape[:w-1] // with m_{t+1} .. m_{t+w-1}
		for i := range n {
			for j := range n {
				if i == j {
					continue
				}
				// 3'. Not back into i, unless a move between touches i or j.
				u.clause(append([]sat.Lit{first.from[i].Not(), first.to[j].Not(), late.from[j].Not(), late.to[i].Not()}, between...)...)
				// 4'. Not a smaller source, unless late depends on a move
				// from first on.
				if i > j {
					u.clause(append([]sat.Lit{first.from[i].Not(), late.from[j].Not()}, escape...)...)
				}
			}
		}
	}
}

// shares returns a literal that is true only when late and early, the
// move delta before it, pour from or into a common bottle.
func (u *satModel) shares(early, late *satMove, delta int) sat.Lit {
	for len(late.shares) < delta {
		late.shares = append(late.shares, 0)
	}
	if l := late.shares[delta-1]; l != 0 {
		return l
	}
	l := u.f.NewVar()
	some := []sat.Lit{l.Not()}
	for b := range u.n {
		meet := u.f.NewVar()
		u.clause(meet.Not(), early.from[b], early.to[b])
		u.clause(meet.Not(), late.from[b], late.to[b])
		some = append(some, meet)
	}
	u.clause(some...)
	late.shares[delta-1] = l
	return l
}

// monoPairs adds rule 5 for move mv from state pre: a pour between two
// bottles that each hold one colour (the same one, as the pour is legal)
// goes from the lower-numbered bottle. Pouring i into j or j into i
// leaves the same two contents, traded between i and j (under Fits too:
// what does not fit stays in the source either way), so renaming i and j
// in the rest of the plan gives a plan of the same length; the least
// plan in the order of satModel's proof pours from the lower one.
func (u *satModel) monoPairs(mv *satMove, pre *satState) {
	C := u.c
	for i := range u.n {
		for j := range i {
			// Not from i into j (j < i) when both hold one colour: one of
			// them has a second run.
			c := []sat.Lit{mv.from[i].Not(), mv.to[j].Not()}
			for s := 1; s < C; s++ {
				c = append(c, pre.brk[i*C+s], pre.brk[j*C+s])
			}
			u.clause(c...)
		}
	}
}
