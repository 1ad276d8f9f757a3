import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"


@pytest.fixture
def root():
    return ROOT


@pytest.fixture
def corpus():
    path = SHARED / "corpus"
    if not (path / "twic1599-sample.pgn").is_file():
        pytest.skip(f"skipped: the shared corpus is not at {path}")
    return path
