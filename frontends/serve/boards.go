package serve

import (
	"context"
	"fmt"
	"html"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/rushkind"
	"github.com/waterworks-solver/waterworks/frontends/kind/tileskind"
	"github.com/waterworks-solver/waterworks/frontends/rushfmt"
	"github.com/waterworks-solver/waterworks/frontends/tilesfmt"
	"github.com/waterworks-solver/waterworks/models/rush"
	"github.com/waterworks-solver/waterworks/models/tiles"
)

// This file holds the state-space puzzles played on a board: sliding
// tiles and Rush Hour. Their pictures give every tile and piece an id, so
// the page slides them from one state to the next as it pours liquids.

// tilesLevel and rushLevel give a board's id, puzzle and problem (see
// level).
func tilesLevel(l tilesfmt.Level) (string, *tiles.Puzzle, error) { return l.ID, l.Puzzle, l.Err }
func rushLevel(l rushfmt.Level) (string, *rush.Puzzle, error)    { return l.ID, l.Puzzle, l.Err }

// tilesKind solves sliding-tile boards with IDA* and Manhattan distance,
// which bounds its memory and not its states (tileskind.Run).
var tilesKind = searchKind[*tiles.Puzzle, tiles.Move]{
	method: "ida*",
	read:   fromLevels(tilesfmt.Parse, tilesLevel),
	run: func(ctx context.Context, id string, p *tiles.Puzzle, _ planLimits) ([]tiles.Move, []Stat, kind.Judged) {
		ida, _ := tileskind.MethodNamed(tileskind.MethodIDA)
		o := tileskind.DefaultOptions()
		o.Heuristic = tileskind.HeuristicManhattan
		r := tileskind.Run(ctx, id, ida, p, o)
		return r.Plan, []Stat{{"expanded", r.Stats.Expanded}, {"iterations", r.Stats.Iterations}}, r.Judged
	},
	noPlan: "No plan reaches the goal",
	solved: func(_ *tiles.Puzzle, plan []tiles.Move) string {
		return fmt.Sprintf("Solved in %d moves, the fewest possible (IDA* with Manhattan distance and linear conflicts); the plan passes the checker.", len(plan))
	},
	play: func(q *tiles.Puzzle) (func() string, func(tiles.Move) (string, error)) {
		return func() string { return drawTiles(q) }, func(m tiles.Move) (string, error) {
			next, slid, err := q.Apply(tiles.Plan{m})
			if err != nil {
				return "", err
			}
			q = next
			// The blank moves one way, so the tile moves the other.
			return fmt.Sprintf("slide %d %s", slid[0], tileWay[m]), nil
		}
	},
}

// tileWay is the way a tile slides when the blank makes each move.
var tileWay = map[tiles.Move]string{tiles.Up: "down", tiles.Down: "up", tiles.Left: "right", tiles.Right: "left"}

// drawTiles draws a sliding-tile board: tile t is the rectangle "t<t>"
// and its number "t<t>-n".
func drawTiles(p *tiles.Puzzle) string {
	const cell, gap, margin = 56, 4, 10
	w, h := margin*2+p.Width*cell, margin*2+p.Height*cell
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" class="tiles">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#cfd8dc" rx="6"/>`+"\n", margin-gap, margin-gap, p.Width*cell+gap, p.Height*cell+gap)
	for i, t := range p.Tiles {
		if t == 0 {
			continue
		}
		x, y := margin+(i%p.Width)*cell, margin+(i/p.Width)*cell
		fmt.Fprintf(&b, `<rect id="t%d" x="%d" y="%d" width="%d" height="%d" rx="5" fill="%s"/>`+"\n", t, x, y, cell-gap, cell-gap, waterBlue)
		fmt.Fprintf(&b, `<text id="t%d-n" x="%d" y="%d" text-anchor="middle" font-family="sans-serif" font-size="22" fill="#fff">%d</text>`+"\n",
			t, x+(cell-gap)/2, y+(cell-gap)/2+8, t)
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// rushKind solves Rush Hour boards with breadth-first search
// (rushkind.Run).
var rushKind = searchKind[*rush.Puzzle, rush.Move]{
	method: "bfs",
	read:   fromLevels(rushfmt.Parse, rushLevel),
	run: func(ctx context.Context, id string, p *rush.Puzzle, lim planLimits) ([]rush.Move, []Stat, kind.Judged) {
		bfs, _ := rushkind.MethodNamed(rushkind.MethodBFS)
		r := rushkind.Run(ctx, id, bfs, p, rushkind.Options{MaxStates: lim.maxStates})
		return r.Plan, []Stat{{"expanded", r.Stats.Expanded}, {"stored", r.Stats.Stored}}, r.Judged
	},
	noPlan: "No plan gets car A out",
	solved: func(_ *rush.Puzzle, plan []rush.Move) string {
		return fmt.Sprintf("Solved in %d moves, the fewest possible (breadth-first search); the plan passes the checker.", len(plan))
	},
	play: func(p *rush.Puzzle) (func() string, func(rush.Move) (string, error)) {
		q := p.Clone()
		return func() string { return drawRush(q) }, func(m rush.Move) (string, error) {
			pc := &q.Pieces[m.Piece]
			if pc.Orientation == rush.Horizontal {
				pc.Col += m.By
			} else {
				pc.Row += m.By
			}
			return fmt.Sprintf("slide %c %s %d", pc.Label, rush.Direction(pc.Orientation, m.By), max(m.By, -m.By)), nil
		}
	},
}

// drawRush draws a Rush Hour board: piece L is the rectangle "p<L>" and
// its label "p<L>-n"; the gap on the right of car A's row is the exit.
func drawRush(p *rush.Puzzle) string {
	const cell, gap, margin = 48, 5, 12
	w, h := margin*2+p.Width*cell+cell/2, margin*2+p.Height*cell
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" class="rush">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#eceff1" stroke="#37474f" stroke-width="3"/>`+"\n", margin, margin, p.Width*cell, p.Height*cell)
	exitRow := p.Pieces[0].Row
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#eceff1"/>`+"\n", margin+p.Width*cell-2, margin+exitRow*cell+3, cell/2+4, cell-6)
	for _, c := range p.Walls {
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#37474f"/>`+"\n", margin+(c%p.Width)*cell+2, margin+(c/p.Width)*cell+2, cell-4, cell-4)
	}
	for i, pc := range p.Pieces {
		across, down := pc.Len, 1
		if pc.Orientation == rush.Vertical {
			across, down = 1, pc.Len
		}
		colour := colourPalette[(i+1)%len(colourPalette)]
		if i == 0 {
			colour = namedColours["red"]
		}
		x, y := margin+pc.Col*cell+gap, margin+pc.Row*cell+gap
		fmt.Fprintf(&b, `<rect id="p%c" x="%d" y="%d" width="%d" height="%d" rx="7" fill="%s"/>`+"\n", pc.Label, x, y, across*cell-2*gap, down*cell-2*gap, colour)
		fmt.Fprintf(&b, `<text id="p%c-n" x="%d" y="%d" text-anchor="middle" font-family="sans-serif" font-size="18" fill="#fff">%s</text>`+"\n",
			pc.Label, x+(across*cell-2*gap)/2, y+(down*cell-2*gap)/2+6, html.EscapeString(string(pc.Label)))
	}
	b.WriteString("</svg>\n")
	return b.String()
}
