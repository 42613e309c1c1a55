// Package.swift defines both for this file alone, so that a new commit
// recompiles these two functions and nothing else.
#include "BuildInfo.h"

const char *isle_version(void) { return ISLE_VERSION; }

const char *isle_commit(void) { return ISLE_COMMIT; }
