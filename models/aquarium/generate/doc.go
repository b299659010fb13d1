// Package generate makes Aquarium puzzles: random layouts and random
// puzzles with a known filling (RandomLayout, RandomPuzzle, the instances
// of tests and benchmarks), designed-looking layouts, and Generate, which
// makes puzzles with exactly one solution of a chosen grade.
package generate
