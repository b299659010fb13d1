#!/bin/sh
# fetch-spec.sh DIR
#
# Fetches libminizinc's spec tests (tests/spec of github.com/MiniZinc/libminizinc,
# Mozilla Public License 2.0) at tag 2.6.4, the MiniZinc the tests run with, into
# DIR/tests/spec. Set LIBMINIZINC_URL to fetch from a mirror instead of GitHub.
# Then: go test ./cmd/waterworks -run TestMiniZincConformance -long -mzn.spec DIR/tests/spec
set -eu
dir=${1:?usage: fetch-spec.sh DIR}
url=${LIBMINIZINC_URL:-https://github.com/MiniZinc/libminizinc.git}
commit=0b19fb039afff495832ae48f4c206f2653862bb4 # tag 2.6.4

if [ ! -d "$dir/.git" ]; then
	git clone --quiet --no-checkout "$url" "$dir"
fi
git -C "$dir" checkout --quiet "$commit" -- tests/spec
echo "fetched tests/spec of libminizinc at ${commit%"${commit#????????}"} into $dir"
