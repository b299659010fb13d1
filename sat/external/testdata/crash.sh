#!/bin/sh
echo "cannot parse $1" >&2
exit 3
