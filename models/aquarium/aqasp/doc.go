// Package aqasp writes an Aquarium puzzle as an answer-set program for
// clingo (region rule), reads clingo's answer back as a solution, and
// runs clingo (Solve): the one clingo runner, which the clingo engine of
// the frontends and the tests of the Aquarium packages share.
package aqasp
