package sat

// PairwiseAtMostOne adds to a the clause ¬x ∨ ¬y for every two literals
// of lits, in order: no new variable and n(n-1)/2 binary clauses, on which
// unit propagation sees every consequence. It suits the few literals of a
// one-hot value; for many, add Card(AtMost, 1, lits...) to a Formula and
// lower it with an Encoding.
func PairwiseAtMostOne(a Adder, lits ...Lit) {
	for i := range lits {
		for j := i + 1; j < len(lits); j++ {
			a.AddClause(lits[i].Not(), lits[j].Not())
		}
	}
}

// PairwiseExactlyOne adds to a the clause that one of lits holds, then
// the clauses of PairwiseAtMostOne.
func PairwiseExactlyOne(a Adder, lits ...Lit) {
	a.AddClause(lits...)
	PairwiseAtMostOne(a, lits...)
}
