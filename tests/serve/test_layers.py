"""Issue 39 point 6: the server takes its set-up from the floor below the command line
(nests.setup); no module outside nests.cli imports it, but the console script's entry."""

from __future__ import annotations

from tests.test_stages import _imports, _modules


def test_nothing_below_the_command_line_imports_it():
    graph = _imports(_modules())
    up = sorted(f"{m} -> {n}" for m, targets in graph.items() for n in targets
                if n.startswith("nests.cli") and not m.startswith("nests.cli") and m != "nests.entry")
    assert up == []
    assert "nests.setup" in graph["nests.serve.server"] and "nests.setup" in graph["nests.serve.making"]
