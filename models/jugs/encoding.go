package jugs

import (
	"slices"

	"github.com/waterworks-solver/waterworks/models/enumname"
)

// Encoding selects how SolveSAT writes the amount of water in a jug (see
// sat.go and satbin.go). The zero value is the default, EncodingAuto.
type Encoding uint8

const (
	// EncodingAuto picks per puzzle the encoding measured faster on the
	// corpus: EncodingOrder for a puzzle with a tap (gen-jug4-10: 42.5 s
	// of CPU against 65.6 s with binary), EncodingBinary without one,
	// where it also keeps the total (gen-jug4-13: 7.5 s against 19.3 s
	// with order; gen-jug4-09 proven unsolvable in 1.3 s, where order
	// had no answer in 90 s).
	EncodingAuto Encoding = iota
	// EncodingBinary holds an amount in binary, one variable per bit; a
	// pour reads the pair's sum from a ripple-carry adder, a few dozen
	// clauses per pair and step. Without a tap every state also keeps the
	// initial total.
	EncodingBinary
	// EncodingOrder holds an amount in unary, one variable "holds at least
	// v" per unit of capacity; a pour reads the pair's sum, order encoded,
	// about 2(a+1)(b+1) clauses per pair of jugs and step.
	EncodingOrder
)

// encodingNames are the names ParseEncoding takes and String gives.
var encodingNames = enumname.Table[Encoding]{Type: "Encoding", What: "jug encoding",
	Names: []string{EncodingAuto: "auto", EncodingBinary: "binary", EncodingOrder: "order"}}

// For returns the encoding e stands for on p: e itself, or for
// EncodingAuto the one it picks.
func (e Encoding) For(p *Puzzle) Encoding {
	switch {
	case e != EncodingAuto:
		return e
	case p.Tap:
		return EncodingOrder
	}
	return EncodingBinary
}

// String returns "auto", "binary" or "order".
func (e Encoding) String() string { return encodingNames.String(e) }

// EncodingNames lists the names ParseEncoding takes, the default first.
func EncodingNames() []string { return slices.Clone(encodingNames.Names) }

// ParseEncoding returns the Encoding of a name EncodingNames lists.
func ParseEncoding(name string) (Encoding, error) { return encodingNames.Parse(name) }
