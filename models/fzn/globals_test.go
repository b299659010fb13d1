package fzn

import "testing"

// globalCases covers each global, edge cases included.
var globalCases = []checkCase{
	{"fzn_all_different_int", a([]int{3, 1, 2}), holds},
	{"fzn_all_different_int", a([]int{}), holds},
	{"fzn_all_different_int", a([]int{3, 1, 3}), breaks},
	{"fzn_alldifferent_except_0", a([]int{0, 1, 0, 2}), holds},
	{"fzn_alldifferent_except_0", a([]int{0, 1, 1}), breaks},
	{"fzn_alldifferent_except", a([]int{5, 5, 1}, SetOfValues(5)), holds},
	{"fzn_alldifferent_except", a([]int{5, 1, 1}, SetOfValues(5)), breaks},

	{"fzn_table_int", a([]int{1, 2}, []int{1, 1, 1, 2, 2, 1}), holds},
	{"fzn_table_int", a([]int{2, 2}, []int{1, 1, 1, 2, 2, 1}), breaks},
	{"fzn_table_int", a([]int{1, 2}, []int{}), breaks},
	{"fzn_table_int", a([]int{1, 2}, []int{1, 2, 3}), cannot},
	{"fzn_table_int", a([]int{}, []int{}), holds},
	{"fzn_table_bool", a([]bool{true, false}, []bool{false, false, true, false}), holds},
	{"fzn_table_bool", a([]bool{true, true}, []bool{false, false, true, false}), breaks},

	{"fzn_global_cardinality", a([]int{1, 2, 1, 3}, []int{1, 2}, []int{2, 1}), holds},
	{"fzn_global_cardinality", a([]int{1, 2, 1, 3}, []int{1, 2}, []int{1, 1}), breaks},
	{"fzn_global_cardinality", a([]int{1, 1}, []int{1, 1}, []int{2, 2}), breaks}, // the counts sum to more than len(x)
	{"fzn_global_cardinality", a([]int{1}, []int{1, 2}, []int{1}), cannot},
	{"fzn_global_cardinality_closed", a([]int{1, 2, 1}, []int{1, 2}, []int{2, 1}), holds},
	{"fzn_global_cardinality_closed", a([]int{1, 2, 3}, []int{1, 2}, []int{1, 1}), breaks},
	{"fzn_global_cardinality_low_up", a([]int{1, 1, 3}, []int{1, 2}, []int{1, 0}, []int{2, 0}), holds},
	{"fzn_global_cardinality_low_up", a([]int{1, 1, 1}, []int{1, 2}, []int{1, 0}, []int{2, 0}), breaks},
	{"fzn_global_cardinality_low_up", a([]int{2}, []int{1, 2}, []int{0, 0}, []int{2, 0}), breaks},
	{"fzn_global_cardinality_low_up_closed", a([]int{1, 1, 2}, []int{1, 2}, []int{1, 0}, []int{2, 2}), holds},
	{"fzn_global_cardinality_low_up_closed", a([]int{1, 1, 3}, []int{1, 2}, []int{1, 0}, []int{2, 2}), breaks},
	{"fzn_global_cardinality_low_up_closed", a([]int{1, 1, 2}, []int{1, 2}, []int{2, 2}, []int{2, 2}), breaks},

	{"fzn_inverse", a([]int{2, 3, 1}, []int{3, 1, 2}), holds},
	{"fzn_inverse", a([]int{2, 3, 1}, []int{2, 3, 1}), breaks},
	{"fzn_inverse", a([]int{}, []int{}), holds},
	{"fzn_inverse", a([]int{1}, []int{1, 2}), breaks},
	{"fzn_inverse", a([]int{0}, []int{0}), breaks}, // indices from 1

	{"fzn_circuit", a([]int{2, 3, 1}), holds},
	{"fzn_circuit", a([]int{2, 1, 4, 3}), breaks}, // two cycles
	{"fzn_circuit", a([]int{1}), breaks},          // a node is not its own successor
	{"fzn_circuit", a([]int{2, 2}), breaks},
	{"fzn_circuit", a([]int{2, 0}), breaks},
	{"fzn_subcircuit", a([]int{1, 3, 2}), holds},
	{"fzn_subcircuit", a([]int{1, 2, 3}), holds}, // the empty circuit
	{"fzn_subcircuit", a([]int{2, 1, 4, 3}), breaks},
	{"fzn_subcircuit", a([]int{2, 2, 3}), breaks},
	{"fzn_subcircuit", a([]int{}), holds},

	// The DFA of states 1..3 over 1..2 that accepts the words ending in "1 2":
	// 1 -1-> 2, 1 -2-> 1, 2 -1-> 2, 2 -2-> 3, 3 -1-> 2, 3 -2-> 1.
	{"fzn_regular", a([]int{2, 1, 2}, 3, 2, []int{2, 1, 2, 3, 2, 1}, 1, SetOfValues(3)), holds},
	{"fzn_regular", a([]int{1, 2, 1}, 3, 2, []int{2, 1, 2, 3, 2, 1}, 1, SetOfValues(3)), breaks},
	{"fzn_regular", a([]int{1, 3}, 3, 2, []int{2, 1, 2, 3, 2, 1}, 1, SetOfValues(3)), breaks},    // 3 is no input
	{"fzn_regular", a([]int{1}, 3, 2, []int{0, 1, 2, 3, 2, 1}, 1, SetOfValues(1, 2, 3)), breaks}, // state 0 fails
	{"fzn_regular", a([]int{}, 3, 2, []int{2, 1, 2, 3, 2, 1}, 1, SetOfValues(1)), holds},
	{"fzn_regular", a([]int{}, 3, 2, []int{2, 1, 2, 3, 2, 1}, 4, SetOfValues(4)), breaks},
	{"fzn_regular", a([]int{1}, 3, 2, []int{2, 1, 2}, 1, SetOfValues(1)), cannot},

	// Tasks at 0 for 2 using 2 and at 1 for 2 using 1 need 3 at time 1.
	{"fzn_cumulative", a([]int{0, 1}, []int{2, 2}, []int{2, 1}, 3), holds},
	{"fzn_cumulative", a([]int{0, 1}, []int{2, 2}, []int{2, 1}, 2), breaks},
	{"fzn_cumulative", a([]int{0, 2}, []int{2, 2}, []int{2, 2}, 2), holds}, // end and start touch
	{"fzn_cumulative", a([]int{0, 0}, []int{0, 3}, []int{5, 1}, 1), holds}, // a task of no time uses nothing
	{"fzn_cumulative", a([]int{}, []int{}, []int{}, -1), holds},
	{"fzn_cumulative", a([]int{0}, []int{0}, []int{0}, -1), breaks},
	{"fzn_cumulative", a([]int{0}, []int{-1}, []int{1}, 1), breaks},
	{"fzn_cumulative", a([]int64{maxI}, []int{5}, []int{1}, 1), holds}, // the end leaves int64
	{"fzn_cumulative", a([]int{0, 0}, []int{1}, []int{1, 1}, 1), cannot},
	{"fzn_disjunctive", a([]int{0, 2}, []int{2, 3}), holds},
	{"fzn_disjunctive", a([]int{0, 1}, []int{2, 3}), breaks},
	{"fzn_disjunctive", a([]int{0, 1}, []int{2, 0}), holds}, // zero duration overlaps nothing
	{"fzn_disjunctive", a([]int{0}, []int{-1}), breaks},
	{"fzn_disjunctive_strict", a([]int{0, 1}, []int{2, 0}), breaks},
	{"fzn_disjunctive_strict", a([]int{0, 2}, []int{2, 0}), holds},
	{"fzn_diffn", a([]int{0, 2}, []int{0, 0}, []int{2, 2}, []int{2, 2}), holds},
	{"fzn_diffn", a([]int{0, 1}, []int{0, 1}, []int{2, 2}, []int{2, 2}), breaks},
	{"fzn_diffn", a([]int{2, 1}, []int{2, 1}, []int{0, 2}, []int{0, 2}), breaks}, // a point inside a square
	{"fzn_diffn", a([]int{0, 1}, []int{0, 1}, []int{0, 2}, []int{0, 2}), holds},  // a point outside
	{"fzn_diffn", a([]int64{maxI, 0}, []int{0, 0}, []int{1, 1}, []int{1, 1}), holds},

	{"fzn_lex_lesseq_int", a([]int{1, 2}, []int{1, 3}), holds},
	{"fzn_lex_lesseq_int", a([]int{1, 2}, []int{1, 2}), holds},
	{"fzn_lex_lesseq_int", a([]int{1, 2}, []int{1}), breaks},
	{"fzn_lex_lesseq_int", a([]int{1}, []int{1, 0}), holds},
	{"fzn_lex_lesseq_int", a([]int{}, []int{}), holds},
	{"fzn_lex_lesseq_int", a([]int{2, 0}, []int{1, 9}), breaks},
	{"fzn_lex_less_int", a([]int{1, 2}, []int{1, 2}), breaks},
	{"fzn_lex_less_int", a([]int{1}, []int{1, 2}), holds},
	{"fzn_lex_less_int", a([]int{}, []int{}), breaks},
	{"fzn_lex_lesseq_bool", a([]bool{false, true}, []bool{true, false}), holds},
	{"fzn_lex_less_bool", a([]bool{true}, []bool{false, true}), breaks},

	{"fzn_count_eq", a([]int{1, 2, 1}, 1, 2), holds},
	{"fzn_count_eq", a([]int{1, 2, 1}, 1, 1), breaks},
	{"fzn_count_eq", a([]int{}, 1, 0), holds},
	{"fzn_count_neq", a([]int{1, 2, 1}, 1, 1), holds},
	{"fzn_count_neq", a([]int{1, 2, 1}, 1, 2), breaks},
	{"fzn_count_lt", a([]int{1, 2, 1}, 1, 1), holds}, // c < count
	{"fzn_count_lt", a([]int{1, 2, 1}, 1, 2), breaks},
	{"fzn_count_leq", a([]int{1, 2, 1}, 1, 2), holds},
	{"fzn_count_leq", a([]int{1, 2, 1}, 1, 3), breaks},
	{"fzn_count_gt", a([]int{1, 2, 1}, 1, 3), holds}, // c > count
	{"fzn_count_gt", a([]int{1, 2, 1}, 1, 2), breaks},
	{"fzn_count_geq", a([]int{1, 2, 1}, 1, 2), holds},
	{"fzn_count_geq", a([]int{1, 2, 1}, 1, 1), breaks},

	{"fzn_among", a(2, []int{1, 5, 3, 4}, SetOfValues(3, 5)), holds},
	{"fzn_among", a(1, []int{1, 5, 3, 4}, SetOfValues(3, 5)), breaks},
	{"fzn_among", a(0, []int{}, SetOf()), holds},
	{"fzn_nvalue", a(2, []int{1, 5, 1}), holds},
	{"fzn_nvalue", a(3, []int{1, 5, 1}), breaks},
	{"fzn_nvalue", a(0, []int{}), holds},
	{"fzn_bin_packing_load", a([]int{5, 2}, []int{1, 2, 1}, []int{3, 2, 2}), holds},
	{"fzn_bin_packing_load", a([]int{4, 3}, []int{1, 2, 1}, []int{3, 2, 2}), breaks},
	{"fzn_bin_packing_load", a([]int{5, 2}, []int{1, 3, 1}, []int{3, 2, 2}), breaks}, // no bin 3
	{"fzn_bin_packing_load", a([]int{0, 0}, []int{}, []int{}), holds},
	{"fzn_bin_packing_load", a([]int{1}, []int{}, []int{}), breaks},
	{"fzn_bin_packing_load", a([]int{5}, []int{1}, []int{}), cannot},

	{"waterworks_circuit", a([]int{1, 2, 0}, 0), holds}, // nodes 0..2
	{"waterworks_circuit", a([]int{2, 3, 1}, 0), breaks},
	{"waterworks_circuit", a([]int{-4, -5}, -5), holds},
	{"waterworks_circuit", a([]int64{minI, minI}, minI), breaks},
	{"waterworks_circuit", a([]int64{minI + 1, minI}, minI), holds},
	{"waterworks_circuit", a([]int{}, 7), holds},
	{"waterworks_subcircuit", a([]int{0, 2, 1}, 0), holds},
	{"waterworks_subcircuit", a([]int{1, 3, 2}, 0), breaks},
	{"waterworks_inverse", a([]int{0, 1}, 5, []int{5, 6}, 0), holds}, // f over 5..6 into 0..1
	{"waterworks_inverse", a([]int{1, 0}, 5, []int{5, 6}, 0), breaks},
	{"waterworks_inverse", a([]int{1, 2}, 1, []int{1, 2}, 1), holds},
	{"waterworks_bin_packing_load", a([]int{5, 2}, []int{0, 1, 0}, []int{3, 2, 2}, 0), holds},
	{"waterworks_bin_packing_load", a([]int{5, 2}, []int{1, 2, 1}, []int{3, 2, 2}, 0), breaks},
}

func TestGlobals(t *testing.T) {
	runCases(t, globalCases)
}
