// Package aqtest holds what the tests of the Aquarium packages share:
// random small puzzles, every solution of a puzzle, the soundness check of
// a deduction, and SAT enumeration. Only tests import it; the shared corpus
// is read by package aqcorpus.
package aqtest
