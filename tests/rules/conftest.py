import pytest

from nests.content import load_content
from nests.content.tables import load_tables


@pytest.fixture(scope="session")
def content():
    return load_content()


@pytest.fixture(scope="session")
def tables(content):
    return load_tables(content)
