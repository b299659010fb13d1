package watersort

import "github.com/waterworks-solver/waterworks/models/enumname"

// SATEncoding selects the clauses the SAT method adds on top of the moves
// themselves: how much symmetry breaking and which lower bounds (see
// satModel). Every encoding has the same optimum; they differ in size and
// in how fast a solver refutes the horizons below it.
type SATEncoding uint8

const (
	// EncodingMoves is the encoding of satModel: symmetry breaking over
	// consecutive moves and the A* bound on every state.
	EncodingMoves SATEncoding = iota
	// EncodingWindow adds symmetry breaking over windows of satWindow
	// moves: a move that commutes with the moves before it in the window
	// neither pours straight back nor has a smaller source than the first;
	// and a pour between two bottles of one colour goes from the lower
	// one (satwindow.go).
	EncodingWindow
	// EncodingParallel unrolls ∃-step parallel plans: a step is a set of
	// moves on pairwise disjoint pairs of bottles, which commute, so they
	// can be played in any order. The horizon is still counted in moves:
	// horizon k unrolls k steps and bounds the moves over them by k, so the
	// first satisfiable horizon is the optimum, as with the others
	// (satparallel.go).
	EncodingParallel
)

// satEncodingNames are the encodings' names as the command line spells
// them, by encoding.
var satEncodingNames = enumname.Table[SATEncoding]{Type: "SATEncoding", What: "encoding",
	Names: []string{EncodingMoves: "moves", EncodingWindow: "window", EncodingParallel: "parallel"}}

// DefaultSATEncoding is the encoding the command line uses unless told
// otherwise: the one that proves the most of the real 14-bottle levels, 6
// of 8 within 60 s of CPU against 4 with EncodingMoves (which is about 1.8
// times as fast on levels that take seconds). SATOptions' zero value is
// EncodingMoves, the base the others add to.
const DefaultSATEncoding = EncodingWindow

// satWindow is the window of EncodingWindow, in moves.
const satWindow = 4

// SATEncodings lists the encodings, DefaultSATEncoding first.
func SATEncodings() []SATEncoding {
	return []SATEncoding{EncodingWindow, EncodingMoves, EncodingParallel}
}

// String returns the encoding's name as the command line spells it.
func (e SATEncoding) String() string { return satEncodingNames.String(e) }

// ParseSATEncoding turns an encoding's name into the encoding.
func ParseSATEncoding(s string) (SATEncoding, error) { return satEncodingNames.Parse(s) }

// knobs returns the parts of the encoding e turns on, over base.
func (e SATEncoding) knobs(base satKnobs) satKnobs {
	switch e {
	case EncodingWindow:
		base.window = max(base.window, satWindow)
		base.monoPairs = true
	case EncodingParallel:
		base.monoPairs = true
	}
	return base
}
