"""Allow `python -m cardgen`."""

from cardgen.cli import main

main()
