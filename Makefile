# notebook-index — targets:
#   build            release build of the notebook-index command
#   deps             install the Debian packages the build needs (tools/setup-deps.sh; build, test and demo run it)
#   test             the test suite without the slow end-to-end lane
#   test-all         every test, the slow lane too (kills, poison and hostile files, real shells; what CI runs)
#   lint / format    check the code against .swift-format and the public count (tools/count_public.sh) / rewrite it so
#   help             this list
#   demo             index SampleNotebooks into a temporary index and run a few queries
#   bench            every benchmark (formats, recognizer, index)
#   bench-formats    reader throughput per format over ../shared/corpus
#   bench-recognizer recognizer accuracy and speed on the UNIPEN dev writers
#   bench-languages  accuracy and search recall per language on accented words from dev writers' ink
#   bench-cjk        Chinese and Japanese: isolated characters top-1/top-3, pages' CER and two-character search recall
#   bench-mixed      vocabulary cards and notes in English, Chinese, Japanese (en,zh,ja); CJK pages/s; English pages en against en,zh,ja
#   bench-index      build/no-op rebuild/query latency/peak memory
#   eval             search recall/precision on dev pages with ../shared/tools/eval
#   bench-speed      pages/s and CPU seconds of build on dev pages against version 12's last commit, in turn
#   bench-real       search recall on the real notebooks of ../shared/realnotes (REAL_ARGS=--query-arg=--fuzzy)
#   bench-fresh      the same on fresh real notebooks of ../shared/corpus read by eye (Benchmarks/fresh-notes)
#   bench-layout     stroke class (writing / drawing / markup) and line grouping on real pages labelled by eye
#   loss-table       where the words of dev pages are lost (best, n-best, split, merged, misread, missing)
#   fresh-misses     why bench-fresh's and bench-real's missed words are missed (query side, layout, dropped, network)
#   bench-adapt      one index per dev writer with >= 150 samples, in its labels' language, with and without build --adapt (ADAPT_ARGS=--writers K)
#   bench-adapt-archive  build --adapt's cost on ~1,000 pages and on the real notebooks
#   adapt-harness    the adaptation's variants per dev writer, learning half against reading half (ADAPT_HARNESS_ARGS)
#   adapt-parts      which part of the network can learn a writer's hand: oracle and sure words, per dev writer (ADAPT_PARTS_ARGS)
#   adapt-leads      which reading may lead a word the hand read again: CER per dev writer and rule (ADAPT_LEADS_ARGS)
#   train            reproduce the shipped model (Python, PyTorch; from the committed checkpoints, remade when removed)
#   layout-classifier  remake the layout's stroke classifier from nothing (Training/layout: pages, training, weights, real labels)
#   fuzz             FUZZ_CASES mutated inputs per reader, some recognized too
#   bench-hostile    a build over hostile files beside good ones: time, memory, answers
#   bench-shards     4 shards (build --shard K/4, side by side) and merge against one build: seconds, same answers
#   man              the man page, made by the built command from its table of commands: .build/man/notebook-index.1
#   completions      bash, zsh and fish completion scripts, made the same way, in .build/completions
#   check-html       query --html opened in headless Chromium: its DOM and screenshot checked
#   check-serve      serve's search page in headless Chromium: a word typed, hits with pictures appear, screenshot checked
#   check-pdf        export --pdf of the samples checked with qpdf and poppler: words at their ink
#   docs-check       run the `$ notebook-index` examples of README.md and docs/ and check what they print, and the README's figures against Benchmarks/results
#   bench-tests      seconds of the fast and the slow lane of the tests
#   check-recoll     Recoll (recollcmd, installed when missing) indexes the samples with text --html; recollq finds the words
#   check-slurm      a one-node Slurm cluster (slurm-wlm, munge) runs contrib/slurm's array job into shards, merged, against one build
#   check-parallel   the same with GNU parallel (contrib/parallel)
#   install          the command, its man page, completions and desktop-search files under PREFIX (default /usr/local)
#   deb              the Debian package .build/notebook-index_VERSION_ARCH.deb (tools/make-deb.sh), checked by lintian
#   check-deb        that package installed with apt-get, build and query run from /usr/bin with the tree hidden, removed (root)
PREFIX ?= /usr/local
SHARED ?= ../shared
SWIFT ?= swift
BIN = .build/release/notebook-index
# The Swift runtime and Foundation linked in: the command starts in 8 ms instead of 19 (queries
# are mostly process start) and runs without the toolchain. Every release build uses the same
# flags, since SwiftPM rebuilds everything when they change.
RELEASE = $(SWIFT) build -c release --static-swift-stdlib

.PHONY: help deps lint format build test test-all demo bench bench-formats bench-recognizer bench-languages bench-cjk bench-mixed bench-index bench-hostile bench-shards bench-tests eval bench-speed bench-real bench-fresh bench-layout loss-table fresh-misses bench-adapt adapt-harness adapt-parts adapt-leads bench-adapt-archive train check-html check-serve check-pdf check-recoll check-slurm check-parallel docs-check fuzz man completions install deb check-deb clean layout-classifier

build: deps
	$(RELEASE) --product notebook-index

# What a fresh Debian machine with the Swift toolchain lacks (one list, which .ci/run uses too):
# installed with apt-get as root, else named with the command to run.
deps:
	@tools/setup-deps.sh

help:
	@sed -n 's/^#   //p' Makefile

# swift-format ships with the toolchain; .swift-format holds the rules (4 spaces, 120 columns)
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests
	tools/count_public.sh --max 150
	tools/check-dbus-declarations.sh

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

# The slow lane: end-to-end runs of the built command that kill builds and merges, feed it
# poisonous and hostile files, drive the completion scripts through real shells and run KDE Baloo's
# extractor protocol with the real recognizer (minutes on 2 cores).
SLOW_TESTS = KillConsistencyTests|IndexUpgradeKillTests|PoisonFileTests|HostileFileTests|CompletionScriptTests/(bash|zsh|fish)|BalooExtractorTests|MergeKillTests|NewLatinLanguageTests/wordsWithTheNewLetters

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip '$(SLOW_TESTS)'

# The release binary too: the Baloo protocol test runs it (Baloo gives an extractor 30 s).
test-all: build
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench-recognizer:
	Benchmarks/bench-recognizer.sh $(SHARED) $(BENCH_ARGS)

# Not part of `bench`: it remakes its test set with PyTorch (a minute) and builds two products.
bench-languages:
	Benchmarks/bench-languages.sh $(SHARED)

# Not part of `bench`: it needs Zinnia's models (Debian: tegaki-zinnia-japanese,
# tegaki-zinnia-simplified-chinese) and takes minutes (Benchmarks/bench-cjk.sh).
bench-cjk: build
	Benchmarks/bench-cjk.sh $(SHARED) $(BIN)

# Mixed pages from dev ink, and the cost of zh/ja beside en (Benchmarks/bench-mixed.sh; needs the Zinnia models).
bench-mixed: build
	Benchmarks/bench-mixed.sh $(SHARED) $(BIN)

# The phases are a table in Training/Makefile (its top says which phases this reproduces and how
# exactly): a phase whose row changed is redone with every phase after it. The shipped network
# (version 21 on) is generation 3's (Training/bakeoff.py); version 25's grows it by the letters of
# more languages. It is exported from its committed weights (checkpoints/gen4/v25.pt), checked by hash against Training/checkpoints/SHA256SUMS; the history
# is never read. Training/README.md has the schedules.
train:
	$(MAKE) -C Training settle
	$(MAKE) -C Training train UNIPEN=$(abspath $(SHARED))/data/unipen

# The layout's stroke classifier from nothing, seeded (Training/layout/Makefile,
# docs/layout-classifier.md): generated note pages, training, the weights and their golden test
# file rewritten in place, then measured on the real labelled strokes. PY=... for another Python.
layout-classifier:
	$(MAKE) -C Training/layout SHARED=$(abspath $(SHARED))

bench-formats:
	Benchmarks/bench-formats.sh $(SHARED)/corpus

demo: build
	tools/demo.sh $(BIN)

bench: bench-formats bench-recognizer bench-index

# Build rate, no-op rebuild of 10,000 files, query p50/p99 on 50,000 pages, peak memory.
bench-index: build
	python3 Benchmarks/bench_index.py --cli $(BIN) $(BENCH_INDEX_ARGS)

# A build over hostile and odd files beside SampleNotebooks: bounded time, peak memory
# <= 1 GB, good files searchable, every hostile file indexed or named, a fast second build with
# the same answers. HOSTILE_ARGS=--small for the sizes of a test.
bench-hostile: build
	Benchmarks/bench-hostile.sh $(BIN) $(HOSTILE_ARGS)

# `query --html` over SampleNotebooks in a real browser (tools/check_html_in_browser.py): the DOM
# Chromium builds and two screenshots, failing on a blank or broken page. Not part of `test`: it
# needs Chromium (apt-get install -y chromium). HTML_ARGS="--screenshot docs/query-html.png
# --window 1000,1250" remakes the README's picture.
check-html: build
	python3 tools/check_html_in_browser.py --cli $(BIN) $(HTML_ARGS)

# The search page of `serve` driven in headless Chromium (tools/check_serve_in_browser.py): a word of
# the samples typed key by key, the hits appearing with pictures, the page without scripts, SIGTERM.
# SERVE_ARGS="--screenshot docs/serve.png" remakes the README's picture.
check-serve: build
	python3 tools/check_serve_in_browser.py --cli $(BIN) $(SERVE_ARGS)

# `export --pdf` of every sample, checked by tools that did not write it (tools/check_pdf_export.sh):
# the same bytes twice, qpdf --check, every word of `text --json` at its ink's place in
# pdftotext -bbox, a page through pdftoppm. Not part of `test`: it needs poppler-utils and qpdf
# (apt-get install -y poppler-utils qpdf). PDF_ARGS="--keep /tmp/pdf-check" keeps the PDFs and pictures.
check-pdf: build
	tools/check_pdf_export.sh --cli $(BIN) $(PDF_ARGS)

# The README's figures against the newest result files of Benchmarks/results (tools/check_figures.py),
# then the `$ notebook-index` examples of README.md, CONTRIBUTING.md and docs/ run against the
# release binary on a throwaway index; each must print the lines shown (an ellipsis stands for any text).
docs-check: build
	python3 tools/check_figures.py
	python3 tools/docs_check.py $(BIN)
# Recoll's recollindex with contrib/recoll's mimemap and mimeconf over SampleNotebooks, in a throwaway
# configuration (tools/check_recoll.sh): recollq must find handwritten words, read by `text`, in their
# files. Not part of `test`: it needs recollcmd, which it installs with apt-get when missing.
# RECOLL_ARGS="--keep /tmp/recoll-check" keeps the configuration, index and logs.
check-recoll: build
	tools/check_recoll.sh --cli $(BIN) $(RECOLL_ARGS)

# The seconds of `make test` and of the slow lane apart (Benchmarks/test-times.sh).
bench-tests: build
	$(SWIFT) build --build-tests
	Benchmarks/test-times.sh '$(SLOW_TESTS)'

# Shards side by side on this machine against one build (Benchmarks/bench-shards.sh); SHARDS_ARGS="--shards 8 DIR".
bench-shards: build
	Benchmarks/bench-shards.sh --cli $(BIN) $(SHARDS_ARGS)

# Shards by a real scheduler, merged, answering as one build (Benchmarks/check-shards.sh): Slurm
# (installs slurm-wlm and munge when missing, starts munged, slurmctld and slurmd on this machine
# and stops them after) or GNU parallel. Not part of `test`: root, apt-get, daemons. CHECK_SHARDS_ARGS="--shards 8 DIR".
check-slurm: build
	Benchmarks/check-shards.sh slurm --cli $(BIN) $(CHECK_SHARDS_ARGS)

check-parallel: build
	Benchmarks/check-shards.sh parallel --cli $(BIN) $(CHECK_SHARDS_ARGS)

# Search recall/precision, error rates and speed on the UNIPEN dev writers, laid out as pages.
EVAL_PAGES ?= /tmp/dev-pages
# cli, or tesseract for Tesseract OCR on the same pages (its result: eval-tesseract)
EVAL_ENGINE ?= cli
eval: build
	[ -f $(EVAL_PAGES)/truth.json ] || python3 $(SHARED)/tools/eval/make_pages.py $(EVAL_PAGES) $(SHARED)/data/unipen/dev-*.jsonl.gz
	python3 $(SHARED)/tools/eval/run_eval.py $(EVAL_PAGES) --engine $(EVAL_ENGINE) --cli $(BIN) --json $(EVAL_PAGES)/eval.json
	python3 Benchmarks/results.py $(if $(filter cli,$(EVAL_ENGINE)),eval,eval-$(EVAL_ENGINE)) \
		--command "make eval EVAL_ENGINE=$(EVAL_ENGINE)" --json $(EVAL_PAGES)/eval.json

# Indexing speed against an older version on the same dev pages, the binaries in turn, two rounds
# (Benchmarks/compare-speed.sh). Not part of `bench`: the first time it builds SPEED_BASELINE
# (version 12's last commit) in a worktree, about ten minutes on two cores.
SPEED_BASELINE ?= e962f64
SPEED_TREE ?= /tmp/nbi-speed-$(SPEED_BASELINE)
bench-speed: build
	[ -f $(EVAL_PAGES)/truth.json ] || python3 $(SHARED)/tools/eval/make_pages.py $(EVAL_PAGES) $(SHARED)/data/unipen/dev-*.jsonl.gz
	[ -x $(SPEED_TREE)/.build/release/notebook-index ] || { git worktree add -f $(SPEED_TREE) $(SPEED_BASELINE) \
		&& cd $(SPEED_TREE) && $(SWIFT) build -c release --product notebook-index; }
	Benchmarks/compare-speed.sh $(EVAL_PAGES) 2 $(SPEED_TREE)/.build/release/notebook-index $(BIN)

# Words read by eye on real notebooks (reMarkable, Xournal++) found by query --full-words, per notebook.
bench-real: build
	python3 $(SHARED)/tools/eval/real_words.py $(BIN) $(SHARED)/realnotes $(SHARED)/realnotes/truth.json $(REAL_ARGS) \
		--json /tmp/bench-real.json
	python3 Benchmarks/results.py bench-real$(if $(findstring fuzzy,$(REAL_ARGS)),-fuzzy) \
		--command "make bench-real REAL_ARGS='$(REAL_ARGS)'" --json /tmp/bench-real.json

# The same on fresh real notebooks of ../shared/corpus nothing here was fitted to (Benchmarks/fresh-notes).
bench-fresh: build
	Benchmarks/bench-fresh.sh $(SHARED) $(BIN) $(FRESH_ARGS)

# The layout on real strokes labelled by eye (Tests/Fixtures/layout-labels, tools/label_strokes.py):
# strokes read as writing or not against their labels, labelled lines read as one line.
bench-layout: build
	python3 Benchmarks/bench_layout.py --bin $(BIN) --shared $(SHARED)

# Each single-word sample of the dev pages classified against the index's words, then best-reading CER and WER by kind of sample (Benchmarks/loss_table.py).
loss-table: build
	[ -f $(EVAL_PAGES)/truth.json ] || python3 $(SHARED)/tools/eval/make_pages.py $(EVAL_PAGES) $(SHARED)/data/unipen/dev-*.jsonl.gz
	python3 Benchmarks/loss_table.py $(EVAL_PAGES) --cli $(BIN)

# The missed words of bench-fresh and bench-real by cause, identifiers apart (Benchmarks/fresh_misses.py).
fresh-misses: build
	python3 Benchmarks/fresh_misses.py --bin $(BIN) --shared $(SHARED)

# The index learns its writer's hand (issue 47): one index per dev writer, `build` against
# `build --adapt` twice, recall, precision and CER per writer (Benchmarks/bench_adapt.py; slow:
# ADAPT_ARGS=--writers 4 for a few). adapt-harness compares the adaptation's variants without
# indexes (Benchmarks/adapt-harness.sh).
bench-adapt: build
	python3 Benchmarks/bench_adapt.py --cli $(BIN) --shared $(SHARED) $(ADAPT_ARGS)

adapt-harness:
	Benchmarks/adapt-harness.sh $(SHARED) $(ADAPT_HARNESS_ARGS)

# Which part of the network adapts best, its upper bound with oracle labels and what sure words
# give, in PyTorch on Training/.venv (Benchmarks/adapt-parts.sh, Training/adapt_parts.py).
adapt-parts:
	Benchmarks/adapt-parts.sh $(SHARED) $(ADAPT_PARTS_ARGS)

# The CER of the best readings per dev writer under each rule for when the hand's reading of a
# word leads it (Benchmarks/adapt_leads.py; ADAPT_LEADS_ARGS=--keep DIR reuses the indexes).
adapt-leads: build
	python3 Benchmarks/adapt_leads.py --cli $(BIN) --shared $(SHARED) $(ADAPT_LEADS_ARGS)

# build --adapt's cost on about 1,000 pages, and the real notebooks read with one learned hand
# (Benchmarks/adapt_archive.py).
bench-adapt-archive: build
	python3 Benchmarks/adapt_archive.py --cli $(BIN) --shared $(SHARED)

# FUZZ_CASES mutated inputs per format (truncations, byte flips and insertions, absurd numbers)
# from the test fixtures, SampleNotebooks (native JSON among them) and the corpus, through every
# reader via the format registry; one page of every FUZZ_RECOGNIZE-th notebook read also goes
# through the recognizer. Each case within 2 s and the run within 1 GB.
FUZZ_CASES ?= 10000
FUZZ_RECOGNIZE ?= 100
fuzz:
	$(RELEASE) --product notebook-fuzz
	$$($(SWIFT) build -c release --show-bin-path)/notebook-fuzz fuzz --cases $(FUZZ_CASES) --recognize-every $(FUZZ_RECOGNIZE) \
		Tests/Fixtures SampleNotebooks $$( [ -d $(SHARED)/corpus ] && echo $(SHARED)/corpus )

# Generated, not checked in: `notebook-index man` and `completions SHELL` print them from the same
# table as --help, so they cannot drift from the binary they are installed with.
MANPAGE = .build/man/notebook-index.1
COMPLETIONS = .build/completions
man: build
	mkdir -p $(dir $(MANPAGE))
	$(BIN) man > $(MANPAGE)

completions: build
	mkdir -p $(COMPLETIONS)
	$(BIN) completions bash > $(COMPLETIONS)/notebook-index.bash
	$(BIN) completions zsh > $(COMPLETIONS)/_notebook-index
	$(BIN) completions fish > $(COMPLETIONS)/notebook-index.fish

# The completions go where bash-completion, zsh (site-functions, in its default fpath for
# PREFIX=/usr/local) and fish (vendor_completions.d) look for them under PREFIX.
install: build man completions
	install -d $(PREFIX)/bin $(PREFIX)/share/man/man1 $(PREFIX)/share/bash-completion/completions \
		$(PREFIX)/share/zsh/site-functions $(PREFIX)/share/fish/vendor_completions.d
	install -m 755 -s $(BIN) $(PREFIX)/bin/notebook-index
	cp -R $(dir $(BIN))notebook-index_Recognition.resources $(PREFIX)/bin/
	install -m 644 $(MANPAGE) $(PREFIX)/share/man/man1/notebook-index.1
	install -m 644 $(COMPLETIONS)/notebook-index.bash $(PREFIX)/share/bash-completion/completions/notebook-index
	install -m 644 $(COMPLETIONS)/_notebook-index $(PREFIX)/share/zsh/site-functions/_notebook-index
	install -m 644 $(COMPLETIONS)/notebook-index.fish $(PREFIX)/share/fish/vendor_completions.d/notebook-index.fish
	install -d $(PREFIX)/share/dbus-1/services $(PREFIX)/share/gnome-shell/search-providers \
		$(PREFIX)/share/krunner/dbusplugins $(PREFIX)/share/applications
	sed 's|@BINDIR@|$(PREFIX)/bin|' contrib/dbus/io.github.notebook_index.SearchProvider.service.in \
		> $(PREFIX)/share/dbus-1/services/io.github.notebook_index.SearchProvider.service
	sed 's|@BINDIR@|$(PREFIX)/bin|' contrib/desktop/io.github.notebook_index.desktop.in \
		> $(PREFIX)/share/applications/io.github.notebook_index.desktop
	install -m 644 contrib/gnome/io.github.notebook_index.SearchProvider.ini $(PREFIX)/share/gnome-shell/search-providers/
	install -m 644 contrib/krunner/notebook-index.desktop $(PREFIX)/share/krunner/dbusplugins/

# What `install PREFIX=/usr` installs, the nightly build's systemd user units too, as a .deb whose
# version is `--version`'s and whose library dependencies dpkg-shlibdeps reads from the binary;
# lintian errors fail it (tools/make-deb.sh).
deb:
	tools/make-deb.sh

# The package installed (apt-get, as root), the samples built and searched by /usr/bin/notebook-index
# in a mount namespace that hides the source tree, then removed (tools/check_deb.sh).
check-deb: deb
	tools/check_deb.sh

clean:
	rm -rf .build
