package render

import (
	"image"
	"image/color"
	"image/png"
	"io"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// The palette of PNG pictures, by index.
const (
	paperIndex = iota
	waterIndex
	gridIndex
	inkIndex
	dotIndex
)

var palette = color.Palette{
	paperIndex: paper,
	waterIndex: water,
	gridIndex:  gridLine,
	inkIndex:   ink,
	dotIndex:   dotColour,
}

// Image draws p with the cells of s (see the package comment) as a
// paletted image. A zero s draws the puzzle alone.
func Image(p *aquarium.Puzzle, s aquarium.Solution, opts Options) (*image.Paletted, error) {
	sc, err := newScene(p, s, opts)
	if err != nil {
		return nil, err
	}
	img := image.NewPaletted(image.Rect(0, 0, sc.width, sc.height), palette)
	fill := func(r rect, index uint8) {
		area := image.Rect(r.x, r.y, r.x+r.w, r.y+r.h).Intersect(img.Rect)
		for y := area.Min.Y; y < area.Max.Y; y++ {
			row := img.Pix[img.PixOffset(area.Min.X, y):img.PixOffset(area.Max.X, y)]
			for i := range row {
				row[i] = index
			}
		}
	}
	for _, r := range sc.water {
		fill(r, waterIndex)
	}
	for _, d := range sc.dots {
		// A disc: the pixels whose centres lie within the radius.
		for y := range d.h {
			for x := range d.w {
				dx, dy := 2*x+1-d.w, 2*y+1-d.h
				if dx*dx+dy*dy <= d.w*d.h {
					img.SetColorIndex(d.x+x, d.y+y, dotIndex)
				}
			}
		}
	}
	for _, r := range sc.grid {
		fill(r, gridIndex)
	}
	for _, r := range sc.walls {
		fill(r, inkIndex)
	}
	k := sc.digitScale
	for _, l := range sc.clues {
		left := l.x - textWidth(len(l.text))*k/2
		top := l.y - glyphHeight*k/2
		inked(l.text, func(x, y int) {
			fill(rect{left + x*k, top + y*k, k, k}, inkIndex)
		})
	}
	return img, nil
}

// PNG writes the picture Image draws as a PNG file.
func PNG(w io.Writer, p *aquarium.Puzzle, s aquarium.Solution, opts Options) error {
	img, err := Image(p, s, opts)
	if err != nil {
		return err
	}
	return png.Encode(w, img)
}
