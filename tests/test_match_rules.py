"""Match options, presets and their resolution (app.match.rules), and the schema that exposes them."""

from dataclasses import asdict, fields
from typing import get_args

import pytest

from app.errors import InvalidInput
from app.match.rules import (
    MATCH_OPTION_DOCS,
    MATCH_OPTION_NAMES,
    MATCH_PRESETS,
    Agariyame,
    Enchousen,
    LeftoverRiichi,
    MatchRules,
    TieBreak,
    resolve_match_rules,
)
from app.schemas.match import MatchRulesIn
from app.scoring.vocabulary import DEFAULT_PRESET, PresetName


def test_every_option_has_a_one_sentence_doc() -> None:
    assert set(MATCH_OPTION_DOCS) == {f.name for f in fields(MatchRules)}
    assert all(doc.endswith(".") and doc[0].isupper() for doc in MATCH_OPTION_DOCS.values())


def test_the_schema_offers_every_option_and_a_preset() -> None:
    assert set(MatchRulesIn.model_fields) == {*MATCH_OPTION_NAMES, "preset"}


def test_the_preset_names_are_the_contracts() -> None:
    assert set(MATCH_PRESETS) == set(get_args(PresetName)) == {
        "tenhou", "mahjong_soul", "mleague", "wrc", "ema", "tenhou_sanma", "mahjong_soul_sanma"}


@pytest.mark.parametrize("preset", MATCH_PRESETS)
def test_every_preset_names_only_real_options(preset: str) -> None:
    assert set(MATCH_PRESETS[preset]) <= set(MATCH_OPTION_NAMES)
    assert asdict(resolve_match_rules(preset, {})) == {**asdict(MatchRules()), **MATCH_PRESETS[preset]}


@pytest.mark.parametrize("preset,expected", [
    ("tenhou", {"goal_score": 30000, "enchousen": "one_wind_round", "tobi": True, "agariyame": "top_must_end",
                "tie_break": "seat_order", "start_points": 25000, "return_points": 30000, "uma": (20, 10, -10, -20)}),
    ("mahjong_soul", {"goal_score": 30000, "return_points": 25000, "uma": (15, 5, -5, -15)}),
    ("mleague", {"goal_score": None, "enchousen": "none", "tobi": False, "agariyame": "forced_renchan",
                 "tie_break": "shared", "return_points": 30000, "uma": (30, 10, -10, -30)}),
    ("wrc", {"goal_score": None, "tobi": False, "start_points": 30000, "return_points": 30000, "uma": (15, 5, -5, -15)}),
    ("ema", {"goal_score": None, "tobi": False, "tenpaiyame": False, "start_points": 30000, "uma": (15, 5, -5, -15)}),
])
def test_preset_values(preset: str, expected: dict) -> None:
    rules = asdict(resolve_match_rules(preset, {}))
    assert {k: rules[k] for k in expected} == expected


def test_defaults_are_the_default_preset() -> None:
    assert DEFAULT_PRESET == "tenhou"
    assert MatchRules() == resolve_match_rules(None, {}) == resolve_match_rules("tenhou", {})


def test_tenhou_as_the_issue_describes_it() -> None:
    """30,000 goal, one wind round of sudden death with renchan priority, tobi below 0, automatic
    agariyame and tenpaiyame, ties by seat order, leftover sticks to first."""
    rules = resolve_match_rules("tenhou", {})
    assert rules.goal_score == 30000
    assert rules.enchousen is Enchousen.ONE_WIND_ROUND
    assert rules.enchousen_renchan_priority and rules.enchousen_draw_can_end
    assert rules.tobi and not rules.tobi_at_zero
    assert rules.agariyame is Agariyame.TOP_MUST_END and rules.tenpaiyame
    assert rules.tie_break is TieBreak.SEAT_ORDER
    assert rules.leftover_riichi is LeftoverRiichi.TO_FIRST


@pytest.mark.parametrize("preset", ["wrc", "ema", "mleague"])
def test_tournament_presets_have_no_goal_no_enchousen_no_agariyame(preset: str) -> None:
    rules = resolve_match_rules(preset, {})
    assert rules.goal_score is None
    assert rules.enchousen is Enchousen.NONE
    assert rules.agariyame is Agariyame.FORCED_RENCHAN and not rules.tenpaiyame
    assert not rules.tobi


def test_overrides_lie_over_the_preset_and_strings_become_enums() -> None:
    rules = resolve_match_rules("wrc", {"enchousen": "unlimited", "goal_score": 35000, "uma": [30, 10, -10, -30]})
    assert rules.enchousen is Enchousen.UNLIMITED
    assert rules.goal_score == 35000
    assert rules.uma == (30, 10, -10, -30)
    assert rules.start_points == 30000  # untouched


def test_an_unknown_preset_is_named_in_the_error() -> None:
    with pytest.raises(InvalidInput) as caught:
        resolve_match_rules("house", {})
    (problem,) = caught.value.problems
    assert (problem.type, problem.loc) == ("unknown_preset", ("rules", "preset"))
    assert "'house'" in problem.msg and "tenhou" in problem.msg


def test_unknown_options_are_each_reported() -> None:
    with pytest.raises(InvalidInput) as caught:
        resolve_match_rules(None, {"kuitan": True, "bust": False})
    assert [(p.type, p.loc) for p in caught.value.problems] == [
        ("unknown_option", ("rules", "kuitan")),
        ("unknown_option", ("rules", "bust")),
    ]


def test_a_bad_enum_value_lists_the_allowed_ones() -> None:
    with pytest.raises(InvalidInput) as caught:
        resolve_match_rules(None, {"tie_break": "coin_toss"})
    (problem,) = caught.value.problems
    assert problem.type == "invalid_option"
    assert "seat_order, shared" in problem.msg
