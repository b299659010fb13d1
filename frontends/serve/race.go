package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/chart"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/aquariumkind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// raceRequest asks to race every engine on a puzzle.
type raceRequest struct {
	Puzzle *puzzleJSON `json:"puzzle"`
	// Limit is how many solutions each engine looks for: 2 (the default,
	// as in compare) decides uniqueness.
	Limit int `json:"limit"`
}

// raceEvent is one line of a race's answer, which streams JSON Lines: a
// "start" event naming the engines, "progress" events while engines run,
// and a "done" event with the agreement check.
type raceEvent struct {
	Type    string    `json:"type"`
	Rows    []raceRow `json:"rows"`
	Chart   string    `json:"chart"`               // the bar chart of compare --plot, as SVG
	Agree   *bool     `json:"agree,omitempty"`     // done: the answers agree
	Running int       `json:"running"`             // engines still running
	Message string    `json:"message,omitempty"`   // done: the agreement in words
	Note    string    `json:"note,omitempty"`      // start: how the engines run
	Elapsed float64   `json:"elapsed_ms,omitzero"` // since the start
}

// raceRow is one engine in a race.
type raceRow struct {
	result
	Running bool `json:"running"`
	// Disagrees marks a settled answer that differs from another's.
	Disagrees bool `json:"disagrees,omitempty"`
}

// raceTick is how often a race reports progress.
const raceTick = 150 * time.Millisecond

// race runs every engine of compare's list on the puzzle at once (as many
// at a time as the solve slots allow), streams their progress as JSON
// Lines with a live bar chart, and ends with compare's agreement check.
func (s *Server) race(w http.ResponseWriter, r *http.Request) {
	body, err := s.readBody(w, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	req, p, rule, err := decodePuzzle[raceRequest](s, body)
	if err == nil && req.Limit == 0 {
		req.Limit = 2
	}
	if err == nil && (req.Limit < 1 || req.Limit > 100) {
		err = badRequest("limit %d: want 1 to 100", req.Limit)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var engines []aquariumkind.Engine
	for _, e := range s.cfg.Engines {
		if e.Takes(rule) {
			engines = append(engines, e)
		}
	}
	n, err := s.slots.take(len(engines))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer s.slots.give(n)
	ctx, cancel := context.WithTimeout(r.Context(), s.lim.Deadline)
	defer cancel()

	w.Header().Set("Content-Type", "application/x-ndjson; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	rc := &raceRun{w: w, flush: func() {}, title: raceTitle(req.Puzzle.ID, p), start: time.Now()}
	if f, ok := w.(http.Flusher); ok {
		rc.flush = f.Flush
	}
	rc.rows, rc.began = make([]raceRow, len(engines)), make([]time.Time, len(engines))
	for i, e := range engines {
		rc.rows[i] = raceRow{result: result{Engine: e.Name, Status: chart.Running, Answer: "waiting"}, Running: true}
	}
	rc.send(raceEvent{Type: "start", Note: fmt.Sprintf("%d engines, %d at a time, each stopped at %v; times include the contention of running together (compare runs them one by one)",
		len(engines), n, s.lim.Deadline)})

	type finished struct {
		i int
		r result
	}
	done := make(chan finished)
	gate := make(chan struct{}, n)
	for i, e := range engines {
		go func() {
			gate <- struct{}{}
			defer func() { <-gate }()
			rc.started(i)
			done <- finished{i, run(ctx, e, p, rule, req.Limit)}
		}()
	}
	tick := time.NewTicker(raceTick)
	defer tick.Stop()
	for left := len(engines); left > 0; {
		select {
		case f := <-done:
			left--
			rc.finish(f.i, f.r)
		case <-tick.C:
			rc.send(raceEvent{Type: "progress"})
		}
	}
	rc.send(rc.verdict())
}

// raceRun is the state of one race's answer.
type raceRun struct {
	w     http.ResponseWriter
	flush func()
	title string
	start time.Time
	// rows and began are shared with the engines' goroutines.
	mu    sync.Mutex
	rows  []raceRow
	began []time.Time
}

// started records that engine i began to run.
func (rc *raceRun) started(i int) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.began[i] = time.Now()
	rc.rows[i].Answer = "running"
}

// finish records engine i's result.
func (rc *raceRun) finish(i int, r result) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.rows[i] = raceRow{result: r}
}

// send writes an event with the rows as they stand and their chart.
func (rc *raceRun) send(ev raceEvent) {
	rc.mu.Lock()
	ev.Rows = append([]raceRow(nil), rc.rows...)
	now := time.Now()
	for i := range ev.Rows {
		if ev.Rows[i].Running {
			ev.Running++
			if !rc.began[i].IsZero() {
				ev.Rows[i].MS = kind.Millis(now.Sub(rc.began[i]))
			}
		}
	}
	rc.mu.Unlock()
	ev.Elapsed = kind.Millis(now.Sub(rc.start))
	bars := make([]chart.Bar, len(ev.Rows))
	for i, row := range ev.Rows {
		bars[i] = chart.Bar{Engine: row.Engine, MS: row.MS, Status: row.Status, Answer: row.Answer, Disagrees: row.Disagrees}
	}
	var svg bytes.Buffer
	if err := chart.Bars(&svg, rc.title, bars); err == nil {
		ev.Chart = svg.String()
	}
	line, _ := json.Marshal(ev)
	rc.w.Write(append(line, '\n'))
	rc.flush()
}

// verdict is the last event: compare's agreement check (kind.Agree) over
// the engines that settled the question.
func (rc *raceRun) verdict() raceEvent {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	votes := make([]kind.Vote, len(rc.rows))
	for i, row := range rc.rows {
		votes[i] = row.vote()
	}
	a := kind.Agree(votes)
	ev := raceEvent{Type: "done", Agree: &a.Agree}
	switch {
	case !a.Agree:
		for i := range rc.rows {
			rc.rows[i].Disagrees = rc.rows[i].settled()
		}
		ev.Message = "DISAGREEMENT: " + a.Answers()
	case len(a.Keyed) == 0:
		ev.Message = "No engine answered in time, so there is nothing to compare."
	default:
		ev.Message = fmt.Sprintf("The %d engines that answered agree: %s.", len(a.Keyed), a.Keyed[0].Words)
	}
	return ev
}

// raceTitle names the puzzle in the chart.
func raceTitle(id string, p *aquarium.Puzzle) string {
	if id == "" {
		id = "puzzle"
	}
	return fmt.Sprintf("%s (%dx%d): every engine", id, p.Width, p.Height)
}
