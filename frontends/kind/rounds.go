package kind

import (
	"strconv"
	"strings"
	"time"

	"github.com/waterworks-solver/waterworks/models/statespace"
)

// Round is one horizon of a bounded-horizon engine (statespace.Round) as
// the frontends report it in JSON: the horizon, its answer ("plan",
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
		parts[i] = strconv.Itoa(r.K) + ":" + strconv.FormatFloat(r.MS, 'f', 3, 64)
	}
	return strings.Join(parts, ",")
}

// Millis converts a duration to milliseconds with microsecond resolution,
// the unit of every "ms" field.
func Millis(d time.Duration) float64 {
	return float64(d.Microseconds()) / 1000
}
