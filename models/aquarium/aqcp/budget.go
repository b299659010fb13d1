package aqcp

import (
	"context"
	"fmt"
	"slices"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/membudget"
)

// The memory the parts of a model take in the CP core, in bytes, measured
// with TestModelEstimate and rounded up. Slices grow by doubling, so a
// part may briefly take half as much again while it grows.
const (
	bytesPerBool   = 128 // a 0..1 variable
	bytesPerImply  = 96  // a binary clause
	bytesPerClause = 176 // a clause of three literals
	bytesPerChain  = 256 // a chain of a lineSum, with its watches
	bytesPerBlock  = 160 // the layout's share of a block: its columns and links
	bytesPerWeight = 160 // a weight of a row's blocks: its sets (lineGroup)
)

// estimate returns about how many bytes the CP model of p under l's rule
// takes, with the layout, and the part that takes the most.
func estimate(p *aquarium.Puzzle, l *aquarium.Layout) (total int64, largest string) {
	blocks := int64(len(l.Blocks))
	var links, chains, bitsets int64
	for _, below := range l.Below {
		links += int64(len(below))
	}
	line := func(need, n int) {
		if need != aquarium.NoClue {
			chains += int64(n)
			bitsets += 16 * int64(need/64+1) * int64(n+1) // prefix and suffix sets
		}
	}
	var widths []int
	for r, need := range p.Rows {
		line(need, len(l.RowBlocks[r]))
		if need >= 64 && need <= maxGroupSum {
			widths = widths[:0]
			for _, b := range l.RowBlocks[r] {
				widths = append(widths, l.Blocks[b].Width())
			}
			slices.Sort(widths)
			bitsets += bytesPerWeight * int64(len(slices.Compact(widths)))
		}
	}
	for c, need := range p.Cols {
		line(need, len(l.ColChains[c]))
	}
	parts := []struct {
		what  string
		bytes int64
	}{
		{fmt.Sprintf("%d blocks", blocks), blocks * (bytesPerBool + bytesPerBlock)},
		{fmt.Sprintf("%d links between blocks", links), links * bytesPerImply},
		{fmt.Sprintf("the row and column sums over %d chains", chains), chains*bytesPerChain + bitsets},
	}
	if l.Rule == aquarium.PoolRule {
		// Every block of a pool that branches has an order-encoded level
		// with a variable per row above it in its pool, and every link two
		// clauses per level.
		var levels, linked int64
		for i, n := range l.LevelRows() {
			rows := int64(n)
			levels += rows
			linked += int64(len(l.Below[i])) * rows
		}
		parts = append(parts, struct {
			what  string
			bytes int64
		}{fmt.Sprintf("the pool rule's levels, %d variables", levels), levels*(bytesPerBool+bytesPerImply) + 2*linked*bytesPerClause})
	}
	most := int64(-1)
	for _, part := range parts {
		total += part.bytes
		if part.bytes > most {
			most, largest = part.bytes, part.what
		}
	}
	return total, largest
}

// checkBudget checks the estimate of the model of p against the memory
// budget ctx carries.
func checkBudget(ctx context.Context, p *aquarium.Puzzle, l *aquarium.Layout) error {
	need, largest := estimate(p, l)
	return membudget.Check(ctx, need, fmt.Sprintf("building the CP model of the %dx%d grid under the %v rule, mostly %s", p.Width, p.Height, l.Rule, largest))
}
