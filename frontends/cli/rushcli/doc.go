// Package rushcli is the rush command: Rush Hour boards in fogleman/rush's
// ASCII format solved for the fewest moves by breadth-first search or A*
// over packed boards, and its part in compare.
package rushcli
