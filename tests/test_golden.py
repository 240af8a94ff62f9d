"""The golden answers (tests/golden.py) of a subset of each kind: the digests recorded before the core's
redesign (#21), with the memos on and with every memo off. scripts/answers_digest.py runs the full set."""

from collections.abc import Iterator

import pytest

from app.scoring.memo import switch_memos
from tests.golden import GOLDEN_SMALL, SMALL, digest


@pytest.fixture
def memos_off() -> Iterator[None]:
    switch_memos(False)
    try:
        yield
    finally:
        switch_memos(True)


@pytest.mark.parametrize("kind", sorted(SMALL))
def test_golden_answers(kind: str) -> None:
    assert digest(kind, SMALL[kind]) == GOLDEN_SMALL[kind]


@pytest.mark.parametrize("kind", sorted(SMALL))
def test_golden_answers_with_every_memo_off(kind: str, memos_off: None) -> None:
    assert digest(kind, SMALL[kind]) == GOLDEN_SMALL[kind]


def test_memos_off_keep_nothing(memos_off: None) -> None:
    """With the memos off no memo holds a key, however many answers are worked out."""
    from app.scoring import memo

    digest("analyze", 50)
    assert {name: len(m) for name, m in memo._NAMED.items() if len(m)} == {}
