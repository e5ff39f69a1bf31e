"""Work done ahead on the machine's other core, for the generators.

``Ahead(make, *args)`` forks a child that computes ``make(*args)`` while this
process goes on with other work; ``result()`` takes the value (pickled back
through a pipe). The value is what ``make`` returns here, so whether it was
made ahead changes no byte of any output: a typeset book draws its character
sheets while it lays out its text, and renders half its pages while this
process renders the other half.

Nothing is forked on one core, where there is no other core to use, nor once
this process runs threads (the PDF workers' pool: a fork would copy locks in
whatever state those threads left them): ``result()`` then calls ``make`` here.
A child that fails hands back nothing, and ``result()`` calls ``make`` here too,
so that its error is raised where it always is.
"""

from __future__ import annotations

import os
import pickle
import threading
from typing import Any, Callable


class Ahead:
    def __init__(self, make: Callable[..., Any], *args: Any):
        self.make, self.args = make, args
        self.pid: int | None = None
        if (os.cpu_count() or 1) < 2 or not hasattr(os, "fork") or threading.active_count() > 1:
            return
        read, write = os.pipe()
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:                                    # the child: make the value, hand it over, leave
            try:
                from nests.children import bound_to_parent

                bound_to_parent(parent)
                os.close(read)
                try:
                    data = pickle.dumps(make(*args), protocol=pickle.HIGHEST_PROTOCOL)
                except BaseException:                   # said again by result(), where it belongs
                    data = b""
                with os.fdopen(write, "wb") as pipe:
                    pipe.write(data)
            finally:
                os._exit(0)                             # never back into the parent's work (nor its atexit)
        os.close(write)
        self.pid, self.pipe = pid, read

    def result(self) -> Any:
        """The value, made ahead or (on one core, or when the child failed) here; once."""
        if not hasattr(self, "value"):
            data = b""
            if self.pid is not None:
                with os.fdopen(self.pipe, "rb") as pipe:
                    data = pipe.read()
                os.waitpid(self.pid, 0)
                self.pid = None
            self.value = pickle.loads(data) if data else self.make(*self.args)
        return self.value

    def __del__(self):
        # A value never asked for (the run failed meanwhile): the child is not left behind.
        if getattr(self, "pid", None) is not None:
            os.close(self.pipe)
            os.waitpid(self.pid, 0)
