"""Match options, presets and their resolution (app.match.rules), and the schema that exposes them."""

from dataclasses import asdict

import pytest

from app.errors import InvalidInput
from app.match.rules import (
    MATCH_OPTIONS,
    OPTIONS,
    Agariyame,
    Enchousen,
    LeftoverRiichi,
    MatchRules,
    TieBreak,
    resolve_match_rules,
)
from app.schemas.rules import MatchRulesIn
from app.scoring.rules import DEFAULT_PRESET, PRESETS, resolve_hand_rules


def test_every_option_has_a_one_sentence_meaning() -> None:
    assert all(o.spec.meaning.endswith(".") and not o.spec.meaning[0].islower() for o in OPTIONS.values())


def test_the_schema_offers_every_option_and_a_preset() -> None:
    assert set(MatchRulesIn.model_fields) == {*MATCH_OPTIONS, "players", "preset"}


def test_the_preset_names_are_the_contracts() -> None:
    assert set(PRESETS) == {"tenhou", "mahjong_soul", "mleague", "wrc", "ema", "tenhou_sanma", "mahjong_soul_sanma"}


def _plain(value: object) -> object:
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return getattr(value, "value", value)


def _values(rules: MatchRules) -> dict[str, object]:
    """Every option's value, as a client would send it."""
    return {name: _plain(getattr(rules.hand if option.scope != "match" else rules, name))
            for name, option in OPTIONS.items()}


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_names_only_real_options_and_sets_them(preset: str) -> None:
    options = PRESETS[preset].options
    assert set(options) <= set(OPTIONS)
    rules = resolve_match_rules(preset, {})
    assert _values(rules) == {**_values(MatchRules()), **options}
    assert rules.hand == resolve_hand_rules(preset, {})


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


def test_one_resolution_gives_the_hand_and_the_match_their_options() -> None:
    rules = resolve_match_rules("tenhou", {"players": 3, "uma": [20, 0, -20], "aka_dora": False, "honba_points": 200})
    assert rules.players == rules.hand.players == 3
    assert rules.hand.aka_dora is False and rules.hand.honba_points == 200 and rules.uma == (20, 0, -20)


def test_options_that_do_not_fit_together_are_reported_together() -> None:
    with pytest.raises(InvalidInput) as caught:
        resolve_match_rules(None, {"players": 3, "honba_points": 301})
    assert [(p.type, p.loc) for p in caught.value.problems] == [
        ("invalid_option", ("rules", "honba_points")),
        ("invalid_option", ("rules", "uma")),
    ]


def test_the_default_preset_sets_nothing() -> None:
    """The fields' defaults are the default preset's values."""
    assert PRESETS[DEFAULT_PRESET].options == {}
