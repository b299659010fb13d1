package watersort

import (
	"fmt"
	"math/rand/v2"
)

// Generate returns a random level of the usual shape: bottles-empty colours
// of capacity units each, shuffled and poured into the first bottles-empty
// bottles, followed by empty bottles. The same arguments always give the
// same level. It does not promise a solvable level.
func Generate(bottles, capacity, empty int, seed uint64) (*Puzzle, error) {
	colours := bottles - empty
	if colours < 1 || empty < 0 {
		return nil, fmt.Errorf("%d bottles with %d empty leave no colour", bottles, empty)
	}
	units := make([]int, 0, colours*capacity)
	for c := range colours {
		for range capacity {
			units = append(units, c)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	rng.Shuffle(len(units), func(i, j int) { units[i], units[j] = units[j], units[i] })
	p := &Puzzle{Capacity: capacity, Bottles: make([][]int, bottles)}
	for i := range colours {
		p.Bottles[i] = units[i*capacity : (i+1)*capacity : (i+1)*capacity]
	}
	for i := colours; i < bottles; i++ {
		p.Bottles[i] = []int{}
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}
