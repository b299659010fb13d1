package torchfmt

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/models/torch"
)

// Name names person i of p by their time ("5"), with their number after
// a time two people share ("5 (person 3)").
func Name(p *torch.Puzzle, i int) string {
	shared := 0
	for _, t := range p.Times {
		if t == p.Times[i] {
			shared++
		}
	}
	if shared > 1 {
		return fmt.Sprintf("%d (person %d)", p.Times[i], i+1)
	}
	return strconv.Itoa(p.Times[i])
}

// Words writes a crossing as people read it: "1 and 2 cross (2 min)",
// "1 returns (1 min)".
func Words(p *torch.Puzzle, c torch.Crossing) string {
	names := make([]string, len(c.People))
	slowest := 0
	for j, i := range c.People {
		names[j] = Name(p, i)
		slowest = max(slowest, p.Times[i])
	}
	verb := "cross"
	switch {
	case c.Back && len(names) == 1:
		verb = "returns"
	case c.Back:
		verb = "return"
	case len(names) == 1:
		verb = "crosses"
	}
	list := strings.Join(names, "")
	if len(names) > 1 {
		list = strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	}
	return fmt.Sprintf("%s %s (%d min)", list, verb, slowest)
}
