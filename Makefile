# aidokit developer entry points. `make test` and `make demo` work on a new
# machine with only Python 3.11+, Node/npm, git and make.
.DEFAULT_GOAL := help
SHELL := /bin/bash

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HARNESS_DIR ?= .cache/harnesses
# Pinned harness CLIs for the contract tests (reference/harness-formats.md §25).
HARNESS_PKGS := @openai/codex@0.171.0 @google/gemini-cli@0.61.0 opencode-ai@1.18.33 \
                @anthropic-ai/claude-code@2.1.332 @github/copilot@1.0.102 \
                @qwen-code/qwen-code@0.24.4
HARNESS_PKGS += cline@3.0.65
HARNESS_PKGS += @ampcode/cli@0.0.1790142911-g7618fb
HARNESS_PKGS += @augmentcode/auggie@0.36.0
# The newest @kilocode/cli (7.8.1) has no linux-x64 package on npm: 7.7.7 is the newest that installs.
HARNESS_PKGS += @kilocode/cli@7.7.7
# @factory/cli 0.225.1 (its only release on the registry) names a platform package of its own
# version that the registry lacks; its `droid` shim runs the one installed, 0.225.2.
HARNESS_PKGS += @factory/cli@0.225.1
# Continue: not its `cn` (which reads no JSON MCP file) but the schemas and converter its IDE
# loader calls (tests/contract/bundled.py).
HARNESS_PKGS += @continuedev/config-yaml@1.42.0
ifeq ($(shell uname -sm),Linux x86_64)
HARNESS_PKGS += @factory/cli-linux-x64@0.225.2
endif
# Pinned harness CLIs from PyPI, each in a venv of its own under HARNESS_PY_DIR/<package>
# (they need Python 3.12+: the pyenv 3.12 CI has, else python3.12 on PATH).
HARNESS_PY_DIR ?= .cache/harnesses-py
HARNESS_PY ?= $(firstword $(wildcard $(HOME)/.pyenv/versions/3.12.*/bin/python3) python3.12)
HARNESS_PY_PKGS := openhands==1.16.0
# 3.0.3 (the newest) does not install: it pins certifi==2026.10.19, which PyPI has only as .post1.
HARNESS_PY_PKGS += mistral-vibe==3.0.2
# Hermes Agent's MCP loader (tools/mcp_tool.py): its config and env loaders need PyYAML,
# ruamel.yaml and python-dotenv, pinned to what its full install resolves.
HARNESS_PY_PKGS += hermes-agent==0.19.0
# Deep Agents Code's MCP discovery and loader (mcp_tools.py, mcp_config.py) import nothing
# outside the standard library: the package alone (`-`), not LangChain and its 200 MB.
HARNESS_PY_PKGS += deepagents-code==0.1.88
# A PyPI harness whose oracle runs only one loader of its (tests/contract/py_scripts/) goes in
# without its dependencies (--no-deps), plus the ones that loader imports, pinned to what its
# full install resolves: OpenHands' MCP loader needs fastmcp, not the agent SDK, LiteLLM and a
# browser (124 MB and under a minute instead of 785 MB and 15 minutes).
HARNESS_PY_LOADER_DEPS_openhands := fastmcp==4.1.7
HARNESS_PY_LOADER_DEPS_hermes-agent := pyyaml==6.0.3 ruamel.yaml==0.18.17 python-dotenv==1.2.2
HARNESS_PY_LOADER_DEPS_deepagents-code := -
# MCP servers the `aido doctor --probe` tests start (npm), kept apart from the harness pins.
TEST_SERVER_DIR ?= .cache/test-servers
TEST_SERVER_PKGS := @modelcontextprotocol/server-everything@2026.8.31
# `make contract-latest` installs the newest release of each of those here instead.
HARNESS_LATEST_DIR ?= .cache/harnesses-latest
PACKAGES := catalog adapters reconcile
# Strict editable installs link files that exist at install time, so the
# install is redone whenever the set of package files (or pyproject) changes.
PKG_MANIFEST := $(VENV)/.aido-manifest

.PHONY: help dev test test-py lint demo bench fuzz harnesses harnesses-py test-servers contract-latest clean check-manifest verify-catalog dist

help:
	@echo "make demo   run aido plan / apply / plan on the bundled example project"
	@echo "make test   set everything up, lint, type check and run the whole test suite"
	@echo "make test-py PY=python3.13  the suite without contract and slow tests on another Python"
	@echo "make lint   ruff + mypy --strict"
	@echo "make bench  measure aido against baselines, writes docs/benchmarks.md (PY=...: docs/benchmarks-pyX.Y.md)"
	@echo "make fuzz   fuzz the document layer for longer (AIDO_FUZZ_EXAMPLES, default 20000)"
	@echo "make fuzz SHARD=k/N  only the k-th of N shards of it (the nightly workflow runs 8)"
	@echo "make verify-catalog  check every catalog package pin and remote host (network)"
	@echo "make contract-latest  the contract tests against the newest harness CLIs (network)"
	@echo "make harnesses-py  the pinned PyPI harness CLIs, a venv each under .cache/harnesses-py"
	@echo "make dist   build the sdist and the wheel into dist/ (DIST=DIR elsewhere)"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

check-manifest: $(BIN)/python
	@{ find $(PACKAGES) -name '*.py' -o -name '*.json' -o -name py.typed | sort; md5sum pyproject.toml; } > $(PKG_MANIFEST).new
	@if ! cmp -s $(PKG_MANIFEST).new $(PKG_MANIFEST) || ! ls -d build/__editable__.aidokit-* >/dev/null 2>&1; then \
	  echo "installing aidokit (editable, strict) with dev extras"; \
	  $(BIN)/python -m pip install -q -e '.[dev]' --config-settings editable_mode=strict \
	    > $(VENV)/install.log 2>&1 || { cat $(VENV)/install.log; exit 1; }; \
	  mv $(PKG_MANIFEST).new $(PKG_MANIFEST); \
	else rm -f $(PKG_MANIFEST).new; fi

dev: check-manifest

harnesses: $(HARNESS_DIR)/.pinned

$(HARNESS_DIR)/.pinned: Makefile
	mkdir -p $(HARNESS_DIR)
	npm install --prefix $(HARNESS_DIR) --no-audit --no-fund --loglevel=error $(HARNESS_PKGS)
	echo "$(HARNESS_PKGS)" > $@

# $(call py_name,PIN): the package of `name==version`.
py_name = $(firstword $(subst ==, ,$(1)))
# $(call py_venv,VENV,REQUIREMENT,LOADER-DEPS): a new venv at VENV holding REQUIREMENT (with its
# dependencies, or alone plus LOADER-DEPS when there are some, `-` for none); wheels only; the
# log at VENV.log.
py_venv = rm -rf $(1) && $(HARNESS_PY) -m venv $(1) \
  && $(1)/bin/python -m pip install -q --disable-pip-version-check --only-binary :all: \
     $(if $(3),--no-deps) "$(2)" > $(1).log 2>&1 \
  $(if $(filter-out -,$(3)),&& $(1)/bin/python -m pip install -q --disable-pip-version-check \
     --only-binary :all: $(filter-out -,$(3)) >> $(1).log 2>&1) \
  || { tail -20 $(1).log; echo "$(2) did not install (the log: $(1).log)"; false; }

# $(call py_pinned,VENV,PIN LOADER-DEPS...)
py_pinned = if [ "$$(cat $(1)/.pinned 2>/dev/null)" != "$(strip $(2))" ]; then \
    echo "installing $(strip $(2)) into $(1)"; \
    $(call py_venv,$(1),$(firstword $(2)),$(wordlist 2,99,$(2))) || exit 1; \
    echo "$(strip $(2))" > $(1)/.pinned; \
  fi

# One venv per package; a venv whose .pinned names another pin (or loader deps) is made anew.
harnesses-py:
	@$(foreach pin,$(HARNESS_PY_PKGS),$(call py_pinned,$(HARNESS_PY_DIR)/$(call py_name,$(pin)),$(pin) $(HARNESS_PY_LOADER_DEPS_$(call py_name,$(pin))));)

test-servers: $(TEST_SERVER_DIR)/.pinned

$(TEST_SERVER_DIR)/.pinned: Makefile
	mkdir -p $(TEST_SERVER_DIR)
	npm install --prefix $(TEST_SERVER_DIR) --no-audit --no-fund --loglevel=error $(TEST_SERVER_PKGS)
	echo "$(TEST_SERVER_PKGS)" > $@

# Network: the newest release of every pinned harness CLI, in its own cache (the pinned one
# stays as it is), then the contract tests against it; never part of `make test`
# (.github/workflows/contract-latest.yml runs it daily). It prints the versions it tried,
# and again when a test fails.
contract-latest: dev
	rm -rf $(HARNESS_LATEST_DIR)
	mkdir -p $(HARNESS_LATEST_DIR)
	@# One package at a time: a newest release that does not install here is reported
	@# with npm's reason and the releases below it (down to the pin) are tried instead.
	$(BIN)/python -m tests.contract.latest $(HARNESS_LATEST_DIR) $(HARNESS_PKGS) \
	  || { echo "a harness CLI installed in no version:"; cat $(HARNESS_LATEST_DIR)/versions.txt; exit 1; }
	@# The PyPI ones the same way: the newest release (with the newest of its loader deps,
	@# unpinned), else up to 3 releases below it, down to the pin.
	@mkdir -p $(HARNESS_LATEST_DIR)/py
	@$(foreach pin,$(HARNESS_PY_PKGS),$(call py_latest,$(call py_name,$(pin)),$(pin));)
	@[ ! -e $(HARNESS_LATEST_DIR)/py/none ] \
	  || { echo "a harness CLI installed in no version:"; cat $(HARNESS_LATEST_DIR)/versions.txt; exit 1; }
	env -u PYTHONDONTWRITEBYTECODE AIDO_HARNESS_BIN=$(abspath $(HARNESS_LATEST_DIR))/node_modules/.bin \
	  AIDO_HARNESS_PY=$(abspath $(HARNESS_LATEST_DIR))/py \
	  $(if $(TEST_TMPDIR),TMPDIR=$(TEST_TMPDIR)) $(BIN)/pytest -q -n auto --dist loadgroup -m contract tests/contract \
	  || { echo "contract tests FAILED against the newest harness CLIs:"; cat $(HARNESS_LATEST_DIR)/versions.txt; exit 1; }

# $(call py_latest,NAME,PIN): NAME's releases on the index (`pip index versions`, newest
# first); the newest installed exactly (pip would quietly take an older one), else up to 3
# below it down to the pin; its versions.txt line as tests/contract/latest.py writes them:
# `NAME newest V pinned P`, then pip's reason and what was tried when V did not install.
py_latest = vs=$$($(HARNESS_PY) -m pip index versions --disable-pip-version-check $(1) 2>/dev/null \
    | sed -n 's/^Available versions: //p' | tr -d ','); \
  set -- $$vs; v=$${1:-?}; got=; why=; n=0; \
  for w in $$vs; do \
    if $(call py_venv,$(HARNESS_LATEST_DIR)/py/$(1),$(1)==$$w,$(foreach d,$(HARNESS_PY_LOADER_DEPS_$(1)),$(call py_name,$(d)))); \
    then got=$$w; break; fi; \
    [ -n "$$why" ] || why=$$(sed -n 's/.*No matching distribution found for \(.*\)/needs \1, which the index does not have/p' \
      $(HARNESS_LATEST_DIR)/py/$(1).log | head -1); why=$${why:-did not install}; \
    n=$$((n + 1)); [ "$$w" != $(lastword $(subst ==, ,$(2))) ] && [ $$n -le 3 ] || break; \
  done; \
  line=$$(printf '%-28s newest %-10s pinned %s' $(1) "$$v" $(lastword $(subst ==, ,$(2)))); \
  if [ "$$got" = "$$v" ]; then echo "$$line"; \
  elif [ -n "$$got" ]; then echo "$$line  ($$v $$why; tried $$got)"; \
  else echo "$$line  ($$v $$why; installed in no version)"; touch $(HARNESS_LATEST_DIR)/py/none; \
  fi | tee -a $(HARNESS_LATEST_DIR)/versions.txt

lint: dev
	$(BIN)/ruff check $(PACKAGES) tests $(wildcard bench) fixtures/*.py
	$(BIN)/ruff format --check $(PACKAGES) tests $(wildcard bench) fixtures/*.py
	@# mypy must see the aidokit.* layout, which only exists in the strict editable tree.
	cd build/__editable__.aidokit-*/ && $(abspath $(BIN))/mypy -p aidokit --config-file $(CURDIR)/pyproject.toml

# aido fsyncs every file it writes: the tests' scratch folders go to a tmpfs,
# where an fsync costs nothing, when the machine has one with 3 GB free (a
# session leaves ~0.6 GB there and pytest keeps the last three; TEST_TMPDIR= to choose).
TEST_TMPDIR ?= $(shell [ -w /dev/shm ] && df -Pk /dev/shm | awk 'NR == 2 && $$4 > 3145728 { print "/dev/shm" }')

test: dev harnesses harnesses-py test-servers lint
	@# -n auto: the slow tests are subprocess-bound and independent (pytest-xdist);
	@# loadgroup hands out one test at a time.
	@# A shell's PYTHONDONTWRITEBYTECODE is unset (as bench/ does): with it, every
	@# aido and python the tests start compiles aido from source, and each worker
	@# rewrites and compiles every test module again.
	env -u PYTHONDONTWRITEBYTECODE AIDO_HARNESS_BIN=$(abspath $(HARNESS_DIR))/node_modules/.bin \
	  AIDO_HARNESS_PY=$(abspath $(HARNESS_PY_DIR)) AIDO_TEST_SERVERS=$(abspath $(TEST_SERVER_DIR))/node_modules/.bin \
	  $(if $(TEST_TMPDIR),TMPDIR=$(TEST_TMPDIR)) $(BIN)/pytest -q -n auto --dist loadgroup

# The suite without the contract and slow tests on another Python, in its own venv
# (.ci/run runs it on 3.12 and 3.13): make test-py PY=~/.pyenv/versions/3.13.0/bin/python3
PY ?= python3
PY_VENV = .venv-$(shell $(PY) -c 'import sys; print("%d.%d" % sys.version_info[:2])')

test-py:
	$(MAKE) --no-print-directory check-manifest PYTHON=$(PY) VENV=$(PY_VENV)
	env -u PYTHONDONTWRITEBYTECODE $(if $(TEST_TMPDIR),TMPDIR=$(TEST_TMPDIR)) \
	  $(PY_VENV)/bin/pytest -q -n auto --dist loadgroup -m "not slow and not contract"

demo: dev
	@$(BIN)/python fixtures/run_demo.py

# `make bench PY=~/.pyenv/versions/3.13.0/bin/python3`: the same run on another Python,
# in its own venv (as test-py), written to docs/benchmarks-py3.13.md.
bench: dev
ifeq ($(origin PY),command line)
	$(MAKE) --no-print-directory check-manifest PYTHON=$(PY) VENV=$(PY_VENV)
	$(PY_VENV)/bin/python -m bench
else
	$(BIN)/python -m bench
endif

# The property tests of the document layer and the config readers, with many random examples.
FUZZ_TESTS := tests/reconcile/documents/test_documents_fuzz.py \
  tests/reconcile/documents/test_documents_roundtrip_props.py \
  tests/reconcile/documents/test_documents_window.py \
  tests/reconcile/documents/test_documents_json_props.py \
  tests/reconcile/documents/test_documents_toml_props.py \
  tests/reconcile/documents/test_documents_toml_shapes.py \
  tests/reconcile/documents/test_documents_toml_comments.py \
  tests/reconcile/documents/test_documents_yaml_props.py \
  tests/reconcile/documents/test_documents_frontmatter.py \
  tests/reconcile/documents/test_documents_listitems.py \
  tests/reconcile/documents/test_documents_empty_maps.py \
  tests/reconcile/documents/test_documents_toml_arrays.py \
  tests/reconcile/documents/test_documents_yamlstrings.py \
  tests/reconcile/documents/test_documents_trailing_commas.py \
  tests/reconcile/documents/test_documents_toml_inline_arrays.py \
  tests/scenarios/test_claude_settings.py \
  tests/reconcile/read/test_config.py
# `make fuzz SHARD=3/8`: only the third of eight shards (the property tests dealt round
# robin, tests/conftest.py fuzz_shard); the nightly workflow (.github/workflows/fuzz.yml)
# runs all eight at 20000 examples. FUZZ_JOBS=1 runs it on one core.
SHARD ?=
FUZZ_JOBS ?= auto

fuzz: dev
	AIDO_FUZZ_EXAMPLES=$${AIDO_FUZZ_EXAMPLES:-20000} $(if $(SHARD),AIDO_FUZZ_SHARD=$(SHARD)) \
	  $(BIN)/pytest -q -p no:cacheprovider -n $(FUZZ_JOBS) --durations=0 $(FUZZ_TESTS)

# Network: checks every pinned npm/PyPI version and remote host; never part of `make test`.
verify-catalog: dev
	$(BIN)/python -m aidokit.catalog.verify

# What publishing needs: an sdist and a wheel, built in isolation from pyproject.toml.
DIST ?= dist
dist: dev
	rm -rf $(DIST)
	@# No flags: build makes the sdist, then the wheel from it, so a file missing from the sdist shows.
	$(BIN)/python -m build --outdir $(DIST) .

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache dist
