import os

import pytest
from click.testing import CliRunner
from hypothesis import settings

from nests.content import load_content

# The property tests draw the same examples on every run and in every clone (derandomized,
# no example database), so that `make test` passes or fails alike anywhere. To look for
# new failing examples: HYPOTHESIS_PROFILE=explore make test (random draws, and a failing
# example is printed so that it can be kept as a test).
settings.register_profile("same-everywhere", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "same-everywhere"))


@pytest.fixture(scope="session")
def content():
    return load_content()


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
