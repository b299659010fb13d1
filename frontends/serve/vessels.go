package serve

import (
	"fmt"
	"html"
	"strings"
)

// vessel is a jug or a bottle in a picture of a pour puzzle's state.
type vessel struct {
	label    string
	note     string // shown under the label: "3 of 5"
	capacity int
	layers   []layer // from the bottom up
}

// layer is a run of one liquid in a vessel.
type layer struct {
	id     int // the colour id (Water Sort)
	colour string
	name   string
	amount int
}

const waterBlue = "#4fa3e8" // the water of the Aquarium pictures

// drawVessels draws vessels side by side as SVG. Every layer has an id
// made of its vessel and its place from the bottom ("v2-l0"), stable from
// one state to the next, so that the page animates a pour by moving the
// layers that share an id from one picture to the next: the page knows
// nothing of the puzzle.
func drawVessels(vs []vessel) string {
	maxCap := 1
	for _, v := range vs {
		maxCap = max(maxCap, v.capacity)
	}
	const width, gap, left, top = 64, 26, 16, 12
	unit := min(32, max(6, 256/maxCap))
	inner := maxCap * unit
	w := left*2 + len(vs)*width + max(len(vs)-1, 0)*gap
	h := top + inner + 52
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" class="vessels">`+"\n", w, h, w, h)
	for i, v := range vs {
		x := left + i*(width+gap)
		bottom := top + inner
		vh := v.capacity * unit // a smaller vessel is shorter
		y := bottom
		for j, l := range v.layers {
			lh := l.amount * unit
			y -= lh
			fmt.Fprintf(&b, `<rect id="v%d-l%d" x="%d" y="%d" width="%d" height="%d" fill="%s"><title>%s</title></rect>`+"\n",
				i, j, x+3, y, width-6, lh, html.EscapeString(l.colour), html.EscapeString(fmt.Sprintf("%s × %d", l.name, l.amount)))
		}
		// The vessel: open at the top, walls and a bottom.
		fmt.Fprintf(&b, `<path id="v%d-glass" d="M %d %d V %d H %d V %d" fill="none" stroke="#333" stroke-width="3" stroke-linejoin="round"/>`+"\n",
			i, x, bottom-vh-2, bottom+1, x+width, bottom-vh-2)
		fmt.Fprintf(&b, `<text id="v%d-label" x="%d" y="%d" text-anchor="middle" font-family="sans-serif" font-size="14" fill="#222">%s</text>`+"\n",
			i, x+width/2, bottom+20, html.EscapeString(v.label))
		if v.note != "" {
			fmt.Fprintf(&b, `<text id="v%d-note" x="%d" y="%d" text-anchor="middle" font-family="sans-serif" font-size="12" fill="#555">%s</text>`+"\n",
				i, x+width/2, bottom+38, html.EscapeString(v.note))
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// namedColours are the colours Water Sort levels usually name, in shades
// that tell apart well; other names get a colour of palette by id.
var namedColours = map[string]string{
	"red": "#e53935", "blue": "#1e63d6", "green": "#2e9e44", "yellow": "#f4d03f",
	"orange": "#f39c12", "purple": "#8e44ad", "pink": "#ff78b4", "brown": "#8d5524",
	"grey": "#8a8a8a", "gray": "#8a8a8a", "cyan": "#27c6da", "lime": "#a4e03a",
	"teal": "#138f8a", "navy": "#23305e", "olive": "#7d8a2e", "white": "#f2f2f2",
	"black": "#222222", "violet": "#b57edc", "magenta": "#d63ad6", "beige": "#e8d9b0",
}

var colourPalette = []string{"#e53935", "#1e63d6", "#2e9e44", "#f4d03f", "#f39c12", "#8e44ad",
	"#ff78b4", "#8d5524", "#27c6da", "#a4e03a", "#138f8a", "#23305e", "#7d8a2e", "#b57edc", "#8a8a8a"}

// colourFor picks the colour of a liquid named name with id id.
func colourFor(name string, id int) string {
	if c, ok := namedColours[strings.ToLower(name)]; ok {
		return c
	}
	c := colourPalette[id%len(colourPalette)]
	if id >= len(colourPalette) {
		c = fmt.Sprintf("hsl(%d, 65%%, %d%%)", (id*47)%360, 40+(id/len(colourPalette)%3)*12)
	}
	return c
}
