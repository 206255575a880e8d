"""Fixtures for the serve tests: a temporary copy of the base fixture catalog and a server on it."""

import shutil

import pytest

from serving import FIXTURES, Server


@pytest.fixture
def catalog(tmp_path):
    folder = tmp_path / "catalog"
    shutil.copytree(FIXTURES / "base", folder)
    return folder


@pytest.fixture
def server(catalog):
    running = Server(catalog)
    assert running.url, running.output
    yield running
    running.stop()
