"""Chankan robs the fourth copy of a tile (three are in the kan being added to): a winner who holds another copy,
or an indicator that shows one, makes the context impossible."""

import pytest

from tests.helpers import error_types, score, yaku_ids

CHANKAN = {"win": "ron", "chankan": True}


def test_the_issue_example_holding_two_copies_is_refused() -> None:
    assert error_types("234m567p22s678s456m", "2s", **CHANKAN) == ["inconsistent_context"]


@pytest.mark.parametrize("context", [{"dora_indicators": ["8s"]}, {"riichi": True, "dora_indicators": ["1m"],
                                                                    "ura_dora_indicators": ["8s"]}])
def test_an_indicator_showing_the_robbed_tile_is_refused(context: dict) -> None:
    assert error_types("234m567p22s678s456m", "8s", **CHANKAN, **context) == ["inconsistent_context"]


def test_a_robbed_single_copy_scores_chankan() -> None:
    result = score("234m567p22s678s456m", "8s", **CHANKAN)
    assert yaku_ids(result) == {"chankan": 1, "tanyao": 1, "pinfu": 1} and result.points.ron == 3900
