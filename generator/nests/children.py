"""What every process a command forks does first: it ends with the command.

A forked worker (a PDF worker, a batch worker, a player of the simulation's pool,
work done ahead) asks the kernel to end it when the process that forked it ends,
however that ends, ``kill -9`` included (Linux's ``PR_SET_PDEATHSIG``); where that
request cannot be made, or the parent ended before it was, the worker sees that its
parent is no longer the one it had and leaves. It leaves Ctrl-C to the command,
which says it was interrupted and ends (see ``nests.entry``): a terminal sends
Ctrl-C to every process of the command, and a worker that took it too would print
its own traceback.

``bind_every_child`` (called by ``nests.entry`` as the command starts) makes this
happen in every child forked from then on, whoever forks it (a pool of the standard
library too), from its first instruction: no Ctrl-C finds a child not yet bound.

Where a command must not stop half-way (its files being put in place, its server's
workers and store being closed), ``ctrl_c_after`` holds Ctrl-C until that is done.
"""

from __future__ import annotations

import os
import signal
from contextlib import contextmanager

_PR_SET_PDEATHSIG = 1            # linux/prctl.h
_prctl = None                    # libc's prctl, found once in the parent (a child only calls it); False: none
_forking = 0                     # the process forking now, as its child will see it
_bound = False                   # bind_every_child has run


def bound_to_parent(parent: int) -> None:
    """Called first in a child forked by the process ``parent``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    prctl = _prctl if _prctl is not None else _find_prctl()
    if prctl:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:               # the parent ended before the request was made
        os._exit(1)


def _find_prctl():
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):        # not Linux: the check of the parent is all there is
        return False


def _before_fork() -> None:
    global _forking, _prctl
    _forking = os.getpid()
    if _prctl is None:
        _prctl = _find_prctl()


def _in_child() -> None:
    bound_to_parent(_forking)


def bind_every_child() -> None:
    """Every process this one forks from now on is bound to it (``bound_to_parent``) as it starts."""
    global _bound
    if not _bound and hasattr(os, "register_at_fork"):
        os.register_at_fork(before=_before_fork, after_in_child=_in_child)
        _bound = True


class Held(list):
    """The Ctrl-C's ``ctrl_c_after`` holds (true once one came); ``then``, if set, is called as each comes."""

    then = None


@contextmanager
def ctrl_c_after():
    """Ctrl-C, if it comes meanwhile, is answered once the block is done, as it would have been
    (in the main thread of a process that answers it: a worker leaves it to its command).
    The block is given the ``Held`` Ctrl-C's."""
    import threading

    held = Held()
    answer = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or answer in (signal.SIG_IGN, None):
        yield held
        return

    def hold(signum, frame):
        held.append(frame)
        if held.then is not None:
            held.then()

    signal.signal(signal.SIGINT, hold)
    try:
        yield held
    finally:
        signal.signal(signal.SIGINT, answer)
        if held and callable(answer):
            answer(signal.SIGINT, held[0])
        elif held:                                   # the system's own answer: the process ends
            os.kill(os.getpid(), signal.SIGINT)
