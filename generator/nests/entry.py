"""Where the ``nests`` command starts: the console script and ``python -m nests``.

A command spends most of its start importing modules and loading content:
objects that live until the process ends and hold almost no reference cycles.
Python's cycle collector, run at its usual pace meanwhile, walks them again
and again (a tenth of a text sheet's run). So it stays off until the content
is loaded; ``nests.cli.common.setup`` then puts everything made so far out of its
reach (``gc.freeze``) and turns it back on for the generating, whose garbage
it collects as usual. (Importing ``nests.cli`` in a test changes nothing.)
"""

import gc

gc.disable()

from nests.cli import main  # noqa: E402  (after the collector is off)


def run() -> None:
    import sys

    try:
        main()
    finally:
        # what is still buffered for standard output ("wrote …" lines) must get out,
        # or the command fails, in one line, whatever it was about to say
        try:
            if sys.stdout is not None:
                sys.stdout.flush()
        except OSError as err:
            from nests.publish import quiet_stdout

            quiet_stdout()
            sys.stderr.write(f"error: standard output: cannot be written: {err.strerror or err}\n")
            raise SystemExit(1) from None
