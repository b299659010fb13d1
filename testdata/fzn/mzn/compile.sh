#!/bin/sh
# Compiles the models of this directory with MiniZinc 2.6 into the FlatZinc
# files of testdata/fzn/minizinc (the forms the reader must read) and
# testdata/fzn/check (small int/bool models the checker is tried on against
# Gecode). Run it from this directory; it needs minizinc and Gecode.
set -e
here=$(pwd)
out=../minizinc
chk=../check
mkdir -p "$out" "$chk"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/fznfmt-globals.msc" <<MSC
{ "id": "org.waterworks.fznfmt-globals", "name": "fznfmt globals", "version": "1.0",
  "mznlib": "$here/lib", "executable": "/bin/false", "supportsFzn": true }
MSC
for m in *.mzn; do
	base=${m%.mzn}
	minizinc -c -G std -o "$out/$base-std.fzn" "$m"
	minizinc -c -G gecode_presolver -o "$out/$base-gecode.fzn" "$m"
	case $base in
	globals-*)
		MZN_SOLVER_PATH="$tmp" minizinc -c --solver org.waterworks.fznfmt-globals -o "$chk/$base.fzn" "$m" ;;
	*)
		cp "$out/$base-std.fzn" "$chk/$base.fzn" ;;
	esac
done
rm -f "$out"/*.ozn "$chk"/*.ozn
