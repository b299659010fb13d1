package clikit

import (
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/models/statespace"
)

// Round is one horizon of a bounded-horizon engine (statespace.Round) as
// every command reports it in JSON: the horizon, its answer ("plan",
// "none", "no path" or "unknown"), the size of the formula (SAT) or model
// (CP: variables and propagators), the backend's conflicts or the search's
// nodes, and the time.
type Round struct {
	K         int     `json:"k"`
	Answer    string  `json:"answer"`
	Vars      int     `json:"vars,omitempty"`
	Clauses   int     `json:"clauses,omitempty"`
	Conflicts int64   `json:"conflicts,omitempty"`
	Nodes     int64   `json:"nodes,omitempty"`
	MS        float64 `json:"ms"`
}

// Rounds are the horizons of a bounded-horizon engine, in order.
type Rounds []Round

// RoundsOf turns the library's records into Rounds.
func RoundsOf(rs []statespace.Round) Rounds {
	out := make(Rounds, len(rs))
	for i, r := range rs {
		out[i] = Round{K: r.K, Answer: r.Answer.String(), Vars: r.Vars, Clauses: r.Clauses,
			Conflicts: r.SAT.Conflicts, Nodes: r.CP.Nodes, MS: Millis(r.Time)}
	}
	return out
}

// String lists the milliseconds of each horizon, "k:ms" separated by
// commas, for text and CSV statistics.
func (rs Rounds) String() string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = strconv.Itoa(r.K) + ":" + MS(r.MS)
	}
	return strings.Join(parts, ",")
}

// SearchStats are a state-space search's statistics as the records of rush
// and sort print them: the states expanded and stored, and the peak memory
// in bytes.
type SearchStats struct {
	Expanded  int64 `json:"expanded"`
	Stored    int64 `json:"stored"`
	PeakBytes int64 `json:"peak_bytes"`
}

// SearchStatsOf picks the statistics SearchStats prints from s.
func SearchStatsOf(s statespace.Stats) SearchStats {
	return SearchStats{Expanded: s.Expanded, Stored: s.Stored, PeakBytes: s.PeakBytes}
}
