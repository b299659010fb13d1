#!/bin/sh
# Answers UNSAT and writes its arguments to the file $ARGS_FILE.
echo "$*" > "$ARGS_FILE"
echo "s UNSATISFIABLE"
exit 20
