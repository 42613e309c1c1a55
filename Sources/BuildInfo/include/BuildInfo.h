#ifndef ISLE_BUILD_INFO_H
#define ISLE_BUILD_INFO_H

/// isle's version, as Package.swift gives it.
const char *isle_version(void);

/// The commit the build is of ("" when it was not known: built outside a
/// git checkout, or without the Makefile).
const char *isle_commit(void);

#endif
