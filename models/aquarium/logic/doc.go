// Package logic reasons about an Aquarium puzzle the way a person does and
// says so in words: the Reasoner with its own trail and rules (gravity,
// counting, bounds, a line's sums, levels, probing), the hints and
// explanations built on it, the grade of a puzzle, and CheckPartial, which
// judges a partly filled grid. Logic-only solving on the CP model, which
// grades build on, is aqcp.Model.Logic.
package logic
