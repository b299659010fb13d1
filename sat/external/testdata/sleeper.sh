#!/bin/sh
# Never answers, and leaves a grandchild holding standard output.
sleep 30 &
sleep 30
