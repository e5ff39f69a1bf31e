"""Where the ``nests`` command starts: the console script and ``python -m nests``.

A command spends most of its start importing modules and loading content:
objects that live until the process ends and hold almost no reference cycles.
Python's cycle collector, run at its usual pace meanwhile, walks them again
and again (a tenth of a text sheet's run). So it stays off until the content
is loaded; ``nests.setup.setup`` then puts everything made so far out of its
reach (``gc.freeze``) and turns it back on for the generating, whose garbage
it collects as usual. (Importing ``nests.cli`` in a test changes nothing.)

Ctrl-C is one line and exit 130 from the first line of this module until the command
is done, wherever it lands: ``_interrupted`` says it, ends the command's workers,
tidies what they were writing and ends the process at once. It is never an
exception, which a worker, a ``finally`` or a finaliser could meet half-way and print
as a traceback. The workers leave Ctrl-C to it (``nests.children``); the one moment
it waits for is files being put in place, which happens whole (``nests.publish``).
Once the command is done, Ctrl-C changes nothing (``run``). (Before this module
runs, the interpreter's own start answers Ctrl-C as it does for any program.)
"""

import os
import signal

_INTERRUPTED = b"error: interrupted; a file not yet in place is not written\n"


def _interrupted(signum, frame):
    signal.signal(signal.SIGINT, signal.SIG_IGN)          # a second Ctrl-C changes nothing
    os.write(2, _INTERRUPTED)
    try:
        import sys

        for stream in (sys.stdout, sys.stderr):          # what was said before it ("wrote …")
            try:
                stream.flush()
            except BaseException:                         # a write it cut short, a closed stream
                pass
        if "multiprocessing" in sys.modules:              # the pools' workers, ended and waited for
            for worker in sys.modules["multiprocessing"].active_children():
                worker.kill()
                worker.join(5)
        if "nests.publish.files" in sys.modules:          # what they were staging, removed
            sys.modules["nests.publish.files"].tidy()
    except BaseException:                                 # the workers end with this process anyway
        pass
    finally:
        os._exit(130)


signal.signal(signal.SIGINT, _interrupted)

import gc  # noqa: E402

gc.disable()

from nests.children import bind_every_child  # noqa: E402

bind_every_child()

from nests.cli import main  # noqa: E402  (after the collector is off)


def run() -> None:
    import sys

    try:
        main()
    finally:
        # The command is done: a Ctrl-C from here on changes nothing. (Left to the interpreter,
        # whose teardown gives Ctrl-C back to the system, it would end the process by the signal,
        # saying nothing, in the last moments of a command that has done its work.)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
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
