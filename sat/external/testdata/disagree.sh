#!/bin/sh
# Prints UNSAT but exits with the SAT code.
echo "s UNSATISFIABLE"
exit 10
