package render

import (
	"bufio"
	"fmt"
	"image/color"
	"io"
	"strconv"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// SVG writes p with the cells of s (see the package comment) as an SVG
// picture, the same as Image draws. A zero s draws the puzzle alone.
func SVG(w io.Writer, p *aquarium.Puzzle, s aquarium.Solution, opts Options) error {
	sc, err := newScene(p, s, opts)
	if err != nil {
		return err
	}
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n",
		sc.width, sc.height, sc.width, sc.height)
	fmt.Fprintf(b, `<rect width="%d" height="%d" fill="%s"/>`+"\n", sc.width, sc.height, hexColour(paper))
	writeRects(b, "water", water, sc.water)
	if len(sc.dots) > 0 {
		fmt.Fprintf(b, `<g class="empty" fill="%s">`+"\n", hexColour(dotColour))
		for _, d := range sc.dots {
			fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="%s"/>`+"\n",
				half(2*d.x+d.w), half(2*d.y+d.h), half(d.w))
		}
		b.WriteString("</g>\n")
	}
	writeRects(b, "grid", gridLine, sc.grid)
	writeRects(b, "walls", ink, sc.walls)
	if len(sc.clues) > 0 {
		fmt.Fprintf(b, `<g class="clues" font-family="sans-serif" font-size="%d" text-anchor="middle" fill="%s">`+"\n",
			sc.fontSize, hexColour(ink))
		// The default baseline sits below the digits' middle by about 0.35em.
		lift := sc.fontSize * 7 / 20
		for _, l := range sc.clues {
			fmt.Fprintf(b, `<text x="%d" y="%d">%s</text>`+"\n", l.x, l.y+lift, l.text)
		}
		b.WriteString("</g>\n")
	}
	b.WriteString("</svg>\n")
	return b.Flush()
}

// writeRects writes rs as a group of rectangles of one colour.
func writeRects(b *bufio.Writer, class string, c color.RGBA, rs []rect) {
	if len(rs) == 0 {
		return
	}
	fmt.Fprintf(b, `<g class="%s" fill="%s" shape-rendering="crispEdges">`+"\n", class, hexColour(c))
	for _, r := range rs {
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d"/>`+"\n", r.x, r.y, r.w, r.h)
	}
	b.WriteString("</g>\n")
}

// hexColour spells c as #rrggbb.
func hexColour(c color.RGBA) string {
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}

// half formats n/2 exactly, as "7" or "7.5".
func half(n int) string {
	if n%2 == 0 {
		return strconv.Itoa(n / 2)
	}
	return strconv.FormatFloat(float64(n)/2, 'f', 1, 64)
}
