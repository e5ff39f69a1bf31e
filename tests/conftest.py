import pytest
from click.testing import CliRunner

from nests.content import load_content


@pytest.fixture(scope="session")
def content():
    return load_content()


@pytest.fixture
def runner():
    return CliRunner()
