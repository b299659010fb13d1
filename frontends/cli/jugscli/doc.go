// Package jugscli is the waterworks jugs command (breadth-first search,
// SAT and CP over bounded horizons) and its part of compare.
package jugscli
