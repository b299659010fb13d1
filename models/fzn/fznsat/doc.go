// Package fznsat is the SAT route for FlatZinc: it writes a FlatZinc
// model (fzn.Model) as CNF with the sat package and solves it with any
// sat.Solver backend, gini, gophersat or an external DIMACS solver.
//
//	en, err := fznsat.Encode(ctx, m, fznsat.DefaultOptions())
//	res, err := en.Solve(ctx, gini.New(), fznsat.SolveOptions{All: true}, onSolution)
//
// or fznsat.Solve(ctx, m, solver, opts, onSolution) for both. The outcome
// is an fzn.Result like every engine's; every solution is checked by
// fzn.Check before onSolution sees it.
//
// # Integers
//
// Booleans are literals. An integer variable with at most
// Options.OrderLimit values (DefaultOrderLimit, 64) gets the order
// encoding of Tamura et al. (Sugar): a literal [x >= v] per value of its
// domain, holes included, with the ladder [x >= v+] -> [x >= v]. On it, a
// bound is one literal, x = v two, and linear constraints over few
// variables propagate to bounds consistency. A wider domain gets the log
// encoding, as in Picat-SAT: x = lo + sum 2^j bit_j, with x <= hi and
// the holes as clauses on the bits, and comparisons with constants as
// small circuits made on demand: a domain of 10^9 values costs 30
// literals. The threshold was measured on the MiniZinc benchmark suite
// (see BENCHMARKS below).
//
// Bounds matter to both encodings, and minizinc -c leaves many introduced
// variables without a domain: Encode first infers bounds from the hard
// constraints (interval reasoning over linear equations, products,
// elements, extrema, for a few passes), which also narrows declared
// domains. A variable still unbounded is refused, unless nothing refers
// to it (it gets 0) or Options.Bound gives it a range, at the price of
// completeness: Solve then never reports Unsatisfiable, Optimal or
// AllSolutions.
//
// # Constraints
//
// Linear constraints (int_lin_*, bool_lin_*, int_eq, int_le, ..., with
// their _reif and _imp forms) over one variable are literals of its
// encoding; over two order-encoded variables, the order encoding's own
// clauses (one per value); = and != over three or four order-encoded
// variables, the same clauses between two halves of the sum, a pair of
// terms becoming an auxiliary order-encoded integer shared by every
// constraint over that pair (the differences of golomb rulers and costas
// arrays); otherwise a pseudo-Boolean constraint over the
// literals of the order ladders (as chains) and log bits, lowered by the
// sat package's encoders (Options.Linear; sat.Auto: totalizer or
// decision diagrams) when its estimated size is below Options.PBLimit,
// or else by an adder network comparing a binary sum with the constant.
// A reification adds the literal as a big-M term; != is the disjunction
// of < and >, or one clause over the sum's bits.
//
// The other builtins over int and bool are all there: the bool_* gates
// and clauses, array_bool_*, the element constraints (with support
// clauses that narrow the index from the value), set_in, int_abs,
// int_min, int_max, array_int_maximum/minimum (equivalences of the
// ladders over order encodings), and int_times, int_div, int_mod,
// int_pow, as tables of support clauses when their operands have at most
// Options.TableLimit value pairs, and as circuits over binary numbers
// beyond (a multiplier of and gates and adders; x = y*q + r for division).
//
// The globals that a solver library may leave native (fzn_*, as
// fzn.Check defines them) are encoded directly: all_different (at most
// one [x = v] per value, at least one for a permutation; pairwise when
// reified), table (a selector per row and support clauses),
// global_cardinality, inverse, circuit and subcircuit (successors and
// positions that grow along the tour), regular (the automaton's states
// unrolled, restricted to the states reachable both ways), cumulative
// (the task decomposition), disjunctive, diffn, lex_less(eq), count_*,
// among, nvalue, bin_packing_load. So are the forms waterworks' own
// solver library (models/fzn/mznlib) writes for circuit, subcircuit,
// inverse and bin_packing_load, waterworks_circuit(x, base) and the
// others, which give the first index of each array so that nodes and
// bins count from it: the same encodings, shifted. Their reified forms, float and set
// constraints and unknown predicates are refused with an error that
// wraps ErrUnsupported and names the constraint: compile with minizinc -G
// std and the standard library decomposes them.
//
// # Solving
//
// Satisfaction problems get one solution, Limit, or all of them: after
// each, a clause over the encoding literals of the output variables
// (every variable when none is marked) rules its values out, never over
// auxiliary literals. Optimisation descends: after each solution, a
// clause that asks for a better objective (one literal of the order
// ladder, or the bit comparison of the log encoding) goes to the same
// solver, which keeps what it learned, until the next bound is
// unsatisfiable and the last solution proven optimal. SolveOptions.Bisect
// probes the middle of the values left instead, under an assumption, so
// that an Unsat answer costs nothing but the probe; it was slower on most
// of the benchmark instances, and is off by default. Backends that cannot
// keep state (sat/external, gophersat) solve afresh each time.
// Cancellation goes through ctx.
//
// # Benchmarks
//
// BenchmarkEncode (time, variables and clauses) and BenchmarkSolve (gini,
// to the first solution or the proven optimum) run six small models of
// testdata compiled by minizinc with the standard library. TestDir runs a
// directory of FlatZinc files (-fzn.dir) under several OrderLimits
// (-fzn.order), optionally against fzn-gecode (-fzn.gecode), and prints
// sizes, times and statuses; TestMiniZincCI compiles and runs the
// instances of testdata/minizinc/ci against fzn-gecode.
//
// DefaultOrderLimit comes from TestDir on the first instance of 102
// families of the MiniZinc benchmark suite (minizinc -c -G std), 5 s
// each with gini on a loaded 2-core machine. With OrderLimit 16, 64 and
// 256, the instances solved (a solution of a satisfaction problem, a
// proof of unsatisfiability or of the optimum) were 56, 60 and 59, the
// optima proven 29, 31 and 30, and the formulas 8.7M, 9.4M and 12.9M
// clauses in all. A small limit makes linear constraints over log bits
// (adders) that propagate poorly; a large one makes long ladders whose
// decision diagrams grow with the domains.
package fznsat
