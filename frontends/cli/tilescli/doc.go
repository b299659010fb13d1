// Package tilescli is the tiles command: sliding-tile boards solved with
// IDA* (Manhattan distance with linear conflicts, or additive pattern
// databases cached on disk), breadth-first search or a SAT solver, and
// its part in compare.
package tilescli
