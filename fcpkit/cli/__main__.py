"""``python -m fcpkit.cli``: the same command line as ``fcpkit``."""

from fcpkit.cli import main

if __name__ == "__main__":
    main()
