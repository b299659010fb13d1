package cp

import (
	"cmp"
	"fmt"
	"slices"
)

// cumulative is the constraint that tasks never use more than a capacity:
// at each time t, Σ use[i] over the tasks with start[i] ≤ t < start[i] +
// dur[i] is at most capacity.
type cumulative struct {
	start, dur, use []Var
	capacity        Var

	// Scratch of a pass: each task's compulsory part [partFrom, partTo)
	// with its height (0 for none), their ends as events, and the profile
	// they make.
	partFrom, partTo, partHeight []int
	events                       []ttEvent
	profile                      []ttSegment
}

// ttEvent is a change of the profile's height at a time.
type ttEvent struct {
	at, delta int
}

// ttSegment is a stretch of time [from, to) over which the compulsory
// parts use height.
type ttSegment struct {
	from, to, height int
}

// AddCumulative posts that tasks with the given start times, durations
// and resource usages never use more than capacity at once, FlatZinc's
// cumulative: at each time t, Σ use[i] over the tasks with start[i] ≤ t <
// start[i] + dur[i] is at most capacity. Durations and usages are
// constrained to be non-negative, as MiniZinc asserts; with at least one
// task the capacity is too (some time has no task running). A constant
// duration, usage or capacity is a variable with one value.
//
// It filters by time-tabling: a task whose latest start comes before its
// earliest end surely runs in between, with at least its least usage;
// these compulsory parts make a profile, which bounds the capacity from
// below, pushes the start of each task out of the times where it would
// overload the profile, and bounds the usage of each task where it
// surely runs. It repeats until nothing moves. When all the variables are
// fixed this is exact. A pass costs O(n log n + n·k), k the number of
// profile segments (at most 2n). It does not explain its deductions,
// though each bound it moves follows from the profile segment that
// overloads, which the bounds of the tasks there explain.
func (s *Solver) AddCumulative(start, dur, use []Var, capacity Var) PropID {
	if len(dur) != len(start) || len(use) != len(start) {
		panic(fmt.Sprintf("cp: cumulative over %d starts, %d durations and %d usages", len(start), len(dur), len(use)))
	}
	n := len(start)
	p := &cumulative{start: slices.Clone(start), dur: slices.Clone(dur), use: slices.Clone(use), capacity: capacity,
		partFrom: make([]int, n), partTo: make([]int, n), partHeight: make([]int, n)}
	id := s.Add(p)
	for i := range start {
		s.Watch(id, start[i], OnBounds)
		s.Watch(id, dur[i], OnBounds)
		s.Watch(id, use[i], OnBounds)
	}
	s.Watch(id, capacity, OnBounds)
	return id
}

// Idempotent holds: Propagate repeats its passes until nothing moves.
func (p *cumulative) Idempotent() bool { return true }

func (p *cumulative) Propagate(s *Solver) error {
	if len(p.start) == 0 {
		return nil
	}
	for i := range p.start {
		if err := s.SetMin(p.dur[i], 0); err != nil {
			return err
		}
		if err := s.SetMin(p.use[i], 0); err != nil {
			return err
		}
	}
	if err := s.SetMin(p.capacity, 0); err != nil {
		return err
	}
	for {
		moved, err := p.pass(s)
		if err != nil || !moved {
			return err
		}
	}
}

// pass builds the profile and prunes with it once; it reports whether a
// bound moved, which can change the compulsory parts.
func (p *cumulative) pass(s *Solver) (bool, error) {
	peak := p.buildProfile(s)
	if err := s.SetMin(p.capacity, peak); err != nil {
		return false, err
	}
	limit := s.Max(p.capacity)
	moved := false
	for i, st := range p.start {
		dMin, rMin := s.Min(p.dur[i]), s.Min(p.use[i])
		if dMin > 0 && rMin > 0 {
			est := p.earliestStart(i, s.Min(st), dMin, rMin, limit)
			lst := p.latestStart(i, s.Max(st), dMin, rMin, limit)
			if est > s.Min(st) || lst < s.Max(st) {
				moved = true
				if err := s.SetMin(st, est); err != nil {
					return false, err
				}
				if err := s.SetMax(st, lst); err != nil {
					return false, err
				}
			}
		}
		if p.partFrom[i] < p.partTo[i] {
			// The task surely runs over its compulsory part: its usage
			// fits under what the other tasks leave there.
			before := s.Max(p.use[i])
			for _, seg := range p.profile {
				if seg.from >= p.partFrom[i] && seg.to <= p.partTo[i] {
					if err := s.SetMax(p.use[i], limit-(seg.height-p.partHeight[i])); err != nil {
						return false, err
					}
				}
			}
			moved = moved || s.Max(p.use[i]) != before
		}
	}
	return moved, nil
}

// buildProfile sorts the ends of the compulsory parts into segments of
// constant height, leaving out heights of zero, and returns the highest.
func (p *cumulative) buildProfile(s *Solver) (peak int) {
	p.events = p.events[:0]
	for i, st := range p.start {
		lst, ect, r := s.Max(st), s.Min(st)+s.Min(p.dur[i]), s.Min(p.use[i])
		p.partFrom[i], p.partTo[i], p.partHeight[i] = lst, ect, r
		if lst < ect && r > 0 {
			p.events = append(p.events, ttEvent{lst, r}, ttEvent{ect, -r})
		}
	}
	slices.SortFunc(p.events, func(a, b ttEvent) int { return cmp.Compare(a.at, b.at) })
	p.profile = p.profile[:0]
	height := 0
	for k, e := range p.events {
		height += e.delta
		if k+1 < len(p.events) && p.events[k+1].at == e.at {
			continue // gather the changes at one time
		}
		if height > 0 && k+1 < len(p.events) {
			p.profile = append(p.profile, ttSegment{e.at, p.events[k+1].at, height})
			peak = max(peak, height)
		}
	}
	return peak
}

// ownHeight returns how much of seg's height task i's own compulsory part
// makes.
func (p *cumulative) ownHeight(i int, seg ttSegment) int {
	if seg.from >= p.partFrom[i] && seg.to <= p.partTo[i] {
		return p.partHeight[i]
	}
	return 0
}

// earliestStart moves the start t of task i, of duration at least dMin
// and usage at least rMin, past every segment that it would overlap and
// overload, in increasing order of time.
func (p *cumulative) earliestStart(i, t, dMin, rMin, limit int) int {
	for _, seg := range p.profile {
		if seg.to <= t {
			continue
		}
		if seg.from >= t+dMin {
			break
		}
		if seg.height-p.ownHeight(i, seg)+rMin > limit {
			t = seg.to
		}
	}
	return t
}

// latestStart is the mirror image of earliestStart: it moves the latest
// start u back before every overloaded segment that [u, u+dMin) would
// overlap, in decreasing order of time.
func (p *cumulative) latestStart(i, u, dMin, rMin, limit int) int {
	for k := len(p.profile) - 1; k >= 0; k-- {
		seg := p.profile[k]
		if seg.from >= u+dMin {
			continue
		}
		if seg.to <= u {
			break
		}
		if seg.height-p.ownHeight(i, seg)+rMin > limit {
			u = seg.from - dMin
		}
	}
	return u
}
