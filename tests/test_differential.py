"""Differential test: our scoring core against the `mahjong` package (MahjongRepository, v2.1.0, test-only).

For every generated hand (tests/handgen.py) both scorers run under matching options, and these must agree:
the error (`no_yaku` <-> "no_yaku", `not_a_winning_hand` <-> "hand_not_winning"), han, fu (hands without a
yakuman), every yaku with its han (dora, aka dora and ura dora included), every yakuman with its multiplier,
the limit, the standard payments (ron / dealer's / non-dealer's share), the honba bonus, the riichi-stick
bonus and the total.

Option mapping (ours -> mahjong.hand_calculating.hand_config.OptionalRules), see handgen.mahjong_options:
    open_tanyao -> has_open_tanyao; aka_dora -> has_aka_dora; double_yakuman -> has_double_yakuman;
    kazoe_yakuman -> kazoe_limit KAZOE_LIMITED (else KAZOE_SANBAIMAN); kiriage_mangan -> kiriage;
    renhou "yakuman" -> renhou_as_yakuman, "mangan" -> their 5-han renhou yaku, "none" -> is_renhou=False;
    players 3 -> is_three_player (and context.kita -> HandConfig.num_nuki_dora: tests/test_differential_sanma.py);
    fixed: fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False, no daisharin / daichisei / sashikomi /
    paarenchan / open riichi.
Tiles: their 136-format (tile_34 * 4 + copy), copy 0 of each five being the red one (constants.AKA_DORAS,
as string_to_136_array(..., has_aka_dora=True) lays out '0'); `tiles` holds the concealed tiles and every
meld's tiles; an ankan is Meld(KAN, opened=False), an open kan Meld(KAN), an added kan Meld(SHOUMINKAN).

Every disagreement must be explained by the allow-list below, which is small and named:
* RULE_GAPS: our options the library does not have. A case using one is re-scored by us with the option
  set to the library's fixed behaviour; that counterfactual must then agree with the library exactly.
* EXPLAINED: predicates for known, intentional differences: `VARIANT` (a rule variant we chose on purpose),
  `THEIRS` (a bug or quirk of the library) and `KNOWN_OURS` (a bug of ours, with its
  minimal repro, to be removed once fixed). Each has its reason and a minimal example, and
  test_allow_list_examples checks that every example still shows the difference it explains, so a fixed
  entry fails loudly until it is removed.
Any other disagreement fails the test, printing the hand in full.
"""

from __future__ import annotations

import collections
import importlib.metadata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields, replace

import pytest
from mahjong.hand_calculating.hand import HandCalculator

from app.errors import InvalidInput
from app.scoring import HandInput, HandRules, MeldInput, WinContext, score_hand
from tests.handgen import NORTH, GenCase, _parse_mpsz, case_from_inputs, generate, to_mahjong

MAHJONG_VERSION = "2.1.0"  # the allow-list below was checked against this version

SEED = 20240611
CHUNKS = 80
CHUNK_SIZE = 500  # 40,000 hands in all (about 20 s)

# ---------------------------------------------------------------------------------------------------
# Normalised outcome of either scorer

# Their yaku classes -> our yaku ids.
THEIR_YAKU = {
    "Tsumo": "menzen_tsumo", "Riichi": "riichi", "DaburuRiichi": "double_riichi", "Ippatsu": "ippatsu",
    "Chankan": "chankan", "Rinshan": "rinshan", "Haitei": "haitei", "Houtei": "houtei", "Pinfu": "pinfu",
    "Tanyao": "tanyao", "Iipeiko": "iipeikou", "Haku": "yakuhai_haku", "Hatsu": "yakuhai_hatsu",
    "Chun": "yakuhai_chun",
    "SeatWindEast": "yakuhai_seat_wind", "SeatWindSouth": "yakuhai_seat_wind",
    "SeatWindWest": "yakuhai_seat_wind", "SeatWindNorth": "yakuhai_seat_wind",
    "RoundWindEast": "yakuhai_round_wind", "RoundWindSouth": "yakuhai_round_wind",
    "RoundWindWest": "yakuhai_round_wind", "RoundWindNorth": "yakuhai_round_wind",
    "Chiitoitsu": "chiitoitsu", "Chantai": "chanta", "Ittsu": "ittsu", "Sanshoku": "sanshoku_doujun",
    "SanshokuDoukou": "sanshoku_doukou", "Toitoi": "toitoi", "Sanankou": "sanankou", "SanKantsu": "sankantsu",
    "Shosangen": "shousangen", "Honroto": "honroutou", "Honitsu": "honitsu", "Junchan": "junchan",
    "Ryanpeikou": "ryanpeikou", "Chinitsu": "chinitsu", "Renhou": "renhou", "NagashiMangan": "nagashi_mangan",
    "Dora": "dora", "AkaDora": "aka_dora", "UraDora": "ura_dora",
}
# Their yakuman classes -> our yakuman ids (their han / 13 is the multiplier).
THEIR_YAKUMAN = {
    "KokushiMusou": "kokushi_musou", "DaburuKokushiMusou": "kokushi_musou_13", "Suuankou": "suuankou",
    "SuuankouTanki": "suuankou_tanki", "Daisangen": "daisangen", "Shousuushii": "shousuushii",
    "DaiSuushii": "daisuushii", "Tsuuiisou": "tsuuiisou", "Chinroutou": "chinroutou", "Ryuuiisou": "ryuuiisou",
    "ChuurenPoutou": "chuuren_poutou", "DaburuChuurenPoutou": "junsei_chuuren_poutou",
    "Suukantsu": "suukantsu", "Tenhou": "tenhou", "Chiihou": "chiihou", "RenhouYakuman": "renhou",
}
# Their cost["yaku_level"] -> our limit (their labels have quirks: see the THEIRS entries of EXPLAINED).
THEIR_LEVEL = {
    "": "none", "mangan": "mangan", "kiriage mangan": "mangan", "haneman": "haneman", "baiman": "baiman",
    "sanbaiman": "sanbaiman", "kazoe sanbaiman": "sanbaiman", "kazoe yakuman": "kazoe_yakuman",
    "yakuman": "yakuman", "2x yakuman": "double_yakuman", "3x yakuman": "triple_yakuman",
    "4x yakuman": "quadruple_yakuman", "5x yakuman": "quintuple_yakuman", "6x yakuman": "sextuple_yakuman",
    "nagashi mangan": "mangan",
}
THEIR_ERRORS = {"no_yaku": "no_yaku", "hand_not_winning": "not_a_winning_hand"}


@dataclass(frozen=True)
class Outcome:
    error: str | None = None
    han: int | None = None
    fu: int | None = None  # None for yakuman hands and nagashi mangan (fu means nothing there)
    yaku: tuple[tuple[str, int], ...] = ()
    yakuman: tuple[tuple[str, int], ...] = ()
    limit: str | None = None
    payments: tuple[int | None, int | None, int | None] = (None, None, None)  # ron, dealer's, non-dealer's
    honba: int | None = None
    sticks: int | None = None
    total: int | None = None
    raw_fu: int | None = field(default=None, compare=False)  # unrounded fu: context for EXPLAINED only

    def diff(self, other: Outcome) -> set[str]:
        return {f for f in COMPARED if getattr(self, f) != getattr(other, f)}

    def yaku_han(self, yaku_id: str) -> int:
        return dict(self.yaku).get(yaku_id, 0)


COMPARED = tuple(f.name for f in fields(Outcome) if f.compare)


def ours(case: GenCase, rules: HandRules | None = None) -> Outcome:
    """Our outcome, normalised: the kita (three players) folded into `dora`, as the library counts nuki dora."""
    try:
        r = score_hand(case.hand, case.ctx, rules or case.rules)
    except InvalidInput as exc:
        return Outcome(error=exc.problems[0].type)
    p = r.points
    return Outcome(
        han=r.han,
        fu=None if r.yakuman or case.ctx.nagashi_mangan else r.fu,
        yaku=_kita_as_dora(tuple((y.id, y.han) for y in r.yaku)),
        yakuman=tuple(sorted((y.id, y.multiplier) for y in r.yakuman)),
        limit=r.limit,
        payments=(p.ron, p.tsumo_dealer, p.tsumo_non_dealer),
        honba=p.honba_bonus, sticks=p.riichi_sticks_bonus, total=p.total,
        raw_fu=sum(item.fu for item in r.fu_breakdown),
    )


def _kita_as_dora(yaku: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    han = dict(yaku)
    kita = han.pop("kita", 0)
    if kita:
        han["dora"] = han.get("dora", 0) + kita
    return tuple(sorted(han.items()))


def theirs(case: GenCase) -> Outcome:
    r = HandCalculator.estimate_hand_value(**to_mahjong(case))
    if r.error:
        return Outcome(error=THEIR_ERRORS.get(r.error, r.error))
    yaku, yakuman = [], []
    for y in r.yaku:
        han = y.han_open if r.is_open_hand and y.han_open else y.han_closed
        name = type(y).__name__
        if y.is_yakuman:
            yakuman.append((THEIR_YAKUMAN[name], han // 13))
        else:
            yaku.append((THEIR_YAKU[name], han))
    cost = r.cost
    level = THEIR_LEVEL[cost["yaku_level"]]
    tsumo, dealer = case.ctx.win == "tsumo", case.ctx.seat_wind == "east"
    if not tsumo:
        payments = (cost["main"], None, None)
    elif dealer:
        payments = (None, None, cost["main"])  # main == additional: each non-dealer pays it
    else:
        payments = (None, cost["main"], cost["additional"])
    return Outcome(
        han=r.han,
        fu=None if yakuman or case.ctx.nagashi_mangan else r.fu,
        yaku=tuple(sorted(yaku)),
        yakuman=tuple(sorted(yakuman)),
        limit=level,
        payments=payments,
        honba=cost["main_bonus"] + (case.rules.players - 2) * cost["additional_bonus"],  # 1 or 2 other payers
        sticks=cost["kyoutaku_bonus"],
        total=cost["total"],
        raw_fu=sum(d["fu"] for d in r.fu_details or ()),
    )


# ---------------------------------------------------------------------------------------------------
# The allow-list


def _hand(tiles: str, win: str, *melds: tuple[str, str]) -> HandInput:
    return HandInput(tiles=tiles, win_tile=win, melds=tuple(MeldInput(t, m) for t, m in melds))


@dataclass(frozen=True)
class RuleGap:
    """Values of one of our options that the library cannot express, and its nearest behaviour."""

    option: str
    lacking: tuple[object, ...]  # our values the library has no setting for
    library_value: object  # what the library always does instead
    reason: str
    example: GenCase

    def used(self, rules: HandRules) -> bool:
        return getattr(rules, self.option) in self.lacking


RULE_GAPS: tuple[RuleGap, ...] = (
    RuleGap(
        "yakuman_stacking", (False,), True,
        "The library always adds different yakuman together (hand_yaku = all yakuman); our "
        "yakuman_stacking=False keeps only the largest.",
        case_from_inputs(_hand("11122233344466z", "6z"), WinContext(win="tsumo", seat_wind="south"),
                         HandRules(yakuman_stacking=False)),  # daisuushii, tsuuiisou, suuankou tanki: 2x, not 5x
    ),
    RuleGap(
        "double_wind_pair_fu", (2,), 4,
        "The library always gives 4 fu for a pair of the seat wind that is also the round wind "
        "(valued_tiles lists the wind twice); our double_wind_pair_fu=2 (EMA, WRC) gives 2.",
        case_from_inputs(_hand("234678m456p999s11z", "6m"), WinContext(win="ron", riichi=True),
                         HandRules(double_wind_pair_fu=2)),  # 30 + 8 (999s) + 2 = 40 fu; with 4: 50 fu
    ),
    RuleGap(
        "renhou", ("baiman",), "mangan",
        "The library's renhou is a yakuman or a 5-han yaku; it has no 8-han (baiman) renhou.",
        case_from_inputs(_hand("234567m23455p678s", "5p"), WinContext(win="ron", seat_wind="south", renhou=True),
                         HandRules(renhou="baiman")),
    ),
)


@dataclass(frozen=True)
class Explained:
    """A known difference: `explains` returns the fields it accounts for in this case (empty: not this one)."""

    name: str
    kind: str  # VARIANT | THEIRS | KNOWN_OURS
    reason: str
    example: GenCase
    explains: Callable[[GenCase, Outcome, Outcome], set[str]]


def _nagashi_without_bonuses(case: GenCase, o: Outcome, t: Outcome) -> set[str]:
    ctx = case.ctx
    if (
        ctx.nagashi_mangan
        and o.honba == 0 and o.sticks == 0
        and t.honba == case.rules.honba_points * ctx.honba and t.sticks == 1000 * ctx.riichi_sticks
        and t.total - o.total == t.honba + t.sticks
    ):
        return {"honba", "sticks", "total"}
    return set()


def _kazoe_labelled_yakuman(case: GenCase, o: Outcome, t: Outcome) -> set[str]:
    if o.limit == "kazoe_yakuman" and t.limit == "yakuman" and not t.yakuman and not o.yakuman:
        return {"limit"}
    return set()


def _kiriage_hides_mangan_label(case: GenCase, o: Outcome, t: Outcome) -> set[str]:
    if (case.rules.kiriage_mangan and o.limit == "mangan" and t.limit == "none" and t.han is not None
            and t.han < 5 and o.payments == t.payments):
        return {"limit"}
    return set()


EXPLAINED: tuple[Explained, ...] = (
    Explained(
        "nagashi_mangan_no_honba_no_sticks", "VARIANT",
        "Ours settles nagashi mangan at the exhaustive draw as a mangan-tsumo-sized payment without honba "
        "and without the riichi sticks on the table (those stay for the next win), one of the variants "
        "riichi.wiki 'Nagashi mangan' describes; the library adds honba and sticks like a win.",
        case_from_inputs(None, WinContext(win="tsumo", seat_wind="south", nagashi_mangan=True, honba=2,
                                          riichi_sticks=1), HandRules()),
        _nagashi_without_bonuses,
    ),
    Explained(
        "kazoe_yakuman_labelled_yakuman", "THEIRS",
        "Label only: ScoresCalculator.calculate_scores sets yaku_level 'kazoe yakuman' and then the han >= 5 "
        "ladder overwrites it with 'yakuman' (han was capped to 13), so a kazoe hand reads as 'yakuman'. "
        "Payments agree.",
        case_from_inputs(_hand("22334455667788s", "7s"),  # riichi tsumo pinfu tanyao ryanpeikou chinitsu: 13
                         WinContext(win="tsumo", seat_wind="south", riichi=True), HandRules()),
        _kazoe_labelled_yakuman,
    ),
    Explained(
        "kiriage_hides_mangan_label", "THEIRS",
        "Label only: with OptionalRules(kiriage=True), calculate_scores never labels a han < 5 hand over the "
        "limit 'mangan' (the `elif rounded > 2000` hangs off `if kiriage`), so 4 han 50 fu reads as ''. "
        "Payments agree.",
        case_from_inputs(_hand("111123m11789999s", "9s"),  # riichi + junchan 3: 4 han 50 fu
                         WinContext(win="ron", seat_wind="south", round_wind="south", riichi=True),
                         HandRules(kiriage_mangan=True)),
        _kiriage_hides_mangan_label,
    ),
)


# ---------------------------------------------------------------------------------------------------
# Comparing one case


@dataclass
class Verdict:
    ok: bool
    explained_by: tuple[str, ...] = ()
    ours: Outcome | None = None
    theirs: Outcome | None = None
    counterfactual: Outcome | None = None


def judge(case: GenCase, rule_gaps: tuple[RuleGap, ...] | None = None,
          explained: tuple[Explained, ...] | None = None) -> Verdict:
    """Agreement, or the allow-list entries (by default this file's) that explain every difference."""
    o, t = ours(case), theirs(case)
    if o == t:
        return Verdict(True, (), o, t)
    gaps = [g for g in (RULE_GAPS if rule_gaps is None else rule_gaps) if g.used(case.rules)]
    effective, cf = o, None
    names: list[str] = []
    if gaps:
        cf_rules = replace(case.rules, **{g.option: g.library_value for g in gaps})
        cf = effective = ours(case, cf_rules)
        names = [f"RULE:{g.option}" for g in gaps]
        if cf == t:
            return Verdict(True, tuple(names), o, t, cf)
    remaining = effective.diff(t)
    for e in EXPLAINED if explained is None else explained:
        fields = e.explains(case, effective, t) & remaining
        if fields:
            names.append(f"{e.kind}:{e.name}")
            remaining -= fields
    if not remaining:
        return Verdict(True, tuple(names), o, t, cf)
    return Verdict(False, (), o, t, cf)


def report(case: GenCase, v: Verdict) -> str:
    assert v.ours is not None and v.theirs is not None
    fields = sorted(v.ours.diff(v.theirs))
    lines = [case.describe(), f"  differing: {fields}"]
    for f in fields:
        lines.append(f"    {f}: ours={getattr(v.ours, f)!r} theirs={getattr(v.theirs, f)!r}")
    if v.counterfactual is not None:
        lines.append(f"  ours with the library's rule values: {v.counterfactual}")
    lines.append(f"  ours  : {v.ours}")
    lines.append(f"  theirs: {v.theirs}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------
# Tests

TALLY: collections.Counter[str] = collections.Counter()


def check_chunk(cases: Iterable[GenCase], tally: collections.Counter[str], rule_gaps: tuple[RuleGap, ...] | None = None,
                explained: tuple[Explained, ...] | None = None) -> None:
    """Judge every case (tallying verdicts and explanations); fail on any unexplained disagreement."""
    failures = []
    for case in cases:
        v = judge(case, rule_gaps, explained)
        tally["hands"] += 1
        tally[f"error:{v.theirs.error}" if v.theirs and v.theirs.error else "scored"] += 1
        for name in v.explained_by:
            tally[name] += 1
        if not v.ok:
            failures.append(report(case, v))
    assert not failures, f"{len(failures)} unexplained disagreement(s); first ones:\n\n" + "\n\n".join(failures[:5])


def check_example(entry: RuleGap | Explained, rule_gaps: tuple[RuleGap, ...] | None = None,
                  explained: tuple[Explained, ...] | None = None) -> None:
    """The entry's example still disagrees, and the allow-list explains it by this very entry."""
    case = entry.example
    o, t = ours(case), theirs(case)
    assert o != t, f"the example no longer differs; remove the allow-list entry\n{case.describe()}\n  both: {o}"
    v = judge(case, rule_gaps, explained)
    assert v.ok, report(case, v)
    label = entry_label(entry)
    assert label in v.explained_by, f"explained by {v.explained_by}, not by {label}\n{report(case, v)}"
    if isinstance(entry, Explained):
        assert entry.kind in ("VARIANT", "THEIRS", "KNOWN_OURS")


def entry_label(entry: RuleGap | Explained) -> str:
    """How judge() names the entry in Verdict.explained_by."""
    return f"RULE:{entry.option}" if isinstance(entry, RuleGap) else f"{entry.kind}:{entry.name}"


def entry_id(entry: RuleGap | Explained) -> str:
    return entry.name if isinstance(entry, Explained) else f"rule-{entry.option}"


@pytest.mark.parametrize("chunk", range(CHUNKS), ids=lambda c: f"seed{SEED}-chunk{c:02d}")
def test_differential_chunk(chunk: int) -> None:
    check_chunk(generate(SEED, CHUNK_SIZE, start=chunk * CHUNK_SIZE), TALLY)


@pytest.mark.parametrize("entry", [*RULE_GAPS, *EXPLAINED], ids=entry_id)
def test_allow_list_examples(entry: RuleGap | Explained) -> None:
    """Each allow-list entry's example still disagrees, and exactly for the stated reason."""
    check_example(entry)


def test_library_version_is_the_one_the_allow_list_was_checked_against() -> None:
    assert importlib.metadata.version("mahjong") == MAHJONG_VERSION, "re-check RULE_GAPS and EXPLAINED"


def assert_valid_case(case: GenCase) -> None:
    """Invariants of handgen on one case: copies (kita included), red fives, ids, the two views agree."""
    if case.hand is None:
        return
    strings = [case.hand.tiles, *(m.tiles for m in case.hand.melds), *case.ctx.dora_indicators,
               *case.ctx.ura_dora_indicators]
    tiles = [p for text in strings for p in _parse_mpsz(text)]
    counts = collections.Counter(t for t, _ in tiles)
    counts[NORTH] += case.ctx.kita
    assert max(counts.values()) <= 4, case.describe()
    reds = collections.Counter(t for t, red in tiles if red)
    assert max(reds.values(), default=0) <= 1, case.describe()
    ids = [*case.tiles_136, *case.dora_136, *case.ura_136]
    assert len(set(ids)) == len(ids), case.describe()
    assert sorted(i // 4 for i in ids) == sorted(t for t, _ in tiles), case.describe()
    red_ids = {i for i in ids if i in (16, 52, 88)}
    if case.rules.aka_dora:  # copy 0 of a five is red exactly where our strings say '0'
        assert red_ids == {t * 4 for t, red in tiles if red}, case.describe()
    assert case.win_136 in case.tiles_136 and case.win_136 // 4 == _parse_mpsz(case.hand.win_tile)[0][0]
    meld_ids = {i for _, m, _ in case.melds_136 for i in m}
    assert case.win_136 not in meld_ids, case.describe()
    if not case.closed:
        assert not (case.ctx.riichi or case.ctx.double_riichi or case.ctx.ippatsu), case.describe()


def test_generated_cases_are_valid() -> None:
    for case in generate(SEED, 5000):
        assert_valid_case(case)


def census(case: GenCase, seen: collections.Counter[str]) -> Outcome:
    """Count what one (non-nagashi) case holds: melds, flags, dora, our error, yaku and yakuman; our outcome."""
    assert case.hand is not None
    for m in case.hand.melds:
        seen[f"meld:{m.type}"] += 1
    seen["closed" if case.closed else "open"] += 1
    ctx = case.ctx
    for flag in ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
                 "tenhou", "chiihou", "renhou"):
        seen[f"flag:{flag}"] += bool(getattr(ctx, flag))
    seen["tsumo" if ctx.win == "tsumo" else "ron"] += 1
    seen["dealer"] += ctx.seat_wind == "east"
    seen["red_five"] += "0" in case.hand.tiles + "".join(m.tiles for m in case.hand.melds)
    seen["dora"] += bool(ctx.dora_indicators)
    seen["ura"] += bool(ctx.ura_dora_indicators)
    seen["honba"] += ctx.honba > 0
    seen["sticks"] += ctx.riichi_sticks > 0
    o = ours(case)
    seen[f"error:{o.error}"] += bool(o.error)
    for y, _ in o.yaku:
        seen[f"yaku:{y}"] += 1
    for y, _ in o.yakuman:
        seen[f"yakuman:{y}"] += 1
    return o


def test_generator_covers_the_interesting_shapes() -> None:
    """The stream the chunks test is varied: a cheap census over its first 4,000 hands."""
    seen: collections.Counter[str] = collections.Counter()
    for case in generate(SEED, 4000):
        seen[f"theme:{case.theme}"] += 1
        if case.hand is not None:
            census(case, seen)
    expected = [
        "meld:chi", "meld:pon", "meld:kan", "meld:shouminkan", "meld:ankan", "open", "closed", "tsumo", "ron",
        "red_five", "dora", "ura", "honba", "sticks", "error:no_yaku",
        *(f"flag:{f}" for f in ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
                                "chankan", "tenhou", "chiihou", "renhou")),
        *(f"yaku:{y}" for y in (
            "riichi", "double_riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao", "iipeikou", "haitei",
            "houtei", "rinshan", "chankan", "yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun",
            "yakuhai_seat_wind", "yakuhai_round_wind", "chiitoitsu", "chanta", "ittsu", "sanshoku_doujun",
            "sanshoku_doukou", "toitoi", "sanankou", "sankantsu", "shousangen", "honroutou", "honitsu",
            "junchan", "ryanpeikou", "chinitsu", "dora", "aka_dora", "ura_dora")),
        *(f"yakuman:{y}" for y in (
            "kokushi_musou", "kokushi_musou_13", "suuankou", "suuankou_tanki", "daisangen", "shousuushii",
            "daisuushii", "tsuuiisou", "chinroutou", "ryuuiisou", "chuuren_poutou", "junsei_chuuren_poutou",
            "suukantsu")),
    ]
    missing = [k for k in expected if not seen[k]]
    assert not missing, f"the generator never produced: {missing}"


def check_summary(tally: collections.Counter[str], hands: int, title: str) -> None:
    """After all `hands` of a file's chunks (else skip): scored hands and both errors mixed; the tally printed."""
    if tally["hands"] != hands:
        pytest.skip("runs only after every chunk of this file ran")
    print(f"\n{title}:", dict(sorted(tally.items())))
    assert tally["scored"] >= 0.7 * tally["hands"]
    assert tally["error:no_yaku"] > 0 and tally["error:not_a_winning_hand"] > 0


def test_stream_summary() -> None:
    """After all chunks: the stream mixed scored hands and both errors. Prints the tally (pytest -s)."""
    check_summary(TALLY, CHUNKS * CHUNK_SIZE, "differential tally")
