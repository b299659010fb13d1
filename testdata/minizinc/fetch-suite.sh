#!/bin/sh
# fetch-suite.sh DIR [SELECTION]
#
# Fetches the MiniZinc benchmark suite (github.com/MiniZinc/minizinc-benchmarks,
# MIT licensed) into DIR at the commit testdata/minizinc/selection.txt was made
# from, checking out only the families SELECTION names (the whole suite when
# SELECTION is "all"; testdata/minizinc/selection.txt by default). Set
# MZN_BENCHMARKS_URL to fetch from a mirror instead of GitHub.
set -eu
dir=${1:?usage: fetch-suite.sh DIR [SELECTION|all]}
selection=${2:-$(dirname "$0")/selection.txt}
url=${MZN_BENCHMARKS_URL:-https://github.com/MiniZinc/minizinc-benchmarks.git}
commit=26bcd0a78433025f7b6896a6fa8caf128795760b

if [ "$selection" = all ]; then
	paths=.
else
	# The directories of the models and data the selection names.
	paths=$(sed -e 's/#.*//' "$selection" | awk 'NF >= 2 { for (i = 2; i <= NF; i++) { split($i, p, "/"); print p[1] } }' | sort -u)
	[ -n "$paths" ] || { echo "fetch-suite.sh: $selection names no instance" >&2; exit 2; }
fi
if [ ! -d "$dir/.git" ]; then
	git clone --quiet --no-checkout "$url" "$dir"
fi
# shellcheck disable=SC2086 # one path a word
git -C "$dir" checkout --quiet "$commit" -- $paths
echo "fetched $(echo "$paths" | wc -w) families of the suite at ${commit%"${commit#????????}"} into $dir"
