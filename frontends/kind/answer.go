package kind

import (
	"fmt"
	"strings"
)

// Answer is what one engine said about one input, as compare and the web
// page's race show it.
type Answer struct {
	Status Status
	// Words say the answer: "unique", "2+ solutions", "optimal 6",
	// "unsolvable (parity)", "timed out".
	Words string
	// Key is what must be equal among the engines that settled the
	// question ("unique", "optimal 6", "unsolvable"); "" leaves the answer
	// out of the agreement (a timeout, a plan not claimed optimal).
	Key string
}

// Optimal is the answer of a plan proven to take the fewest steps:
// "optimal 6", which every engine that proves an optimum must agree on.
func Optimal(steps int) Answer {
	words := fmt.Sprintf("optimal %d", steps)
	return Answer{Status: StatusSolved, Words: words, Key: words}
}

// Unsolvable is the answer of a proof that there is no solution; words
// say it ("unsolvable (parity)"), and engines agree on unsolvability
// whatever their proof.
func Unsolvable(words string) Answer {
	return Answer{Status: StatusUnsolvable, Words: words, Key: "unsolvable"}
}

// Vote is one engine's answer in an agreement check.
type Vote struct {
	Engine string
	Answer
}

// Agreement is the outcome of the agreement check among engines.
type Agreement struct {
	// Agree reports that the votes with a key all have the same key.
	Agree bool
	// Keyed lists the votes with a key, in their order.
	Keyed []Vote
}

// Agree checks that the engines which settled the question agree: every
// vote with a key must have the same key. Votes without one (a timeout,
// an error, a plan not claimed optimal) do not count.
func Agree(votes []Vote) Agreement {
	a := Agreement{Agree: true}
	for _, v := range votes {
		if v.Key == "" {
			continue
		}
		if len(a.Keyed) > 0 && v.Key != a.Keyed[0].Key {
			a.Agree = false
		}
		a.Keyed = append(a.Keyed, v)
	}
	return a
}

// Answers lists the keyed votes as "engine: words; engine: words", the
// message that reports a disagreement.
func (a Agreement) Answers() string {
	parts := make([]string, len(a.Keyed))
	for i, v := range a.Keyed {
		parts[i] = v.Engine + ": " + v.Words
	}
	return strings.Join(parts, "; ")
}
