"""The context flags are one table (app/scoring/context_flags.py): every place that lists them is read from it or
checked against it here, so a flag added in one place only fails a test, and every row's needs, rules-out and yaku
hold in real scorings."""

import dataclasses
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.match.rules import OPTIONS
from app.records.replay import WinHand
from app.schemas.hand import ContextModel
from app.scoring import HandInput, MeldInput, WinContext, resolve_hand_rules, score_hand
from app.scoring.annotations import field_types
from app.scoring.context_flags import (
    CONTEXT_FLAGS,
    FLAG_NAMES,
    FLAGS,
    REPLAYED,
    TERMS,
    ContextFlag,
    excludes,
    label_of,
    needed,
)
from app.scoring.facts import Situation, situation
from app.scoring.validate import CONTEXT_CHECKS, hand_problems
from app.scoring.vocabulary import LANGUAGES
from app.scoring.yaku import SITUATION_YAKU, YAKU_TABLES, YAKUMAN_TABLES

PLAIN = HandInput("234567p456789s33z", "4s")  # pinfu on a ron; no 2m-8m, so three players may hold it too
WITH_ANKAN = HandInput("567p456789s33z", "4s", (MeldInput("ankan", "1111z"),))
WITH_PON = HandInput("567p456789s33z", "4s", (MeldInput("pon", "999m"),))

# What makes each term of the table hold, and what breaks it; a flag's own name holds when it is set.
HOLDS: dict[str, dict[str, Any]] = {
    "tsumo": {"win": "tsumo"}, "ron": {"win": "ron"}, "dealer": {"seat_wind": "east"},
    "non_dealer": {"seat_wind": "south"}, "closed_hand": {}, "kan": {"hand": WITH_ANKAN}, "no_calls": {},
    "kita": {"kita": 1, "players": 3}, "fourth_copy": {},
}
BREAKS: dict[str, dict[str, Any]] = {
    "tsumo": {"win": "ron"}, "ron": {"win": "tsumo"}, "dealer": {"seat_wind": "south"},
    "non_dealer": {"seat_wind": "east"}, "closed_hand": {"hand": WITH_PON}, "kan": {"hand": PLAIN},
    "no_calls": {"hand": WITH_ANKAN}, "fourth_copy": {"dora_indicators": ("4s",)},
}


def _holds(term: str) -> dict[str, Any]:
    return {term: True} if term in FLAGS else HOLDS[term]


def _breaks(term: str) -> dict[str, Any]:
    return {term: False} if term in FLAGS else BREAKS[term]


def _with(flag: ContextFlag, *changes: dict[str, Any]) -> tuple[HandInput, WinContext, Any]:
    """The hand, context and rules where every need of `flag` holds and the flag is set, then `changes`."""
    setting: dict[str, Any] = {"hand": PLAIN}
    for term in needed(flag):
        setting.update(_holds(term))
    setting[flag.name] = True
    for change in changes:
        setting.update(change)
    hand, players = setting.pop("hand"), setting.pop("players", 4)
    options: dict[str, object] = {"players": players}
    if flag.option:
        choices = OPTIONS[flag.option].spec.choices
        options[flag.option] = next((c for c in choices if c not in (False, "none")), True)
    return hand, WinContext(**setting), resolve_hand_rules(None, options)


def _ids(hand: HandInput, ctx: WinContext, rules: Any) -> set[str]:
    result = score_hand(hand, ctx, rules)
    return {y.id for y in result.yaku} | {y.id for y in result.yakuman}


def test_win_context_has_a_field_per_flag_in_table_order() -> None:
    booleans = [name for name, kind in field_types(WinContext).items() if kind is bool]
    assert booleans == list(FLAG_NAMES)


def test_the_request_model_has_a_field_per_flag_with_its_meaning() -> None:
    fields = ContextModel.model_fields
    booleans = [name for name, field in fields.items() if field.default is False]
    assert booleans == list(FLAG_NAMES)
    assert [fields[flag.name].description for flag in CONTEXT_FLAGS] == [flag.meaning for flag in CONTEXT_FLAGS]


def test_every_term_has_a_meaning_and_every_need_names_a_term_or_a_flag() -> None:
    for flag in CONTEXT_FLAGS:
        for need in (*flag.needs, *flag.rules_out):
            assert need.term in TERMS or need.term in FLAGS, (flag.name, need.term)
        assert all(implied in FLAGS for implied in flag.implies)
    assert set(HOLDS) == set(TERMS) - set(FLAGS) and set(BREAKS) <= set(TERMS)


def test_every_need_and_rule_out_is_a_check_of_the_validation() -> None:
    checked = {(check.field, check.msg) for check in CONTEXT_CHECKS}
    for flag in CONTEXT_FLAGS:
        for need in (*flag.needs, *flag.rules_out):
            assert (need.field, need.msg) in checked, need


@pytest.mark.parametrize("flag", CONTEXT_FLAGS, ids=lambda f: f.name)
def test_a_flag_with_its_needs_is_valid_and_feeds_its_yaku(flag: ContextFlag) -> None:
    """Set with what it needs, the flag adds exactly its yaku (or yakuman) to the same hand without it."""
    hand, ctx, rules = _with(flag)
    assert hand_problems(hand, ctx, rules) == []
    added = _ids(hand, ctx, rules) - _ids(hand, dataclasses.replace(ctx, **{flag.name: False}), rules)
    assert added and added <= set(flag.yaku), added


def _problems_with(flag: ContextFlag, change: dict[str, Any]) -> list[tuple[tuple[str | int, ...], str]]:
    hand, ctx, rules = _with(flag, change)
    return [(p.loc, p.msg) for p in hand_problems(hand, ctx, rules)]


@pytest.mark.parametrize("flag", [f for f in CONTEXT_FLAGS if f.needs or f.rules_out], ids=lambda f: f.name)
def test_a_need_broken_or_a_rule_out_met_is_refused_on_its_field(flag: ContextFlag) -> None:
    for need, change in [*((n, _breaks(n.term)) for n in flag.needs), *((n, _holds(n.term)) for n in flag.rules_out)]:
        found = _problems_with(flag, change)
        assert (("context", need.field), need.msg) in found, (need, found)


def test_double_riichi_is_a_riichi_for_what_riichi_needs_and_ippatsu() -> None:
    double = FLAGS["double_riichi"]
    assert "riichi" in double.implies and needed(double) == needed(FLAGS["riichi"])
    hand, ctx, rules = _with(FLAGS["ippatsu"], {"riichi": False, "double_riichi": True})
    assert hand_problems(hand, ctx, rules) == []
    assert _ids(hand, ctx, rules) >= {"double_riichi", "ippatsu"}


def test_rules_lists_the_flags_from_the_table(client: TestClient) -> None:
    answer = client.get("/rules", params={"lang": "ja"}).json()["context_flags"]
    assert [entry["name"] for entry in answer] == list(FLAG_NAMES)
    by_name = {entry["name"]: entry for entry in answer}
    assert by_name["ippatsu"]["needs"] == ["riichi"]
    assert by_name["haitei"]["needs"] == ["tsumo"] and by_name["houtei"]["needs"] == ["ron"]
    assert by_name["rinshan"]["needs"] == ["kan", "tsumo"] and by_name["chankan"]["needs"] == ["ron", "fourth_copy"]
    assert by_name["tenhou"]["needs"] == ["dealer", "tsumo", "no_calls"]
    assert by_name["double_riichi"]["implies"] == ["riichi"]
    assert by_name["riichi"]["excludes"] == ["tenhou", "chiihou", "renhou"]
    assert by_name["riichi"]["label"] == "立直" and by_name["haitei"]["labels"]["ko"] == "해저로월"
    for flag in CONTEXT_FLAGS:
        entry = by_name[flag.name]
        assert entry["labels"] == {language: label_of(flag).of(language) for language in LANGUAGES}
        assert entry["excludes"] == list(excludes(flag)) and entry["yaku"] == list(flag.yaku)
        assert entry["meaning"] == flag.meaning and entry["option"] == flag.option


def test_every_flag_feeds_a_yaku_of_the_tables() -> None:
    ids = {row.id for table in (*YAKU_TABLES, *YAKUMAN_TABLES) for row in table}
    for flag in CONTEXT_FLAGS:
        assert set(flag.yaku) <= ids, flag.name


def test_the_replay_finds_exactly_the_flags_the_table_says_records_show() -> None:
    """A record's win hands the settlement each flag it takes as sent and the records show (in_records) from the
    WinHand field of the same name (records/adapter.py); a flag field of WinHand the table does not mark is refused
    too, so the replay neither misses a flag nor finds one the table says no record writes."""
    flag_fields = {f.name for f in dataclasses.fields(WinHand)} & set(FLAGS)
    assert flag_fields == {flag.name for flag in CONTEXT_FLAGS if flag.in_records}
    assert {flag.name for flag in REPLAYED} == flag_fields - {"riichi"}  # riichi: from the scoreboard's hand.riichi


def test_the_situation_facts_carry_every_flag_a_situation_yaku_reads() -> None:
    """Situation (facts.py) is the memo key of the situation yaku: a flag that feeds one is a field of it, in the
    table's order, filled from the WinContext field of its name."""
    situation_ids = {row.id for row in SITUATION_YAKU}
    fed = [flag.name for flag in CONTEXT_FLAGS if set(flag.yaku) & situation_ids]
    assert [name for name in Situation._fields if name in FLAGS] == fed
    for name in fed:
        flag: dict[str, Any] = {name: True}
        facts = Situation._make(situation(WinContext(**flag), True))
        assert [field for field in Situation._fields if getattr(facts, field) is True] == ["closed", name]
