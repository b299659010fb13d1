package aquariumfmt_test

import (
	"fmt"
	"os"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// Parse a small puzzle written in the compact form, check the solution that
// comes with it, and write it back in the canonical form.
func Example() {
	input := `# A 4x4 puzzle: column clues, then each row's clue and labels.
rule region
  3 2 1 2
0 xaax
2 xaax   # x is one aquarium of two pieces
2 bbcc
4 bbcc
solution
....
#..#
##..
####
`
	d, err := aquariumfmt.ParseText("example.txt", []byte(input))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("check:", aquarium.Check(d.Puzzle, d.Solution, d.Rule))
	if err := aquariumfmt.WriteText(os.Stdout, d); err != nil {
		fmt.Println(err)
	}
	// Output:
	// check: <nil>
	// rule region
	//   3 2 1 2
	// 0 x a a x
	// 2 x a a x
	// 2 b b c c
	// 4 b b c c
	// solution
	// ....
	// #..#
	// ##..
	// ####
}

// Problems are reported at their line and column.
func ExampleParseText_errors() {
	input := "  1 2\n1 ab\nx ab\n1 abc\n"
	_, err := aquariumfmt.ParseText("bad.txt", []byte(input))
	for _, e := range inputerr.All(err) {
		fmt.Println(e)
	}
	// Output:
	// bad.txt:3:1: want a row clue (a number or -), found "x"
	// bad.txt:4:3: compact row has 3 labels, want 2 (one per column clue)
}

// Read tells the format from the content: here a file of two links, a
// puzz.link URL, which states its rule, and a puzzle-aquarium.com task
// string. Write converts between the formats.
func ExampleRead() {
	links := "# two puzzles\n" +
		"https://puzz.link/p?aquarium/3/2/68/10001\n" +
		"1_2_1_2;1,2,1,2\n"
	docs, err := aquariumfmt.Read("links.txt", []byte(links))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("format:", aquariumfmt.Detect([]byte(links)))
	for _, d := range docs {
		fmt.Println(d.ID, "states a rule:", d.HasRule)
	}
	if err := aquariumfmt.Write(os.Stdout, docs[0], aquariumfmt.Text); err != nil {
		fmt.Println(err)
	}
	if err := aquariumfmt.Write(os.Stdout, docs[1], aquariumfmt.URL); err != nil {
		fmt.Println(err)
	}
	// Output:
	// format: URL
	// links.txt:2 states a rule: true
	// links.txt:3 states a rule: false
	// rule pool
	//   1 0 0
	// 0 A A A
	// 1 A B A
	// https://puzz.link/p?aquarium/r/2/2/o0/1212
}

// Write a puzzle as data for the MiniZinc model, as FORMAT.md shows it.
func ExampleWriteDZN() {
	input := "id example\nrule region\n  3 2 1 2\n0 xaax\n2 xaax\n2 bbcc\n4 bbcc\n"
	d, err := aquariumfmt.ParseText("example.txt", []byte(input))
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := aquariumfmt.WriteDZN(os.Stdout, d); err != nil {
		fmt.Println(err)
	}
	// Output:
	// % Aquarium example, for aquarium.mzn
	// % aquariums: 1=x 2=a 3=b 4=c
	// rule = region;
	// n_rows = 4;
	// n_cols = 4;
	// n_aquariums = 4;
	// aquarium = [|1, 2, 2, 1
	//             |1, 2, 2, 1
	//             |3, 3, 4, 4
	//             |3, 3, 4, 4|];
	// row_clue = [0, 2, 2, 4];
	// col_clue = [3, 2, 1, 2];
}
