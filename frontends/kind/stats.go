package kind

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat"
)

// Stat is one named statistic of an engine.
type Stat struct {
	Name  string
	Value any // int, bool, float64 or string
}

// StatList is an engine's statistics in a fixed order. It encodes as a JSON
// object with the keys in that order, and prints as "name=value ...".
type StatList []Stat

// MarshalJSON writes the statistics as one JSON object, in order.
func (l StatList) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, s := range l {
		if i > 0 {
			b.WriteByte(',')
		}
		name, err := json.Marshal(s.Name)
		if err != nil {
			return nil, err
		}
		value, err := json.Marshal(s.Value)
		if err != nil {
			return nil, err
		}
		b.Write(name)
		b.WriteByte(':')
		b.Write(value)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// String writes the statistics as "name=value" pairs separated by spaces,
// leaving out empty strings.
func (l StatList) String() string {
	parts := make([]string, 0, len(l))
	for _, s := range l {
		if s.Value == "" {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s=%v", s.Name, s.Value))
	}
	return strings.Join(parts, " ")
}

// ReportsSearch reports whether a SAT backend counts its search: gini
// counts only its solves, and solvers that print no statistics count
// nothing, so that their zero counts mean unknown, not zero.
func ReportsSearch(s sat.Stats) bool {
	return s.Conflicts != 0 || s.Decisions != 0 || s.Propagations != 0
}

// SearchStats are a state-space search's statistics as the records of
// the plan puzzles print them: the states expanded and stored, and the
// peak memory in bytes.
type SearchStats struct {
	Expanded  int64 `json:"expanded"`
	Stored    int64 `json:"stored"`
	PeakBytes int64 `json:"peak_bytes"`
}

// SearchStatsOf picks the statistics SearchStats prints from s.
func SearchStatsOf(s statespace.Stats) SearchStats {
	return SearchStats{Expanded: s.Expanded, Stored: s.Stored, PeakBytes: s.PeakBytes}
}
