"""The facts the yaku tables read are shared values, not a disguised cache of whole hands.

evaluate judges each yaku table once per distinct Situation, HandFacts or ShapeFacts (a bounded Memo).
That is fair only while the facts say what the yaku ask and no more: hands that differ in ways no yaku
sees must have equal facts. These tests pin that down on hand-picked pairs, and on generated hands bound
how many distinct facts there are: a field that identified the hand (a tile, a wind, a bit pattern) would
make them as many as the hands.
"""

from typing import get_args

import pytest

from app.errors import InvalidInput
from app.scoring import HandInput, HandRules, MeldInput, WinContext, score_hand
from app.scoring.annotations import field_types
from app.scoring.decompose import readings
from app.scoring.facts import (
    DoraFacts,
    DoraValues,
    HandFacts,
    HandValues,
    ShapeFacts,
    ShapeValues,
    Situation,
    SituationValues,
    dora_facts,
    hand_facts,
    shape_facts,
    situation,
    value_honors,
)
from app.scoring.judge import FACTS_CACHE_LIMIT, JUDGES
from app.scoring.memo import Memo
from app.scoring.settlement import WinToPay, win_to_pay
from app.scoring.validate import parse_hand
from tests.handgen import generate

RULES = HandRules()


def facts_of(tiles: str, win_tile: str, melds: tuple[MeldInput, ...] = (), **ctx: object):
    context = WinContext(**ctx)  # type: ignore[arg-type]
    hand = parse_hand(HandInput(tiles, win_tile, melds), context, RULES)
    h = HandFacts._make(hand_facts(hand, context))
    shapes = [ShapeFacts._make(shape_facts(h, hand, r, value_honors(context))) for r in readings(hand, context.win == "ron")]
    return h, shapes


def test_hands_differing_in_tiles_no_yaku_sees_share_their_facts() -> None:
    a = facts_of("234m567p345s67888s", "8s", riichi=True)
    b = facts_of("345m678p234s56777s", "7s", riichi=True)
    assert a == b


def test_seat_and_round_winds_matter_only_through_what_they_make_worth_something() -> None:
    plain = facts_of("234m567p345s678s55p", "5p", seat_wind="south", round_wind="east")
    other_seat = facts_of("234m567p345s678s55p", "5p", seat_wind="west", round_wind="south")
    assert plain == other_seat
    own_wind = facts_of("234m567p345s55p222z", "2z", seat_wind="south")
    other_wind = facts_of("234m567p345s55p222z", "2z", seat_wind="west")
    assert own_wind[0].seat_wind_triplet and not other_wind[0].seat_wind_triplet


def test_a_pair_worth_fu_is_a_shape_fact() -> None:
    _, dragon_pair = facts_of("234m567p345s678s77z", "6s")
    _, plain_pair = facts_of("234m567p345s678s55p", "6s")
    assert dragon_pair[0].value_pair and not plain_pair[0].value_pair


@pytest.mark.parametrize("table", ["situation", "hand", "shape", "dora", "settled"])
def test_the_judged_tables_are_bounded_memos(table: str) -> None:
    judged = getattr(JUDGES[RULES], table)
    assert isinstance(judged, Memo) and judged.limit == FACTS_CACHE_LIMIT


def test_a_memo_works_a_value_out_once_and_starts_over_past_its_limit() -> None:
    made: list[int] = []
    memo = Memo(lambda key: made.append(key) or key * 10, limit=2, name="test_bound")
    assert (memo[1], memo[1], memo[2]) == (10, 10, 20)
    assert made == [1, 2]
    assert memo[3] == 30 and dict(memo) == {3: 30}  # full at 2 keys: started over
    assert memo[1] == 10 and made == [1, 2, 3, 1]


def test_generated_hands_share_their_facts() -> None:
    hands, situations, hand_facts_seen, shapes_seen = 0, set(), set(), set()
    for case in generate(7, 3000):
        if case.hand is None or case.ctx.nagashi_mangan:
            continue
        try:
            score_hand(case.hand, case.ctx, case.rules)
        except InvalidInput:
            continue
        hand = parse_hand(case.hand, case.ctx, case.rules)
        h = HandFacts._make(hand_facts(hand, case.ctx))
        hands += 1
        situations.add(situation(case.ctx, h.closed))
        hand_facts_seen.add(h)
        shapes_seen.update(shape_facts(h, hand, r, value_honors(case.ctx)) for r in readings(hand, case.ctx.win == "ron"))
    assert hands > 2000
    # Measured at the time of writing on this stream: about 30 situations, 40 % as many hand facts as hands
    # and 20 % as many shapes (the generator varies themes, winds, flags and presets on purpose).
    assert len(situations) < 100
    assert len(hand_facts_seen) < 0.5 * hands
    assert len(shapes_seen) < 0.3 * hands


def test_every_hand_fact_is_set_by_name() -> None:
    """The facts are built positionally for speed: each field is pinned here by name on hands that set it, so a
    value moved to another field fails loudly."""
    h, (s,) = facts_of("11122233m345p789s", "3m", riichi=True)
    assert h._asdict() == {
        "tenhou": False, "chiihou": False, "renhou": False, "closed": True, "suit_count": 3, "has_honor": False,
        "all_honor": False, "all_terminal_or_honor": False, "all_simple": False, "all_green": False,
        "dragon_triplets": frozenset(), "wind_triplets": 0, "seat_wind_triplet": False, "round_wind_triplet": False,
        "dragon_pair": False, "wind_pair": False, "kans": 0, "chuuren": 0}
    assert s._asdict() == {
        "shape": "standard", "wait": "tanki", "closed": True, "has_honor": False, "sequences": 2, "triplets": 2,
        "concealed_triplets": 2, "value_pair": False, "three_colour_sequences": False, "three_colour_triplets": False,
        "straight": False, "outer": False, "peikou": 0}
    honors, _ = facts_of("789m22z", "2z", (MeldInput("pon", "555z"), MeldInput("kan", "1111z"), MeldInput("pon", "666z")),
                         seat_wind="south", round_wind="east")
    assert honors._asdict() | {"dragon_triplets": None} == {
        "tenhou": False, "chiihou": False, "renhou": False, "closed": False, "suit_count": 1, "has_honor": True,
        "all_honor": False, "all_terminal_or_honor": False, "all_simple": False, "all_green": False,
        "dragon_triplets": None, "wind_triplets": 1, "seat_wind_triplet": False, "round_wind_triplet": True,
        "dragon_pair": False, "wind_pair": True, "kans": 1, "chuuren": 0}
    assert honors.dragon_triplets == frozenset({31, 32})
    first_turn, _ = facts_of("11123455678999m", "1m", win="tsumo", chiihou=True, seat_wind="west")
    assert (first_turn.chiihou, first_turn.tenhou, first_turn.chuuren, first_turn.all_green) == (True, False, 1, False)


def test_every_shape_fact_is_set_by_name() -> None:
    _, (s,) = facts_of("123456789m123p77z", "5m", seat_wind="south", round_wind="east")
    assert (s.straight, s.value_pair, s.outer, s.three_colour_sequences, s.sequences, s.triplets) == (
        True, True, False, False, 4, 0)
    _, shapes = facts_of("123m123p123s99m", "9m", (MeldInput("pon", "777z"),))
    assert [(x.three_colour_sequences, x.outer, x.peikou, x.closed) for x in shapes] == [(True, True, 0, False)]
    _, (t,) = facts_of("111m111p111s22z", "2z", (MeldInput("pon", "999s"),))
    assert (t.three_colour_triplets, t.triplets, t.concealed_triplets, t.has_honor, t.wait) == (True, 4, 3, True, "tanki")
    _, shapes = facts_of("112233m445566p99s", "9s", riichi=True)
    assert sorted((x.shape, x.peikou, x.sequences) for x in shapes) == [("chiitoitsu", 0, 0), ("standard", 2, 4)]


def test_every_facts_builder_fills_exactly_its_fields() -> None:
    """The facts are built as plain tuples of their values (and WinToPay with tuple.__new__) for the compiled
    build's sake (facts.py): nothing then checks their length or their types, so this does."""
    context = WinContext(riichi=True, dora_indicators=("1m",), ura_dora_indicators=("2p",))
    for named, values in ((Situation, SituationValues), (HandFacts, HandValues), (ShapeFacts, ShapeValues),
                          (DoraFacts, DoraValues)):
        assert get_args(values) == tuple(field_types(named).values()), named.__name__
    for tiles, win_tile in (("11122233m345p789s", "3m"), ("112233m445566p99s", "9s")):
        hand = parse_hand(HandInput(tiles, win_tile), context, RULES)
        h = HandFacts._make(hand_facts(hand, context))
        built = [(HandFacts, hand_facts(hand, context)), (Situation, situation(context, True)),
                 (DoraFacts, dora_facts(hand, context, 4)),
                 (WinToPay, win_to_pay(base=2000, pao_base=0, winner="east", tsumo=False, discarder="south", liable=None,
                                       honba=0, riichi_sticks=0))]
        built += [(ShapeFacts, shape_facts(h, hand, r, value_honors(context))) for r in readings(hand, False)]
        for named, facts in built:
            assert len(facts) == len(named._fields), named.__name__
