import pytest
from click.testing import CliRunner

from nests.content import load_content


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
