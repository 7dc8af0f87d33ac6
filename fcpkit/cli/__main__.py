"""``python -m fcpkit.cli ...`` is the ``fcpkit`` command (as is ``python -m fcpkit``)."""

from fcpkit.cli import main

main()
