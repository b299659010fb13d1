// Package kind is the layer beneath both frontends of waterworks, the
// command line (frontends/cli) and the web page (frontends/serve): what
// they must do the same way for every kind of input they solve. A kind is
// a puzzle (Aquarium, water jugs, Water Sort, sliding tiles, Rush Hour,
// the torch, river crossings) or a FlatZinc model.
//
// # The layer
//
// Each kind has a package of its own below this one, named after it
// (aquariumkind, jugskind, ...), and package kinds lists them all, in the
// order in which detection tries them. A kind's package holds everything
// about the kind that is neither flags, HTTP nor printing:
//
//   - Kind: its name, its rules, and Detect, the one rule that tells
//     whether an input holds it (kinds.Detect tries each in turn), with
//     the engine names compare's --engines takes and its Compare;
//   - reading: the reader of its fmt package, with what both frontends
//     need on top of it;
//   - its engines by name: a Method or Engine with a Solve of the kind's
//     own type, Engines (the list compare and the page's race run), the
//     lookup of the one a command's --backend or --method names, with its
//     options (aquariumkind.Open, jugskind.MethodNamed), and EngineNames
//     (what --engines takes);
//   - Run: one engine on one input, under a context, every answer
//     re-checked by the model's independent checker and judged into a
//     Status (a Result);
//   - the Answer of a Result: its words, and the key on which the engines
//     that settle the question must agree;
//   - its part of compare: its engines on every puzzle of an input, a
//     CompareRow each (unexported: compare reaches it through Kind).
//
// A frontend then only translates: flags or an HTTP request in, the
// kind's package in the middle, a printer out. The command line turns a
// Status into an exit code; the page turns it into JSON. Neither decides
// what an outcome means, and the page imports no package of the command
// line.
//
// This package holds what the kinds share:
//
//   - Status, the vocabulary of outcomes;
//   - Ended and Ending, the one classifier of how work ended: done, timed
//     out, interrupted, over the memory budget, or at a search limit;
//   - PlanSearch, whose Verdict judges the search for a plan of every
//     plan puzzle, the plan replayed by the checker before it counts;
//   - Answer (Optimal and Unsolvable for the plan puzzles) and Agree,
//     the agreement check among engines;
//   - Judged and Time, what the Result of every plan kind holds beside
//     its engine's own outcome;
//   - Stat and StatList, an engine's statistics in order, SearchStats a
//     search's, Rounds those of a bounded horizon, Millis the unit of
//     every time;
//   - Safely, which turns an engine's panic into an InternalError;
//   - compare's machinery: the Comparison a kind's Compare is given, the
//     CompareRow it gives back, CompareEach, TimeSolve, Wanted and
//     EngineNames;
//   - Kind, Named for the lookup of engines by name, and JSONField for
//     detecting JSON Lines.
//
// # Adding a puzzle
//
//  1. Write the model in models/PUZZLE (its Puzzle, its rules, a Check
//     that shares no code with any solver) and its formats in
//     frontends/PUZZLEfmt.
//  2. Write frontends/kind/PUZZLEkind: Kind with Detect; Engine, Engines,
//     the lookup by name and EngineNames; Run and the Answer of its
//     Result; its part of compare (CompareEach over its reader's puzzles,
//     TimeSolve of Run, a Row of the Answer). A plan puzzle judges its
//     searches with PlanSearch.Verdict; a crossing puzzle gives its
//     Methods and Rules to package crossings.
//  3. Add its Kind to kinds.All, at the place where detection should try
//     it (before a kind whose detection would also take its inputs):
//     compare then takes it.
//  4. Give it a command under frontends/cli (flags in, the kind's Run, a
//     printer out), and a view in frontends/serve if the page is to show
//     it (the pour view's searchKind for a plan puzzle).
//
// # Adding an engine
//
// Add it to the kind's engine list, the one function of the kind's
// package that builds its Methods or Engines (and Open): compare, the
// race, --engines and the command's --backend or --method all pick it up
// from there, and its answers pass through the same Run, checker and
// agreement as the others.
//
// # FlatZinc models
//
// A FlatZinc model is a kind like the puzzles (fznkind): Detect tells a
// model by its content (its items, a solve item, no MiniZinc include or
// output item), Read reads it with the FlatZinc reader, the engines are
// cp, cp-learn, sat:BACKEND, gecode (fzn-gecode, when installed) and race,
// and Run
// judges each run into a Status: a solution that fzn.Check accepts is
// solved (and is handed out only then), a proof of unsatisfiability
// unsolvable, a stop unknown. Its Answer keys are "satisfiable",
// "unsolvable", "optimal 42" or "N solutions", on which compare's
// agreement works unchanged; it comes first in kinds.All.
//
// A MiniZinc model is a kind of its own (mznkind), after FlatZinc in
// kinds.All: a .mzn file (Kind.Extensions), with the data files that
// follow it (Kind.Belongs, gathered into Input.With), is compiled by
// minizinc once for waterworks' library and once for Gecode's, and
// fznkind's engines run each on its own FlatZinc through fznkind's Run
// and CompareRow, so that its rows and agreement are FlatZinc's.
//
// # Where the move stands
//
// Every puzzle stands on the layer: the command line's solve commands
// and compare, and the web page's solve, race and pour view, run the
// kinds' engines through their Run. What is left in the command packages
// is flags, reading many inputs, records and printing.
package kind
