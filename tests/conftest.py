import gc
import os

import pytest
from click.testing import CliRunner
from hypothesis import settings

from nests.content import load_content
from tests.packets import SHARED, share_builds

# Each packet built once per test process, whoever asks for it (tests/packets.py): before any
# test module imports build_packet.
share_builds()


def pytest_configure(config):
    """The run's folder where one test process leaves which Nest each packet's choice kept, for the others
    (tests/packets.py SHARED): made by the process that starts the workers, before they start, so they inherit it."""
    if not hasattr(config, "workerinput"):
        import tempfile

        config._choices = tempfile.TemporaryDirectory(prefix="nests-choices-")
        os.environ[SHARED] = config._choices.name


def pytest_unconfigure(config):
    if hasattr(config, "_choices"):
        config._choices.cleanup()

# The property tests draw the same examples on every run and in every clone (derandomized,
# no example database), so that `make test` passes or fails alike anywhere. To look for
# new failing examples: HYPOTHESIS_PROFILE=explore make test (random draws, and a failing
# example is printed so that it can be kept as a test).
settings.register_profile("same-everywhere", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "same-everywhere"))


@pytest.fixture(scope="session", autouse=True)
def weasyprint_imported():
    """WeasyPrint imported once in each test process. A command asked for a PDF forks its PDF
    workers from the process it runs in (here, the test's), and each imports WeasyPrint unless
    its parent has: some 0.7 s of CPU per worker, and a command that stops at bad input waits
    for its workers' imports before it ends. What the commands do is unchanged; the tests that
    a command imports no WeasyPrint run it in a fresh process (test_cli.py)."""
    import weasyprint  # noqa: F401


@pytest.fixture(scope="module", autouse=True)
def long_lived_objects_set_aside():
    """What outlives a module (WeasyPrint, the content, the packets and books kept for the
    process) is put out of the cycle collector's reach when the module ends (``gc.freeze``),
    as nests.entry does for a command: a full collection walked them all again, some 0.45 s
    each, 8 s of every 70 of the packet and PDF tests. Garbage is still collected; a cycle
    that is garbage when a module ends stays in memory until the process ends."""
    yield
    gc.freeze()


@pytest.fixture(scope="session")
def content():
    return load_content()


@pytest.fixture(scope="session")
def read_once():
    """path → the book read from it (nests.book.readers.read_book), read once per process: the
    shared rulebooks are read by the readers' tests and typeset by the rulebook's, and
    nothing either does changes a book."""
    from nests.book.readers import read_book

    books = {}

    def read(path):
        if str(path) not in books:
            books[str(path)] = read_book(str(path))
        return books[str(path)]

    return read


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture(autouse=True)
def built_in_templates():
    """A command run with --templates leaves its directory in use in this process:
    every test after it renders with the built-in templates again."""
    yield
    from nests.render import use_templates

    use_templates(None)


# Modules with a test of many seconds that no other test shares work with (commands interrupted again and
# again, real browsers and servers, whole books typeset, a process started fresh): run first.
LONG_FIRST = ("tests/publish/test_ctrl_c.py", "tests/serve/test_browser.py", "tests/serve/test_campaign_browser.py",
              "tests/serve/test_served.py", "tests/campaign/test_campaign.py", "tests/rulebook/test_book_defects.py")


def pytest_collection_modifyitems(items):
    """The longest work first, then the tests that share packets (tests/packet/conftest.py), each in their
    order. pytest-xdist's worksteal gives the first half of the list to one process and moves tests from
    the end of a process's share to an idle one: what runs long starts early, so neither process is left
    alone with one at the end, and the packet tests stay mostly in one process (a packet another process
    chose is only made again: tests/packets.py)."""
    def rank(item) -> int:
        if item.nodeid.split("::")[0] in LONG_FIRST:
            return 0
        return 1 if "packet_of" in getattr(item, "fixturenames", ()) else 2

    items.sort(key=rank)
