package serve

import (
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/watersort"
)

// rects reads the id and height of every rectangle with an id.
func rects(t *testing.T, svg string) map[string]int {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(svg))
	out := map[string]int{}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		el, ok := tok.(xml.StartElement)
		if !ok || el.Name.Local != "rect" {
			continue
		}
		var id string
		var h int
		for _, a := range el.Attr {
			switch a.Name.Local {
			case "id":
				id = a.Value
			case "height":
				h, _ = strconv.Atoi(a.Value)
			}
		}
		out[id] = h
	}
}

// TestBottleVessels checks that a bottle's units of one colour in a row
// make one layer, that layers keep their ids from the bottom, and that
// colour names are escaped.
func TestBottleVessels(t *testing.T) {
	p := &watersort.Puzzle{Capacity: 3, Bottles: [][]int{{0, 0, 1}, {1, 1}, {}, {0}}, Colors: []string{"red", `<b>"x"</b>`}}
	s, err := p.Start()
	require.NoError(t, err)
	vs := bottleVessels(p, s)
	require.Len(t, vs, 4)
	assert.Equal(t, []layer{{id: 0, colour: namedColours["red"], name: "red", amount: 2}, {id: 1, colour: colourPalette[1], name: `<b>"x"</b>`, amount: 1}}, vs[0].layers)
	assert.Empty(t, vs[2].layers)
	svg := drawVessels(vs)
	assert.NotContains(t, svg, "<b>")
	hs := rects(t, svg)
	assert.Equal(t, 2*hs["v0-l1"], hs["v0-l0"], "two units are twice one")
	assert.Equal(t, hs["v1-l0"], hs["v0-l0"])
	assert.NotContains(t, hs, "v2-l0")

	// After pouring bottle 1's top into bottle 2, the layer v0-l1 is gone
	// and v1-l0 grew by one unit: the page animates these ids.
	s2, err := s.Apply(watersort.Whole, watersort.Move{From: 0, To: 1})
	require.NoError(t, err)
	after := rects(t, drawVessels(bottleVessels(p, s2)))
	assert.NotContains(t, after, "v0-l1")
	assert.Equal(t, hs["v1-l0"]*3/2, after["v1-l0"])
}
