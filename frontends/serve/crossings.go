package serve

import (
	"context"
	"fmt"
	"html"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/crossings"
	"github.com/waterworks-solver/waterworks/frontends/kind/riverkind"
	"github.com/waterworks-solver/waterworks/frontends/kind/torchkind"
	"github.com/waterworks-solver/waterworks/frontends/riverfmt"
	"github.com/waterworks-solver/waterworks/frontends/torchfmt"
	"github.com/waterworks-solver/waterworks/models/river"
	"github.com/waterworks-solver/waterworks/models/torch"
)

// This file holds the crossing puzzles: the torch and bridge, and river
// crossings. Their pictures show two banks; every person or item is a
// labelled disc with an id ("m<i>"), and so is the torch; the boat too,
// so the page moves them across from one state to the next.

// torchLevel gives a puzzle's id, puzzle and problem (see level).
func torchLevel(in torchfmt.Instance) (string, *torch.Puzzle, error) { return in.ID, in.Puzzle, in.Err }

// torchKind solves torch and bridge puzzles with A*, the least total
// time first (torchkind.Run).
var torchKind = searchKind[*torch.Puzzle, torch.Crossing]{
	method: "a*",
	read:   fromLevels(torchfmt.Parse, torchLevel),
	run: func(ctx context.Context, id string, p *torch.Puzzle, lim planLimits) ([]torch.Crossing, []Stat, kind.Judged) {
		astar, _ := torchkind.MethodNamed(crossings.MethodAStar)
		r := torchkind.Run(ctx, id, astar, p, lim.crossings())
		return r.Actions, crossingStats(r.Stats), r.Judged
	},
	solved: func(p *torch.Puzzle, plan []torch.Crossing) string {
		return fmt.Sprintf("Everyone is across in %d minutes, the least possible (A*), in %d crossings; the plan passes the checker.", torch.Plan(plan).Cost(p.Times), len(plan))
	},
	play: func(p *torch.Puzzle) (func() string, func(torch.Crossing) (string, error)) {
		across := make([]bool, len(p.Times))
		torchAcross := false
		return func() string { return drawTorch(p, across, torchAcross) }, func(c torch.Crossing) (string, error) {
			for _, i := range c.People {
				across[i] = !across[i]
			}
			torchAcross = !torchAcross
			return torchfmt.Words(p, c), nil
		}
	},
}

// riverKind solves a river crossing, one puzzle an input, with
// breadth-first search (riverkind.Run).
var riverKind = searchKind[*river.Puzzle, river.Trip]{
	method: "bfs",
	read: func(v *planView, name string, data []byte, index int) (*river.Puzzle, error) {
		v.Count = 1
		if err := pick(name, 1, index); err != nil {
			return nil, err
		}
		p, err := riverfmt.Parse(name, data)
		if err != nil {
			return nil, inputError(err)
		}
		return p, nil
	},
	run: func(ctx context.Context, id string, p *river.Puzzle, lim planLimits) ([]river.Trip, []Stat, kind.Judged) {
		bfs, _ := riverkind.MethodNamed(crossings.MethodBFS)
		r := riverkind.Run(ctx, id, bfs, p, lim.crossings())
		return r.Actions, crossingStats(r.Stats), r.Judged
	},
	solved: func(_ *river.Puzzle, plan []river.Trip) string {
		return fmt.Sprintf("Everything is across in %d crossings, the fewest possible (breadth-first search); the plan passes the checker.", len(plan))
	},
	play: func(p *river.Puzzle) (func() string, func(river.Trip) (string, error)) {
		far := make([]int, len(p.Kinds))
		boatFar := false
		return func() string { return drawRiver(p, far, boatFar) }, func(t river.Trip) (string, error) {
			for k, n := range t.Load {
				if t.Back {
					far[k] -= n
				} else {
					far[k] += n
				}
			}
			boatFar = !boatFar
			return riverfmt.Words(p, t), nil
		}
	},
}

// crossings are the options of the crossing kinds' searches the limits
// allow.
func (lim planLimits) crossings() crossings.Options {
	o := crossings.DefaultOptions()
	o.MaxStates = lim.maxStates
	return o
}

// crossingStats are the statistics of a crossing search the page shows.
func crossingStats(st crossings.Stats) []Stat {
	return []Stat{{"expanded", st.Expanded}, {"stored", st.Stored}}
}

// banks starts a picture of two banks, the left third and the right
// third, with between (the river, or the dark under a bridge) in the
// middle.
func banks(b *strings.Builder, w, h int, between string) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" class="crossing">`+"\n", w, h, w, h)
	fmt.Fprintf(b, `<rect x="0" y="0" width="%d" height="%d" fill="#a5d6a7"/>`+"\n", w, h)
	fmt.Fprintf(b, `<rect x="%d" y="0" width="%d" height="%d" fill="%s"/>`+"\n", w/3, w/3, h, between)
}

// disc draws a labelled disc centred at (x, y): a rectangle with round
// corners, since the page moves rectangles and texts by their id.
func disc(b *strings.Builder, id string, x, y int, fill, label string) {
	fmt.Fprintf(b, `<rect id="%s" x="%d" y="%d" width="32" height="32" rx="16" fill="%s" stroke="#263238"/>`+"\n", id, x-16, y-16, fill)
	fmt.Fprintf(b, `<text id="%s-n" x="%d" y="%d" text-anchor="middle" font-family="sans-serif" font-size="11" fill="#fff">%s</text>`+"\n",
		id, x, y+4, html.EscapeString(label))
}

// drawTorch draws the people on either side of a bridge: person i is the
// disc "m<i>" labelled with their time, the torch the disc "torch".
func drawTorch(p *torch.Puzzle, across []bool, torchAcross bool) string {
	const row = 40
	w, h := 480, 60+row*len(p.Times)
	var b strings.Builder
	banks(&b, w, h, "#263238")
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="14" fill="#8d6e63"/>`+"\n", w/3, h/2-7, w/3)
	for i, t := range p.Times {
		x := w / 6
		if across[i] {
			x = 5 * w / 6
		}
		disc(&b, fmt.Sprintf("m%d", i), x, 40+row*i, colourPalette[i%len(colourPalette)], fmt.Sprint(t))
	}
	x := w/6 - 44
	if torchAcross {
		x = 5*w/6 + 44
	}
	disc(&b, "torch", x, 30, "#f4d03f", "torch")
	b.WriteString("</svg>\n")
	return b.String()
}

// drawRiver draws the items on either bank: item j of kind k is the disc
// "m<k>-<j>", the first far[k] of them across; the boat is "boat".
func drawRiver(p *river.Puzzle, far []int, boatFar bool) string {
	const row = 40
	items := 0
	for _, k := range p.Kinds {
		items += k.Count
	}
	w, h := 480, 60+row*items
	var b strings.Builder
	banks(&b, w, h, waterBlue)
	x := w/3 + 30
	if boatFar {
		x = 2*w/3 - 30
	}
	fmt.Fprintf(&b, `<rect id="boat" x="%d" y="%d" width="60" height="24" rx="10" fill="#8d6e63"/>`+"\n", x-30, h/2-12)
	y := 40
	for k, kind := range p.Kinds {
		for j := range kind.Count {
			x := w / 6
			if j < far[k] {
				x = 5 * w / 6
			}
			label := kind.Name
			if len(label) > 7 {
				label = label[:7]
			}
			disc(&b, fmt.Sprintf("m%d-%d", k, j), x, y, colourPalette[k%len(colourPalette)], label)
			y += row
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}
