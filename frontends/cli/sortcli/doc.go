// Package sortcli is the waterworks sort command for Water Sort levels
// (BFS, A*, greedy search and the SAT method) and its part of compare.
package sortcli
