"""The golden answers (tests/golden.py) of a subset of each kind: the digests recorded before the core's
redesign (#21). scripts/answers_digest.py runs the full set."""

import pytest

from tests.golden import GOLDEN_SMALL, SMALL, digest


@pytest.mark.parametrize("kind", sorted(SMALL))
def test_golden_answers(kind: str) -> None:
    assert digest(kind, SMALL[kind]) == GOLDEN_SMALL[kind]
