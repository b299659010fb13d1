// Package mznlib is waterworks' MiniZinc solver library: the fzn_*.mzn
// files that declare, without a body, the global constraints models/fzn/fzncp
// posts natively, and the redefinitions*.mzn files that declare the
// builtins it takes beyond FlatZinc's own (half reifications, bool_clause_reif,
// array_int_maximum and minimum, int_pow_fixed). MiniZinc passes a declared
// global through to the FlatZinc it writes, and replaces any other by the
// decomposition of its standard library.
//
// Each declaration keeps the exact signature of MiniZinc 2.6's standard
// library (std/fzn_*.mzn), so that the standard wrappers (all_different,
// global_cardinality, ...) call it. FS holds the files at its root; a
// command writes them into a directory that a solver configuration names
// as its "mznlib".
package mznlib

import "embed"

// FS holds the library: fzn_*.mzn and redefinitions*.mzn, at the root.
//
//go:embed *.mzn
var FS embed.FS
