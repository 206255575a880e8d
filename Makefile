# catalog-build — see README.md. Every target installs what it needs first.
SHELL := /bin/bash
.DEFAULT_GOAL := build

SWIFT ?= swift
BIN := .build/debug/catalog-build
VENV := .venv
PYTHON := $(VENV)/bin/python
SOURCE ?= content
OUTPUT ?= public
HOST ?= 127.0.0.1
PORT ?= 8000
FUZZ_CASES ?= 10000
FUZZ_SEED ?= 1
HISTORY ?= history-example

BUILD_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev libpng-dev pkg-config
TEST_PACKAGES := chromium fonts-dejavu-core git
BENCH_PACKAGES := hugo cmark-gfm hyperfine time nginx wrk linux-perf

.PHONY: setup setup-build setup-test build tool serve history-example test test-swift test-browser fuzz mutate bench bench-serve clean

## setup: install every system package and Python tool the build and the tests need (idempotent)
setup: setup-build setup-test

setup-build:
	@Scripts/install-packages.sh $(BUILD_PACKAGES)

setup-test: $(VENV)/.installed
	@Scripts/install-packages.sh $(TEST_PACKAGES)
	@command -v java >/dev/null || Scripts/install-packages.sh default-jre-headless

$(VENV)/.installed: Tests/browser/requirements.txt
	@Scripts/install-packages.sh python3 python3-venv
	@test -x $(PYTHON) || python3 -m venv $(VENV)
	@$(PYTHON) -m pip install -q --disable-pip-version-check -r Tests/browser/requirements.txt
	@touch $@

## tool: compile catalog-build
tool: setup-build
	$(SWIFT) build

## build: compile the tool and build the example catalog into public/
build: tool
	$(BIN) build --source $(SOURCE) --output $(OUTPUT)

## serve: install what is missing, build the tool and the example site (public/), then preview it with live reload
serve: build
	$(BIN) serve --source $(SOURCE) --host $(HOST) --port $(PORT)

## history-example: the example catalog in a generated git repository with four releases (history-example/), built with every version into history-example/public
history-example: tool
	@Scripts/install-packages.sh git
	Scripts/history-example.sh $(HISTORY)
	$(BIN) build --source $(HISTORY)/content --output $(HISTORY)/public
	@echo "Serve it with: python3 -m http.server --directory $(HISTORY)/public 8000"

## test: every test — Swift unit, fixture, golden and CLI tests, then the browser, server and fuzz tests
test: setup test-swift test-browser

test-swift: setup-build
	python3 Scripts/mutate.py --check
	$(SWIFT) build --build-tests
	$(SWIFT) test

test-browser: setup-test tool
	$(PYTHON) -m pytest -q Tests/structure Tests/browser Tests/serve Tests/fuzz Tests/formats

## fuzz: a long seeded mutation campaign over the example catalog (FUZZ_CASES, FUZZ_SEED); failing cases land in fuzz-failures/
fuzz: setup-test tool
	$(PYTHON) Scripts/fuzz.py --cases $(FUZZ_CASES) --seed $(FUZZ_SEED)

## mutate: apply each deliberate bug in Scripts/mutate.py, run the tests that should catch it, and list the survivors (not part of test)
mutate: setup-build
	python3 Scripts/mutate.py $(MUTATIONS)

## bench: cold builds at N = 1,000 and 10,000 against Hugo and the physical limit (cmark-gfm parse + cp -r of the output), on tmpfs and disk; peak memory; serve rebuilds; snapshots; 10 releases of 1,000 components
bench: setup-build
	@Scripts/install-packages.sh $(BENCH_PACKAGES)
	$(SWIFT) build -c release
	python3 Scripts/bench.py build

## bench-serve: requests per second against serve and nginx, and the save → reload time at N = 1,000
bench-serve: setup-build
	@Scripts/install-packages.sh $(BENCH_PACKAGES)
	$(SWIFT) build -c release
	python3 Scripts/bench.py serve

clean:
	rm -rf .build $(OUTPUT) $(VENV) bench-work fuzz-failures $(HISTORY)
