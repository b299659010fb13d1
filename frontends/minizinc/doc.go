// Package minizinc drives the minizinc program: it finds it (Find, and
// ErrNotFound when it is absent), runs a model and its data with a solver
// under a time limit and a context (Program.Solve), reads back what
// minizinc printed (the solutions with their output variables and
// objective, the final status, statistics, warnings and errors), and
// judges answers with reference solvers (Checker): a solution is
// confirmed by fixing its output variables, an optimum by asking
// for a strictly better objective, an unsatisfiability claim by asking
// for any solution.
//
// Solve talks to minizinc through --json-stream with --output-mode json,
// so every message is a line of JSON and every value keeps its type:
// integers, Booleans, arrays, sets, enum members and absent values are
// read (Value); floats and strings, which an integer and Boolean model
// does not print, are refused by name. A run that outlives its time limit
// and a grace period is killed together with the processes it started.
//
// Gecode 6.2's own library (solver org.gecode.gecode, -Ggecode) does not
// compile models that include globals.mzn under MiniZinc 2.6, so GecodeStd
// describes Gecode on the standard library, which compiles them all; a
// Checker asks its reference solvers in order and moves to the next when
// one fails.
package minizinc
