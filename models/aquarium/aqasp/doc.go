// Package aqasp writes an Aquarium puzzle as an answer-set program for
// clingo (region rule) and reads clingo's answer back as a solution.
package aqasp
