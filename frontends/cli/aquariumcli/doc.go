// Package aquariumcli is the waterworks aquarium command: solve, count,
// check, hint, generate, encode, convert and render, with the CP core, the
// SAT backends and clingo as engines, and its part of compare.
package aquariumcli
