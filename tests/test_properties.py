"""Property tests of the scoring core (`app.scoring.score_hand`) on generated valid winning hands.

The strategies below build hands that are complete by construction: four sets and a pair (some sets
called as chi, pon, kan, shouminkan or ankan), seven pairs, or thirteen orphans, with never more than
four copies of a tile counting the melds and the dora and ura dora indicators, red fives only up to the
rules' limit per suit, and a context whose flags are consistent with the hand (riichi only closed,
rinshan only after a kan on tsumo, chankan only on a ron of the last copy in sight, ...). Properties:

- such a hand scores, or is rejected only as `no_yaku`, never with another error or an exception;
- the order of the concealed tiles, of the tiles inside each meld, of the melds and of the indicators
  never changes the result;
- the payments add up to the total (with the riichi sticks), han is at least 1, fu is 25 for seven
  pairs, 0 for thirteen orphans and otherwise a multiple of 10, and the limit and base points follow
  from han and fu (or the yakuman count).

`make test` runs a small number of examples; `HYPOTHESIS_PROFILE=long make test` (or
`HYPOTHESIS_PROFILE=long .venv/bin/python -m pytest tests/test_properties.py`) runs many more.
"""

import os
from dataclasses import dataclass, replace

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from app.errors import InvalidInput
from app.scoring import HandInput, MeldInput, WinContext, resolve_hand_rules, score_hand
from app.scoring.result import ScoreResult
from app.scoring.rules import PRESETS, HandRules

settings.register_profile("properties-default", max_examples=200, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("properties-long", max_examples=5000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
PROFILE = settings.get_profile("properties-long" if os.environ.get("HYPOTHESIS_PROFILE") == "long" else "properties-default")

SUITS = "mpsz"
WINDS = ("east", "south", "west", "north")
ORPHANS = (0, 8, 9, 17, 18, 26, *range(27, 34))
FIVES = (4, 13, 22)

Tile = tuple[int, bool]  # (index 0-33, red five)


def tile_text(tile: Tile) -> str:
    index, red = tile
    return f"{0 if red else index % 9 + 1}{SUITS[index // 9]}"


def mpsz(tiles: list[Tile]) -> str:
    """MPSZ in the order given: a suit letter closes each run of one suit ('2m5p3m' stays three runs)."""
    out = []
    for i, (index, red) in enumerate(tiles):
        out.append(str(0 if red else index % 9 + 1))
        if i + 1 == len(tiles) or tiles[i + 1][0] // 9 != index // 9:
            out.append(SUITS[index // 9])
    return "".join(out)


@dataclass
class Case:
    concealed: list[Tile]
    melds: list[tuple[str, list[Tile]]]
    win: Tile
    dora: list[Tile]
    ura: list[Tile]
    context: WinContext
    rules: HandRules

    def hand(self) -> HandInput:
        return HandInput(mpsz(self.concealed), tile_text(self.win),
                         tuple(MeldInput(kind, mpsz(tiles)) for kind, tiles in self.melds))  # type: ignore[arg-type]

    def win_context(self) -> WinContext:
        return replace(self.context, dora_indicators=tuple(map(tile_text, self.dora)),
                       ura_dora_indicators=tuple(map(tile_text, self.ura)))

    def score(self) -> ScoreResult:
        return score_hand(self.hand(), self.win_context(), self.rules)


# --- strategies -------------------------------------------------------------------------------

random_rules = st.builds(
    HandRules,
    open_tanyao=st.booleans(), aka_dora=st.booleans(), double_yakuman=st.booleans(),
    yakuman_stacking=st.booleans(), kazoe_yakuman=st.booleans(), kiriage_mangan=st.booleans(),
    double_wind_pair_fu=st.sampled_from([2, 4]), renhou=st.sampled_from(["none", "mangan", "baiman", "yakuman"]),
    nagashi_mangan=st.booleans(), pao_suukantsu=st.booleans(),
    honba_points=st.sampled_from([0, 300, 600, 1500, 3000]), max_red_fives_per_suit=st.integers(0, 2),
)
FOUR_PLAYER_PRESETS = sorted(name for name, preset in PRESETS.items() if preset.options.get("players", 4) == 4)
rules_strategy = st.one_of(st.sampled_from(FOUR_PLAYER_PRESETS).map(lambda name: resolve_hand_rules(name, {})),
                           random_rules)

# Tile palettes: one suit alone (many readings of the same tiles), one suit with honors, everything.
PALETTES = [(0,), (1,), (2,), (0, 3), (2, 3), (0, 1, 2, 3), (0, 1, 2, 3), (0, 1, 2, 3)]


def _in_palette(tile: int, palette: tuple[int, ...]) -> bool:
    return tile // 9 in palette


@st.composite
def standard_shape(draw: st.DrawFn, counts: list[int]) -> tuple[list[list[int]], list[int]]:
    """Four sets (as tile lists) and a pair, never past four copies of a tile."""
    palette = draw(st.sampled_from(PALETTES))
    sets = []
    for _ in range(4):
        sequences = [[t, t + 1, t + 2] for t in range(27) if t % 9 <= 6 and _in_palette(t, palette)
                     and all(counts[t + i] < 4 for i in range(3))]
        triplets = [[t] * 3 for t in range(34) if counts[t] <= 1 and _in_palette(t, palette)]
        if not sequences and not triplets:  # the palette is used up: any tile will do
            triplets = [[t] * 3 for t in range(34) if counts[t] <= 1]
        kind = draw(st.sampled_from([k for k, options in (("s", sequences), ("t", triplets)) if options]))
        group = draw(st.sampled_from(sequences if kind == "s" else triplets))
        for t in group:
            counts[t] += 1
        sets.append(group)
    pairs = [t for t in range(34) if counts[t] <= 2 and _in_palette(t, palette)] or [t for t in range(34) if counts[t] <= 2]
    pair = draw(st.sampled_from(pairs))
    counts[pair] += 2
    return sets, [pair, pair]


def _paint_reds(draw: st.DrawFn, groups: list[list[int]], max_red: int) -> list[list[Tile]]:
    """Mark some fives red: per suit at most `max_red` and at most as many as there are fives."""
    painted = [[(t, False) for t in group] for group in groups]
    for five in FIVES:
        spots = [(g, i) for g, group in enumerate(groups) for i, t in enumerate(group) if t == five]
        n = draw(st.integers(0, min(max_red, len(spots))))
        for g, i in draw(st.permutations(spots))[:n]:
            painted[g][i] = (five, True)
    return painted


def _indicators(draw: st.DrawFn, counts: list[int], most: int) -> list[Tile]:
    out: list[Tile] = []
    for _ in range(draw(st.integers(0, most))):
        t = draw(st.sampled_from([t for t in range(34) if counts[t] < 4]))
        counts[t] += 1
        out.append((t, False))
    return out


@st.composite
def winning_cases(draw: st.DrawFn) -> Case:
    rules = draw(rules_strategy)
    counts = [0] * 34
    shape = draw(st.sampled_from(["standard"] * 6 + ["chiitoitsu", "kokushi"]))
    meld_kinds: list[str] = []
    if shape == "standard":
        sets, pair = draw(standard_shape(counts))
        concealed_groups, meld_groups = [pair], []
        for group in sets:
            called = draw(st.integers(0, 3)) == 0
            if not called:
                concealed_groups.append(group)
            elif group[0] != group[1]:
                meld_kinds.append("chi")
                meld_groups.append(group)
            else:
                kinds = ["pon", "pon", "kan", "shouminkan", "ankan", "ankan"] if counts[group[0]] < 4 else ["pon"]
                kind = draw(st.sampled_from(kinds))
                if kind != "pon":
                    counts[group[0]] += 1
                    group = group + [group[0]]
                meld_kinds.append(kind)
                meld_groups.append(group)
    elif shape == "chiitoitsu":
        palette = draw(st.sampled_from(PALETTES))
        pool = [t for t in range(34) if _in_palette(t, palette)]
        pool = pool if len(pool) >= 7 else list(range(34))
        pairs = draw(st.lists(st.sampled_from(pool), min_size=7, max_size=7, unique=True))
        concealed_groups, meld_groups = [[t, t] for t in pairs], []
    else:
        extra = draw(st.sampled_from(ORPHANS))
        concealed_groups, meld_groups = [list(ORPHANS), [extra]], []
    if shape != "standard":
        for group in concealed_groups:
            for t in group:
                counts[t] += 1

    painted = _paint_reds(draw, concealed_groups + meld_groups, rules.max_red_fives_per_suit)
    concealed = sorted(t for group in painted[:len(concealed_groups)] for t in group)
    melds = list(zip(meld_kinds, painted[len(concealed_groups):]))
    win = draw(st.sampled_from(concealed))
    dora = _indicators(draw, counts, 5)
    ura = _indicators(draw, counts, len(dora))  # counts: the hand, the melds and the indicators
    context = draw(contexts(closed=all(kind == "ankan" for kind in meld_kinds), has_melds=bool(melds),
                            has_kan=any(kind in ("kan", "shouminkan", "ankan") for kind in meld_kinds),
                            last_copy=counts[win[0]] == 1))
    return Case(concealed, melds, win, dora, ura, context, rules)


@st.composite
def contexts(draw: st.DrawFn, closed: bool, has_melds: bool, has_kan: bool, last_copy: bool) -> WinContext:
    tsumo = draw(st.booleans())
    seat = draw(st.sampled_from(WINDS))
    dealer = seat == "east"
    riichi = draw(st.sampled_from(["none", "riichi", "double_riichi", "both"])) if closed else "none"
    in_riichi = riichi != "none"
    ippatsu = in_riichi and draw(st.booleans())
    first_turn = None
    if not has_melds and not in_riichi and draw(st.integers(0, 5)) == 0:
        first_turn = "tenhou" if tsumo and dealer else "chiihou" if tsumo else None if dealer else "renhou"
    rinshan = haitei = houtei = chankan = False
    if first_turn is None and tsumo:
        rinshan = has_kan and not ippatsu and draw(st.booleans())
        haitei = not rinshan and draw(st.integers(0, 4)) == 0
    elif first_turn is None:
        chankan = last_copy and draw(st.integers(0, 4)) == 0
        houtei = not chankan and draw(st.integers(0, 4)) == 0
    discarder = None
    if not tsumo and draw(st.booleans()):
        discarder = draw(st.sampled_from([w for w in WINDS if w != seat]))
    return WinContext(
        win="tsumo" if tsumo else "ron", seat_wind=seat, round_wind=draw(st.sampled_from(WINDS)),
        riichi=riichi in ("riichi", "both"), double_riichi=riichi in ("double_riichi", "both"), ippatsu=ippatsu,
        haitei=haitei, houtei=houtei, rinshan=rinshan, chankan=chankan,
        tenhou=first_turn == "tenhou", chiihou=first_turn == "chiihou", renhou=first_turn == "renhou",
        honba=draw(st.integers(0, 99)), riichi_sticks=draw(st.integers(0, 99)), discarder_seat_wind=discarder,
    )


# --- helpers ----------------------------------------------------------------------------------


def score_or_no_yaku(case: Case) -> ScoreResult | None:
    """The result, or None for a hand rejected as `no_yaku`; any other rejection fails the test."""
    try:
        return case.score()
    except InvalidInput as exc:
        types = [p.type for p in exc.problems]
        assert types == ["no_yaku"], f"a valid winning hand was rejected: {exc.problems}"
        return None


def summary(result: ScoreResult | None) -> object:
    if result is None:
        return None
    return (result.han, result.fu, [(y.id, y.han) for y in result.yaku],
            [(y.id, y.multiplier) for y in result.yakuman], result.limit, result.base_points, result.points,
            sorted((p.payer, p.points, p.liable) for p in result.payments))


YAKUMAN_LIMITS = ("yakuman", "double_yakuman", "triple_yakuman", "quadruple_yakuman", "quintuple_yakuman",
                  "sextuple_yakuman")


def expected_limit(han: int, fu: int, rules: HandRules) -> tuple[str, int]:
    """The standard table, written out independently of app.scoring.points."""
    if han >= 13 and rules.kazoe_yakuman:
        return "kazoe_yakuman", 8000
    if han >= 11:
        return "sanbaiman", 6000
    if han >= 8:
        return "baiman", 4000
    if han >= 6:
        return "haneman", 3000
    if han == 5:
        return "mangan", 2000
    base = fu * 2 ** (2 + han)
    if base > 2000 or (rules.kiriage_mangan and base == 1920):
        return "mangan", 2000
    return "none", base


# --- properties -------------------------------------------------------------------------------


@PROFILE
@given(case=winning_cases())
def test_a_valid_winning_hand_scores_or_has_no_yaku(case: Case) -> None:
    note(f"hand={case.hand()} context={case.win_context()}")
    result = score_or_no_yaku(case)
    if result is None:
        return
    ctx, rules = case.context, case.rules
    assert result.han >= 1

    kinds = [g.kind for g in result.decomposition]
    if kinds == ["kokushi"]:
        assert result.fu == 0
    elif kinds == ["pair"] * 7:
        assert result.fu == 25
    else:
        assert result.fu >= 20 and result.fu % 10 == 0, result.fu

    if result.yakuman:
        multiplier = sum(y.multiplier for y in result.yakuman)
        assert result.yaku == ()
        assert result.han == 13 * multiplier
        assert (result.limit, result.base_points) == (YAKUMAN_LIMITS[min(multiplier, 6) - 1], 8000 * multiplier)
    else:
        assert result.yaku and sum(y.han for y in result.yaku) == result.han
        assert (result.limit, result.base_points) == expected_limit(result.han, result.fu, rules)

    points = result.points
    assert points.riichi_sticks_bonus == 1000 * ctx.riichi_sticks
    per_honba = rules.honba_points // 3 * 3 if ctx.win == "tsumo" else rules.honba_points  # 3 payers on tsumo
    assert points.honba_bonus == ctx.honba * per_honba
    if ctx.win == "ron":
        assert points.ron is not None and points.tsumo_dealer is None and points.tsumo_non_dealer is None
        hand_value = points.ron
    elif ctx.seat_wind == "east":
        assert points.ron is None and points.tsumo_dealer is None and points.tsumo_non_dealer is not None
        hand_value = 3 * points.tsumo_non_dealer
    else:
        assert points.ron is None and points.tsumo_dealer is not None and points.tsumo_non_dealer is not None
        hand_value = points.tsumo_dealer + 2 * points.tsumo_non_dealer
    assert points.total == hand_value + points.honba_bonus + points.riichi_sticks_bonus
    assert sum(p.points for p in result.payments) + points.riichi_sticks_bonus == points.total
    assert len(result.payments) == (3 if ctx.win == "tsumo" else 1)
    assert ctx.seat_wind not in [p.payer for p in result.payments]


@PROFILE
@given(case=winning_cases(), data=st.data())
def test_tile_meld_and_indicator_order_never_change_the_result(case: Case, data: st.DataObject) -> None:
    shuffled = Case(
        concealed=data.draw(st.permutations(case.concealed), label="concealed order"),
        melds=[(kind, data.draw(st.permutations(tiles))) for kind, tiles in data.draw(st.permutations(case.melds),
                                                                                       label="meld order")],
        win=case.win,
        dora=data.draw(st.permutations(case.dora), label="dora indicator order"),
        ura=data.draw(st.permutations(case.ura), label="ura indicator order"),
        context=case.context,
        rules=case.rules,
    )
    note(f"sorted:   {case.hand()}\nshuffled: {shuffled.hand()}")
    assert summary(score_or_no_yaku(shuffled)) == summary(score_or_no_yaku(case))


@settings(PROFILE, max_examples=min(PROFILE.max_examples, 100))
@given(seat=st.sampled_from(WINDS), rules=rules_strategy)
def test_nagashi_mangan_is_a_mangan_paid_as_tsumo(seat: str, rules: HandRules) -> None:
    ctx = WinContext(seat_wind=seat, nagashi_mangan=True)  # type: ignore[arg-type]
    try:
        result = score_hand(None, ctx, rules)
    except InvalidInput as exc:
        assert not rules.nagashi_mangan and [p.type for p in exc.problems] == ["inconsistent_context"]
        return
    assert rules.nagashi_mangan
    assert (result.limit, result.base_points) == ("mangan", 2000)
    assert result.points.total == (12000 if seat == "east" else 8000)
    assert sum(p.points for p in result.payments) == result.points.total


def test_the_strategy_reaches_the_interesting_shapes() -> None:
    """A fixed sample of the generator shows melds of every kind, both closed shapes and red fives."""
    seen: set[str] = set()

    @settings(max_examples=300, deadline=None, database=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(case=winning_cases())
    def collect(case: Case) -> None:
        seen.update(kind for kind, _ in case.melds)
        seen.update("red" for _, red in case.concealed if red)
        seen.add(f"{len(case.melds)} melds")
        if len(set(case.concealed)) == 13:
            seen.add("kokushi")

    collect()
    assert {"chi", "pon", "kan", "shouminkan", "ankan", "red", "0 melds", "3 melds", "kokushi"} <= seen, seen
