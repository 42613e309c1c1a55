"""What the tests of doc/scale.md's recipes share: the recipes themselves,
read from the page (so a recipe the page changes is the one tested), the
corpus as a tree of symbolic links, one isle run over the same files as
the reference, and the comparison of two sets of records by key.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PAGE = os.path.join(HERE, "..", "..", "doc", "scale.md")

# A sanitized or loaded machine runs everything slower: every time limit
# here stretches by ISLE_TIMEOUT_SCALE.
SCALE = float(os.environ.get("ISLE_TIMEOUT_SCALE") or 1)


def limit(seconds):
    """SECONDS stretched by ISLE_TIMEOUT_SCALE."""
    return seconds * SCALE


def blocks(heading, language):
    """The LANGUAGE code blocks of doc/scale.md's section HEADING, in order."""
    with open(PAGE, encoding="utf-8") as page:
        text = page.read()
    found = re.search(r"^## %s\n(.*?)(?=^## |\Z)" % re.escape(heading), text, re.S | re.M)
    if not found:
        sys.exit("doc/scale.md has no section %r" % heading)
    return re.findall(r"^```%s\n(.*?)^```" % language, found.group(1), re.S | re.M)


def replace(recipe, old, new):
    """RECIPE with its one OLD made NEW: a recipe that no longer holds OLD
    fails the test rather than running something else."""
    if recipe.count(old) != 1:
        sys.exit("the recipe holds %r %d times, not once:\n%s" % (old, recipe.count(old), recipe))
    return recipe.replace(old, new)


def tree(corpus, root, count, suffixes):
    """COUNT folders under ROOT (copy01, copy02, ...), each the corpus's
    tree with every file ending in one of SUFFIXES a symbolic link to the
    corpus's own. Returns the links' paths from ROOT, sorted."""
    corpus = os.path.abspath(corpus)
    names = []
    for index in range(1, count + 1):
        for folder, _, files in os.walk(corpus):
            into = os.path.join(root, "copy%02d" % index, os.path.relpath(folder, corpus))
            os.makedirs(into, exist_ok=True)
            for file in files:
                if file.endswith(suffixes):
                    os.symlink(os.path.join(folder, file), os.path.join(into, file))
                    names.append(os.path.relpath(os.path.join(into, file), root))
    return sorted(names)


def reference(isle, cwd, names):
    """The records of one `isle show --all --format jsonl` run over NAMES
    (paths from CWD), by key and bytes."""
    out = subprocess.run([isle, "show", "--all", "--format", "jsonl", *names], cwd=cwd,
                         stdout=subprocess.PIPE, check=True, timeout=limit(300)).stdout
    return keyed("isle", [json.loads(line) for line in out.splitlines()])


def keyed(what, records):
    """RECORDS by their key and bytes, each once: the same twice fails
    the test. (The key alone names two sections of a page when neither
    has an id and their titles are the same.)"""
    byKey = {}
    for record in records:
        if record.get("error") is not None:
            sys.exit("%s: an error record: %s" % (what, json.dumps(record)[:300]))
        key = (record["key"], tuple(record["bytes"]))
        if key in byKey:
            sys.exit("%s: the record %s comes twice" % (what, key))
        byKey[key] = record
    return byKey


def compare(what, got, want, fields):
    """Fails unless GOT and WANT (records by key) hold the same keys and,
    for each, the same FIELDS; prints the count when they do."""
    missing, extra = sorted(set(want) - set(got)), sorted(set(got) - set(want))
    differ = [key for key in sorted(set(got) & set(want))
              if any(got[key].get(f) != want[key].get(f) for f in fields)]
    if not (missing or extra or differ):
        print("  %s: the same %d records, each once, sorted by key" % (what, len(got)))
        return
    print("  %s: %d records against isle's %d; %d missing, %d extra, %d differ" % (
        what, len(got), len(want), len(missing), len(extra), len(differ)))
    for key in missing[:3]:
        print("    missing:", key)
    for key in extra[:3]:
        print("    extra:", key)
    for key in differ[:3]:
        print("    differs:", key, [f for f in fields if got[key].get(f) != want[key].get(f)])
    sys.exit("%s: the records differ from one isle run's" % what)
