"""Differential test of three-player (sanma) scoring: our core against the `mahjong` package's three-player mode.

The machinery is tests/test_differential.py's (Outcome, ours(), theirs(), judge(), RuleGap, Explained, the
option mapping of handgen.mahjong_options), run over handgen's three-player stream, `generate(...,
players=3)`: four-player themes with the manzu swapped for a suit holding only terminals (a hand needing 2m-8m
in every suit is drawn again), no chi (a sequence stays concealed), nobody North, context.kita 0-4 (as the
North copies allow; a kita's replacement tile may be rinshan), indicators off 2m-8m (the 1m indicator points
at 9m, 9m at 1m), rules players=3 with Tenhou's 200-point honba and tsumo_loss mostly on. About 3% of the
stream ('+illegal') keeps four-player tiles, chi and a North seat, which we must refuse.

Mapping to the library: rules.players 3 -> OptionalRules(is_three_player=True); context.kita ->
HandConfig(num_nuki_dora=kita). The library adds each nuki dora, and the dora a North indicator makes of it,
into its one Dora count (hand.py: `precomputed_dora += dora_count_map[NORTH] * num_nuki_dora +
num_nuki_dora`; ura: `ura_count_map[NORTH] * num_nuki_dora`), so our yaku `kita` (k han) plus our `dora` is
compared with their `Dora`, and our `ura_dora` (which counts the kita too) with their `UraDora`. Their
three-player tsumo is Tenhou's tsumo loss (scores.py: total = main + 1 x additional), their honba 200 each
(100 from each payer on a tsumo), as our tenhou_sanma.

Named differences, on top of the four-player file's (which hold here too):
* RULE:tsumo_loss: the library has no three-player tsumo without tsumo loss (Mahjong Soul's); such a case is
  re-scored by us with tsumo_loss=True, which must then agree exactly.
* THEIRS:three_player_accepts_*: the library's three-player mode scores what a three-player set lacks
  (2m-8m, chi, a North seat), which we refuse (CONTRACT.md "Three-player mahjong").
"""

from __future__ import annotations

import collections
from collections.abc import Callable

import pytest

from app.scoring import HandRules, WinContext
from tests.handgen import GONE_3P, GenCase, _parse_mpsz, case_from_inputs, generate
from tests.test_differential import (
    EXPLAINED,
    RULE_GAPS,
    Explained,
    Outcome,
    RuleGap,
    _hand,
    assert_valid_case,
    census,
    check_chunk,
    check_example,
    check_summary,
    entry_id,
    entry_label,
    ours,
)

SEED = 20261201
CHUNKS = 32
CHUNK_SIZE = 500  # 16,000 three-player hands in all (about 8 s)

TENHOU3 = HandRules(players=3, honba_points=200)  # the tenhou_sanma preset
MS3_LOSSLESS = HandRules(players=3, honba_points=200, tsumo_loss=False)


def _case_tiles(case: GenCase) -> list[int]:
    assert case.hand is not None
    return [t for text in (case.hand.tiles, case.hand.win_tile, *(m.tiles for m in case.hand.melds),
                           *case.ctx.dora_indicators, *case.ctx.ura_dora_indicators) for t, _ in _parse_mpsz(text)]


def _refused(error: str, holds: Callable[[GenCase], bool]) -> Callable[[GenCase, Outcome, Outcome], set[str]]:
    """THEIRS: our refusal `error` of what the case `holds`, against whatever the library made of it."""
    def explains(case: GenCase, o: Outcome, t: Outcome) -> set[str]:
        if o.error == error and case.hand is not None and holds(case):
            return o.diff(t)
        return set()
    return explains


EXPLAINED_3P: tuple[Explained, ...] = (
    *EXPLAINED,
    Explained(
        "three_player_accepts_2m_8m", "THEIRS",
        "OptionalRules(is_three_player=True) changes only the 1m/9m dora wrap, the 200-point ron honba and the "
        "tsumo payers: a hand holding 2m-8m (in tiles, melds or indicators) is scored as in four-player; ours "
        "refuses it (invalid_tile: no 2m-8m in a three-player set).",
        case_from_inputs(_hand("234m567p345s678s99p", "6s"), WinContext(seat_wind="south", riichi=True), TENHOU3),
        _refused("invalid_tile", lambda c: bool(GONE_3P.intersection(_case_tiles(c)))),
    ),
    Explained(
        "three_player_accepts_chi", "THEIRS",
        "The library's three-player mode accepts Meld(CHI) and scores it; ours refuses it (invalid_meld: chi does "
        "not exist with three players).",
        case_from_inputs(_hand("567p345s678s99p", "6s", ("chi", "234p")), WinContext(seat_wind="south"), TENHOU3),
        _refused("invalid_meld", lambda c: any(m.type == "chi" for m in c.hand.melds)),
    ),
    Explained(
        "three_player_accepts_north_seat", "THEIRS",
        "The library's three-player mode takes player_wind NORTH (SeatWindNorth, a non-dealer); ours refuses it "
        "(inconsistent_context: nobody sits North with three players).",
        case_from_inputs(_hand("234p567p345s678s99p", "6s"), WinContext(seat_wind="north", riichi=True), TENHOU3),
        _refused("inconsistent_context", lambda c: c.ctx.seat_wind == "north"),
    ),
)

RULE_GAPS_3P: tuple[RuleGap, ...] = (
    *RULE_GAPS,
    RuleGap(
        "tsumo_loss", (False,), True,
        "The library's three-player tsumo is always Tenhou's tsumo loss (total = main + 1 x additional: the absent "
        "North's share is lost); our tsumo_loss=False (Mahjong Soul) has each payer add half of it, rounded up to 100.",
        # riichi tsumo pinfu, 3 han 20 fu: 1300 + 700 with tsumo loss; 1300+400 and 700+400 without
        case_from_inputs(_hand("234p567p345s678s99p", "6s"), WinContext(win="tsumo", seat_wind="south", riichi=True),
                         MS3_LOSSLESS),
    ),
)
NEW_ENTRIES = [*RULE_GAPS_3P[len(RULE_GAPS):], *EXPLAINED_3P[len(EXPLAINED):]]

TALLY: collections.Counter[str] = collections.Counter()


@pytest.mark.parametrize("chunk", range(CHUNKS), ids=lambda c: f"seed{SEED}-sanma-chunk{c:02d}")
def test_differential_sanma_chunk(chunk: int) -> None:
    check_chunk(generate(SEED, CHUNK_SIZE, start=chunk * CHUNK_SIZE, players=3), TALLY, RULE_GAPS_3P, EXPLAINED_3P)


@pytest.mark.parametrize("entry", NEW_ENTRIES, ids=entry_id)
def test_sanma_allow_list_examples(entry: RuleGap | Explained) -> None:
    """Each three-player entry's example still disagrees, and exactly for the stated reason."""
    check_example(entry, RULE_GAPS_3P, EXPLAINED_3P)


def test_kita_is_compared_as_their_nuki_dora() -> None:
    """The mapping itself: two kita and a West (3z) indicator and ura indicator are 4 Dora and 2 UraDora for them."""
    from tests.test_differential import theirs

    case = case_from_inputs(_hand("234p567p345s678s99p", "6s"),
                            WinContext(seat_wind="south", riichi=True, kita=2, dora_indicators=("3z",),
                                       ura_dora_indicators=("3z",)), TENHOU3)
    o, t = ours(case), theirs(case)
    assert dict(o.yaku) == {"riichi": 1, "pinfu": 1, "dora": 4, "ura_dora": 2} == dict(t.yaku)
    assert o == t and o.total == 16000


def test_three_player_cases_are_valid() -> None:
    """handgen's invariants, and a three-player table: no 2m-8m, chi or North seat outside '+illegal'."""
    for case in generate(SEED, 3000, players=3):
        assert_valid_case(case)
        assert case.rules.players == 3 and case.rules.honba_points == 200, case.describe()
        assert 0 <= case.ctx.kita <= 4
        if case.hand is None or "+illegal" in case.theme:
            continue
        assert not GONE_3P.intersection(_case_tiles(case)), case.describe()
        assert all(m.type != "chi" for m in case.hand.melds), case.describe()
        assert case.ctx.seat_wind != "north", case.describe()


def test_three_player_stream_covers_the_features() -> None:
    """The stream the chunks test is varied: a census over its first 4,000 hands."""
    seen: collections.Counter[str] = collections.Counter()
    for case in generate(SEED, 4000, players=3):
        ctx = case.ctx
        seen[f"kita:{ctx.kita}"] += 1
        seen["tsumo_loss_off"] += not case.rules.tsumo_loss
        if case.hand is None:
            seen["nagashi"] += 1
            continue
        if "+illegal" in case.theme:
            o = ours(case)
            seen[f"refused:{o.error}"] += 1
            continue
        o = census(case, seen)
        seen["rinshan_on_kita"] += ctx.rinshan and not any(m.type in ("kan", "shouminkan", "ankan") for m in case.hand.melds)
        indicators = [t for s in ctx.dora_indicators for t, _ in _parse_mpsz(s)]
        ura = [t for s in ctx.ura_dora_indicators for t, _ in _parse_mpsz(s)]
        seen["wrap_1m_to_9m"] += 0 in indicators
        seen["wrap_9m_to_1m"] += 8 in indicators
        seen["kita_dora"] += ctx.kita > 0 and 29 in indicators  # a West indicator: each kita is a dora
        seen["kita_ura"] += ctx.kita > 0 and 29 in ura and (ctx.riichi or ctx.double_riichi)
        seen["kita_with_yaku"] += ctx.kita > 0 and not o.error and not o.yakuman
        seen["kita_beside_yakuman"] += ctx.kita > 0 and bool(o.yakuman)  # the kita do not count there
    expected = [
        *(f"kita:{k}" for k in range(5)), "tsumo_loss_off", "nagashi", "refused:invalid_tile", "refused:invalid_meld",
        "refused:inconsistent_context", "meld:pon", "meld:kan", "meld:shouminkan", "meld:ankan", "open", "closed",
        "tsumo", "ron", "dealer", *(f"flag:{f}" for f in ("riichi", "double_riichi", "ippatsu", "haitei", "houtei",
                                                          "chankan", "tenhou", "chiihou")),
        "rinshan_on_kita", "dora", "ura", "wrap_1m_to_9m", "wrap_9m_to_1m", "kita_dora", "kita_ura", "red_five", "honba",
        "error:no_yaku", "error:not_a_winning_hand", "kita_with_yaku",
        "kita_beside_yakuman",
        *(f"yaku:{y}" for y in (
            "riichi", "double_riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao", "iipeikou", "rinshan",
            "yakuhai_haku", "yakuhai_seat_wind", "yakuhai_round_wind", "chiitoitsu", "chanta", "ittsu",
            "sanshoku_doukou", "toitoi", "sanankou", "sankantsu", "shousangen", "honroutou", "honitsu", "junchan",
            "ryanpeikou", "chinitsu", "dora", "aka_dora", "ura_dora")),
        *(f"yakuman:{y}" for y in (
            "kokushi_musou", "kokushi_musou_13", "suuankou", "suuankou_tanki", "daisangen", "shousuushii",
            "daisuushii", "tsuuiisou", "chinroutou", "ryuuiisou", "chuuren_poutou", "suukantsu")),
    ]
    missing = [k for k in expected if not seen[k]]
    assert not missing, f"the three-player generator never produced: {missing}\n{dict(sorted(seen.items()))}"


def test_sanma_stream_summary() -> None:
    """After all chunks: the stream mixed scored hands, both errors and every named difference (pytest -s)."""
    check_summary(TALLY, CHUNKS * CHUNK_SIZE, "sanma differential tally")
    for entry in NEW_ENTRIES:
        assert TALLY[entry_label(entry)] > 0, f"{entry_label(entry)} never met in the stream"
