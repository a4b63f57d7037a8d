"""`python -m bot` runs the same CLI as the `arbiter` script."""

from bot.cli import main

raise SystemExit(main())
