// Package chart draws the charts of waterworks' engine comparisons as SVG:
// bars of the time each engine took on one puzzle, and a cactus plot of
// many puzzles (for each engine, how many puzzles it answered within a
// given time). The web page's race and "waterworks compare --plot" draw
// the same charts.
//
// The SVG is written by hand in a fixed order, so the same input gives the
// same bytes, and every text taken from the input is escaped.
package chart

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Statuses of a bar, as compare and the race report them.
const (
	Solved     = "solved"     // an answer was found (solutions, or an optimal plan)
	Unsolvable = "unsolvable" // proven to have no answer
	Unknown    = "unknown"    // stopped before an answer: timed out or a limit
	Error      = "error"      // the engine failed, or its answer failed the check
	Running    = "running"    // still working (a live race)
)

// Colours of the charts.
const (
	paper     = "#ffffff"
	ink       = "#222222"
	faint     = "#dddddd"
	answered  = "#4fa3e8" // the water blue of the puzzle pictures
	running   = "#a9d2f3"
	unknown   = "#b4b4b4"
	failed    = "#d9534f"
	fontStyle = `font-family="sans-serif" font-size="12" fill="` + ink + `"`
)

// palette colours the lines of a cactus plot, one per engine; past its
// end the colours repeat with dashed lines.
var palette = []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
	"#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"}

// Bar is one engine's result on one puzzle.
type Bar struct {
	Engine string
	MS     float64 // the time taken, or taken so far while Running
	Status string  // Solved, Unsolvable, Unknown, Error or Running
	Answer string  // the answer in a few words: "unique", "optimal 6", "timed out"
	// Disagrees marks an engine whose answer differs from another's.
	Disagrees bool
}

// Bars writes a horizontal bar chart of the times of bars, one row per
// engine in the order given, each labelled with its time and answer and
// coloured by status. The time axis is logarithmic when the times span
// more than a factor of 20, linear otherwise.
func Bars(w io.Writer, title string, bars []Bar) error {
	const rowHeight, barHeight, right = 24, 16, 170
	nameWidth := 60
	for _, b := range bars {
		nameWidth = max(nameWidth, textWidth(b.Engine)+12)
	}
	plotLeft, plotWidth := nameWidth, 420
	top := 34
	height := top + max(len(bars), 1)*rowHeight + 44
	width := plotLeft + plotWidth + right

	var times []float64
	for _, b := range bars {
		times = append(times, b.MS)
	}
	sc := newScale(times, float64(plotWidth))

	out := bufio.NewWriter(w)
	header(out, width, height, title)
	axisY := top + max(len(bars), 1)*rowHeight + 4
	for _, t := range sc.ticks {
		x := plotLeft + int(math.Round(sc.at(t)))
		fmt.Fprintf(out, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s"/>`+"\n", x, top-4, x, axisY, faint)
		fmt.Fprintf(out, `<text x="%d" y="%d" text-anchor="middle" %s>%s</text>`+"\n", x, axisY+15, fontStyle, tickLabel(t))
	}
	fmt.Fprintf(out, `<text x="%d" y="%d" text-anchor="middle" %s>time (%s scale)</text>`+"\n",
		plotLeft+plotWidth/2, axisY+30, fontStyle, sc.kind)
	if len(bars) == 0 {
		fmt.Fprintf(out, `<text x="%d" y="%d" %s>no engine ran</text>`+"\n", plotLeft, top+16, fontStyle)
	}
	for i, b := range bars {
		y := top + i*rowHeight
		fmt.Fprintf(out, `<g class="bar" data-engine="%s" data-status="%s">`+"\n", esc(b.Engine), esc(b.Status))
		fmt.Fprintf(out, `<text x="%d" y="%d" text-anchor="end" %s>%s</text>`+"\n", plotLeft-8, y+barHeight-4, fontStyle, esc(b.Engine))
		length := max(2, int(math.Round(sc.at(b.MS))))
		if b.Status == Error {
			length = 2
		}
		fmt.Fprintf(out, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", plotLeft, y, length, barHeight, barColour(b.Status))
		label := Millis(b.MS)
		switch {
		case b.Status == Error:
			label = "error"
		case b.Answer != "":
			label += " · " + b.Answer
		}
		if b.Disagrees {
			label += " · DISAGREES"
		}
		colour := ink
		if b.Disagrees || b.Status == Error {
			colour = failed
		}
		fmt.Fprintf(out, `<text x="%d" y="%d" font-family="sans-serif" font-size="12" fill="%s">%s</text>`+"\n",
			plotLeft+length+6, y+barHeight-4, colour, esc(label))
		out.WriteString("</g>\n")
	}
	out.WriteString("</svg>\n")
	return out.Flush()
}

// barColour colours a bar by its status.
func barColour(status string) string {
	switch status {
	case Solved, Unsolvable:
		return answered
	case Running:
		return running
	case Error:
		return failed
	}
	return unknown
}

// Series is one engine's results on many puzzles: the time of every
// puzzle it answered (solved or proved unsolvable), in any order.
type Series struct {
	Engine string
	MS     []float64
}

// Cactus writes a cactus plot of series over a set of puzzles: for each
// engine, its answer times sorted from fastest to slowest, the k-th at k
// puzzles across and its time up, on a logarithmic time axis. An engine's
// line ends at the number of puzzles it answered, so the line further right
// answered more and the lower line answered faster.
func Cactus(w io.Writer, title string, puzzles int, series []Series) error {
	const plotLeft, plotTop, plotWidth, plotHeight = 70, 40, 520, 320
	legendWidth := 60
	for _, s := range series {
		legendWidth = max(legendWidth, textWidth(s.Engine)+40)
	}
	width, height := plotLeft+plotWidth+20+legendWidth, plotTop+plotHeight+50
	var all []float64
	for _, s := range series {
		all = append(all, s.MS...)
	}
	sc := newLogScale(all, plotHeight)
	n := max(puzzles, 1)
	for _, s := range series {
		n = max(n, len(s.MS))
	}
	xAt := func(k float64) float64 { return plotLeft + k/float64(n)*plotWidth }
	yAt := func(ms float64) float64 { return plotTop + plotHeight - sc.at(ms) }

	out := bufio.NewWriter(w)
	header(out, width, height, title)
	bottom := plotTop + plotHeight
	for _, t := range sc.ticks {
		y := int(math.Round(yAt(t)))
		fmt.Fprintf(out, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s"/>`+"\n", plotLeft, y, plotLeft+plotWidth, y, faint)
		fmt.Fprintf(out, `<text x="%d" y="%d" text-anchor="end" %s>%s</text>`+"\n", plotLeft-6, y+4, fontStyle, tickLabel(t))
	}
	for _, k := range countTicks(n) {
		x := int(math.Round(xAt(float64(k))))
		fmt.Fprintf(out, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s"/>`+"\n", x, plotTop, x, bottom, faint)
		fmt.Fprintf(out, `<text x="%d" y="%d" text-anchor="middle" %s>%d</text>`+"\n", x, bottom+16, fontStyle, k)
	}
	fmt.Fprintf(out, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="%s"/>`+"\n", plotLeft, plotTop, plotWidth, plotHeight, ink)
	fmt.Fprintf(out, `<text x="%d" y="%d" text-anchor="middle" %s>puzzles answered (of %d)</text>`+"\n",
		plotLeft+plotWidth/2, bottom+34, fontStyle, puzzles)
	fmt.Fprintf(out, `<text transform="translate(14 %d) rotate(-90)" text-anchor="middle" %s>time per puzzle</text>`+"\n",
		plotTop+plotHeight/2, fontStyle)
	for i, s := range series {
		colour, dash := palette[i%len(palette)], ""
		if i >= len(palette) {
			dash = ` stroke-dasharray="6 3"`
		}
		times := slices.Sorted(slices.Values(s.MS))
		fmt.Fprintf(out, `<g class="series" data-engine="%s">`+"\n", esc(s.Engine))
		if len(times) > 0 {
			var pts []string
			for k, t := range times {
				pts = append(pts, point(xAt(float64(k+1)), yAt(t)))
			}
			fmt.Fprintf(out, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"%s/>`+"\n", strings.Join(pts, " "), colour, dash)
			for k, t := range times {
				fmt.Fprintf(out, `<circle cx="%s" cy="%s" r="2.5" fill="%s"/>`+"\n", num(xAt(float64(k+1))), num(yAt(t)), colour)
			}
		}
		ly := plotTop + 8 + i*18
		lx := plotLeft + plotWidth + 20
		fmt.Fprintf(out, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"%s/>`+"\n", lx, ly, lx+24, ly, colour, dash)
		fmt.Fprintf(out, `<text x="%d" y="%d" %s>%s (%d)</text>`+"\n", lx+30, ly+4, fontStyle, esc(s.Engine), len(times))
		out.WriteString("</g>\n")
	}
	out.WriteString("</svg>\n")
	return out.Flush()
}

// header opens the picture: the svg element, the paper and the title.
func header(out *bufio.Writer, width, height int, title string) {
	fmt.Fprintf(out, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", width, height, width, height)
	fmt.Fprintf(out, `<rect width="%d" height="%d" fill="%s"/>`+"\n", width, height, paper)
	if title != "" {
		fmt.Fprintf(out, `<text x="10" y="20" font-family="sans-serif" font-size="14" font-weight="bold" fill="%s">%s</text>`+"\n", ink, esc(title))
	}
}

// Millis formats a time in milliseconds for people: "0.042 ms", "3.1 ms",
// "250 ms", "1.5 s", "2 min".
func Millis(ms float64) string {
	switch {
	case ms < 1:
		return strconv.FormatFloat(ms, 'f', 3, 64) + " ms"
	case ms < 10:
		return strconv.FormatFloat(ms, 'f', 1, 64) + " ms"
	case ms < 1000:
		return strconv.FormatFloat(ms, 'f', 0, 64) + " ms"
	case ms < 60_000:
		return strconv.FormatFloat(ms/1000, 'g', 3, 64) + " s"
	}
	return strconv.FormatFloat(ms/60_000, 'g', 3, 64) + " min"
}

// tickLabel formats a round time on an axis: "0.1 ms", "20 ms", "1 s".
func tickLabel(ms float64) string {
	if ms < 1000 {
		return strconv.FormatFloat(ms, 'g', 4, 64) + " ms"
	}
	return Millis(ms)
}

// scale maps times to lengths from 0 to size along an axis.
type scale struct {
	kind  string // "linear" or "log"
	lo    float64
	hi    float64
	size  float64
	ticks []float64
}

// newScale returns a linear scale from 0 when the times span at most a
// factor of 20, else a logarithmic one.
func newScale(times []float64, size float64) scale {
	lo, hi := spread(times)
	if hi/lo <= 20 {
		step := niceStep(hi / 4)
		top := math.Ceil(hi/step) * step
		sc := scale{kind: "linear", lo: 0, hi: top, size: size}
		for t := 0.0; t <= top+step/2; t += step {
			sc.ticks = append(sc.ticks, t)
		}
		return sc
	}
	return newLogScale(times, size)
}

// newLogScale returns a logarithmic scale over whole decades around times.
func newLogScale(times []float64, size float64) scale {
	lo, hi := spread(times)
	a, b := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	if b <= a {
		b = a + 1
	}
	sc := scale{kind: "log", lo: math.Pow(10, a), hi: math.Pow(10, b), size: size}
	for e := a; e <= b; e++ {
		sc.ticks = append(sc.ticks, math.Pow(10, e))
	}
	return sc
}

// spread returns the smallest and largest positive time, within sensible
// bounds: at least a microsecond, and a range even for a single time.
func spread(times []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), 0
	for _, t := range times {
		if t > 0 && !math.IsInf(t, 0) && !math.IsNaN(t) {
			lo, hi = min(lo, t), max(hi, t)
		}
	}
	if hi == 0 {
		return 0.1, 1
	}
	lo = max(lo, 0.001)
	return lo, max(hi, lo)
}

// at returns the length along the axis of time t, clamped to the axis.
func (s scale) at(t float64) float64 {
	if s.kind == "linear" {
		return min(max(t, 0), s.hi) / s.hi * s.size
	}
	t = min(max(t, s.lo), s.hi)
	return (math.Log10(t) - math.Log10(s.lo)) / (math.Log10(s.hi) - math.Log10(s.lo)) * s.size
}

// niceStep returns 1, 2 or 5 times a power of ten, at least x.
func niceStep(x float64) float64 {
	if x <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x {
			return m * p
		}
	}
	return 10 * p
}

// countTicks returns about five whole-number ticks from 0 to n.
func countTicks(n int) []int {
	step := max(1, int(niceStep(float64(n)/5)))
	var ticks []int
	for k := 0; k <= n; k += step {
		ticks = append(ticks, k)
	}
	return ticks
}

// textWidth estimates the width of s in pixels at the charts' font size.
func textWidth(s string) int { return 7 * len([]rune(s)) }

func point(x, y float64) string { return num(x) + "," + num(y) }

// num formats a coordinate with one decimal at most.
func num(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

func esc(s string) string { return html.EscapeString(s) }
