package textblock

import (
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/textsafe"
)

// IDs holds the line of each id stated so far in one input, for the rule
// of every JSON Lines format that ids are unique within a file. The zero
// value is not ready: make one with make(IDs).
type IDs map[string]int

// Claim checks the id stated on line: a name that prints safely (see
// textsafe.CheckName) and not stated before in the input. It records the
// id and returns "", or says what is wrong with it.
func (ids IDs) Claim(id string, line int) string {
	if msg := textsafe.CheckName("id", id); msg != "" {
		return msg
	}
	if first, dup := ids[id]; dup {
		return fmt.Sprintf("duplicate id %q: line %d has it too (ids are unique within a file)", id, first)
	}
	ids[id] = line
	return ""
}
