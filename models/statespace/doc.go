// Package statespace searches transition systems: puzzles made of a start
// state, actions that lead from state to state (each with a cost), and a
// goal. It knows no puzzle; a puzzle brings its rules through a few small
// interfaces and gets back a plan, a proof that no plan exists, or partial
// statistics when a limit stopped the search.
//
// # Native search over keys
//
// A puzzle packs each state into a comparable key K (a uint64, an array of
// words, a string: its packed or canonical form) and expands keys: a
// [Space] lists the actions legal in the state of a key, the key each
// leads to and its cost, and says which keys are goals. The searches keep
// keys only, so a key must hold the whole state. Then:
//
//   - [BFS] finds a plan with the fewest actions (every action counts 1);
//   - [UniformCost] (Dijkstra) finds a cheapest plan when actions cost
//     differently;
//   - [AStar] does the same guided by an admissible estimate of the cost
//     still needed ([Estimator]), and stays optimal;
//   - [Greedy] follows the estimate alone (or g + w·h): fast, not optimal;
//   - [Bidirectional] searches from the start and back from the goal states
//     at once, when the puzzle can list predecessors ([ReverseSpace]);
//   - [IDAStar] is iterative-deepening A* over a state the puzzle changes
//     in place ([Walker]): memory grows with the plan, not the states;
//   - [Explore] counts the reachable states.
//
// Each returns a [Result]: the [Status] ([Solved] with the plan and its
// cost, [Unsolvable] when every reachable state was explored without
// reaching a goal, or [Unknown]), and one [Stats] (states expanded,
// generated, stored, the peak memory of the search's own structures, and
// time). [Options] set limits (states, bytes, cost, context cancellation);
// a search stopped by one returns [ErrLimit] or the context's error
// together with the statistics so far.
//
// # Bounded horizons
//
// The same puzzles can be asked "is there a plan of horizon k?" for k = a
// lower bound, then k+1, ...: the first yes is optimal, and the no answers
// before it are the proof. [SolveSAT] unrolls a [SATModel] into one growing
// formula for an incremental SAT backend (the question of each horizon
// behind an activation literal given as an assumption), or into a fresh
// formula per horizon for backends that rebuild their problem anyway;
// [SolveCP] builds a [CPModel] on the cp core. The puzzle encodes only
// states, the start, the goal and one step; the loop, the per-horizon
// [Round] records, [ErrHorizon], timeouts and the proofs of unsolvability
// ([HorizonOptions]) live here.
//
// A horizon is usually a number of actions; a model may map it to another
// measure, such as a time budget (see [Budgeted]).
package statespace
