"""Where the ``nests`` command starts: the console script and ``python -m nests``.

A command spends most of its start importing modules and loading content:
objects that live until the process ends and hold almost no reference cycles.
Python's cycle collector, run at its usual pace meanwhile, walks them again
and again (a tenth of a text sheet's run). So it stays off until the content
is loaded; ``nests.setup.setup`` then puts everything made so far out of its
reach (``gc.freeze``) and turns it back on for the generating, whose garbage
it collects as usual. (Importing ``nests.cli`` in a test changes nothing.)

Ctrl-C is one line and exit 130 from the first line of this module to the last
of the process: until the command starts (its imports, its options read) and
after it ends, nothing is under way, so the process ends at once
(``_interrupted``); while it runs, the command itself says it and stops its
workers (see nests.cli). (Before this module runs, the interpreter's own start
answers Ctrl-C as it does for any program.)
"""

import os
import signal

_INTERRUPTED = b"error: interrupted; a file not yet in place is not written\n"


def _interrupted(signum, frame):
    os.write(2, _INTERRUPTED)
    os._exit(130)


signal.signal(signal.SIGINT, _interrupted)

import gc  # noqa: E402

gc.disable()

from nests.cli import main  # noqa: E402  (after the collector is off)


def run() -> None:
    import sys

    try:
        main()
    except SystemExit as end:
        if end.code == 130:
            # interrupted, and said so: the process ends here. The interpreter's own end would
            # wait on the stopped workers' threads, and python -m takes a KeyboardInterrupt met
            # there for an unhandled one, ending by the signal instead of with the status.
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            for stream in (sys.stdout, sys.stderr):
                try:
                    stream.flush()
                except (OSError, ValueError, AttributeError):
                    pass
            os._exit(130)
        raise
    finally:
        signal.signal(signal.SIGINT, _interrupted)
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
