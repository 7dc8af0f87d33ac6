"""``python -m fcpkit ...`` is the ``fcpkit`` command."""

from fcpkit.cli import main

main()
