// Package aqsat is the SAT encoding of an Aquarium puzzle: one variable per
// block, gravity as binary clauses, and a structured linear constraint per
// clued row and column, which the caller lowers with the cardinality
// encoding of its choice or hands to a backend that takes it natively.
package aqsat
