// Package webfmt reads and writes the Aquarium formats of the web:
//
//   - the task string of puzzle-aquarium.com
//     ("4_5_5_3_3_1_4_5_5_3_1_3;1,1,2,3,..."): DecodeTask, EncodeTask;
//   - puzz.link and pzprjs URLs ("https://puzz.link/p?aquarium/5/4/9lqgfk4/3h12h13"):
//     DecodeURL, EncodeURL;
//   - pzprjs files ("pzprv3", "aquarium", rows, columns, ...): DecodePzprv3,
//     EncodePzprv3.
//
// Decoders never panic. They report bad input as *inputerr.Error values
// that say what was expected where: line 1 and a byte column for the
// one-line formats, line and column for files. Encoders report puzzles a
// format cannot express with errors wrapping ErrUnsupported, and invalid
// puzzles with errors wrapping aquarium.ErrInvalidPuzzle.
//
// # Aquarium numbering and round trips
//
// URLs and pzprv3 files describe aquariums by the walls between cells, so a
// decoded aquarium is a connected group of cells, and aquariums are numbered
// from 0 in the order their first cell appears, row by row from the top left.
// An aquarium of separate pieces cannot be written in these formats: the
// encoders return an error naming it. Task strings number aquariums
// explicitly; DecodeTask keeps that numbering (id k becomes aquarium k-1)
// when the ids run from 1 without gaps, and closes gaps otherwise, keeping
// their order.
//
// Every format round-trips: Decode(Encode(p)) gives p back, up to the
// numbering of aquariums just described (exactly when p's aquariums are
// already numbered that way), and Encode(Decode(s)) gives s back for the
// text the encoders write. Input that other tools may write differently
// (a "?" clue, stray padding bits, a wall inside an aquarium) decodes to the
// same puzzle as its canonical form but is not written back byte for byte.
// Aquarium names (Puzzle.Names) have no place in these formats and are
// dropped.
package webfmt
