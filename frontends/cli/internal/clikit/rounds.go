package clikit

import (
	"github.com/waterworks-solver/waterworks/models/statespace"
)

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
