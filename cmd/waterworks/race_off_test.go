//go:build !race

package main

// raceDetector reports whether the tests run under the race detector,
// which slows the program (the test binary runs as the program) several
// times over, so that its timing says nothing about a normal build.
const raceDetector = false
