import pytest

from nests.content import load_content


@pytest.fixture(scope="session")
def content():
    return load_content()


@pytest.fixture(scope="session")
def tables(content):
    return content.tables
