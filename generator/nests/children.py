"""What every process a command forks does first: it ends with the command.

A forked worker (a PDF worker, a batch worker, work done ahead) asks the kernel
to end it when the process that forked it ends, however that ends, ``kill -9``
included (Linux's ``PR_SET_PDEATHSIG``); where that request cannot be made, or
the parent ended before it was, the worker sees that its parent is no longer
the one it had and leaves. It leaves Ctrl-C to the command, which says it was
interrupted and ends its workers (see ``nests.cli``).
"""

from __future__ import annotations

import os
import signal

_PR_SET_PDEATHSIG = 1            # linux/prctl.h


def bound_to_parent(parent: int) -> None:
    """Called first in a child forked by the process ``parent``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):        # not Linux: the check below is all there is
        pass
    if os.getppid() != parent:               # the parent ended before the request was made
        os._exit(1)
