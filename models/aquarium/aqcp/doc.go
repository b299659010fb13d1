// Package aqcp is the CP model of an Aquarium puzzle on the cp core: one
// 0..1 variable per block, gravity as implications, a lineSum propagator
// (with explanations for conflict learning) for every clued row and column,
// and, under the pool rule, order-encoded water levels. It searches for
// solutions (SolveCP, Model.Search) and reasons without guessing
// (SolveLogic, Model.Logic: propagation, probing and nested probing).
package aqcp
