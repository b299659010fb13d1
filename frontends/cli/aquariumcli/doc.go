// Package aquariumcli is the waterworks aquarium command: solve, count,
// check, hint, generate, encode, convert and render, and its part of
// compare. Its engines, their checks and the judging of their answers are
// Aquarium's part of the layer, package aquariumkind, which the web page
// shares; this package reads flags and inputs and prints.
package aquariumcli
