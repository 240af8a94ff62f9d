"""A seeded generator of random, valid, complete Riichi hands for differential tests and benchmarks.

Every case is built from groups (four sets and a pair, seven pairs, or thirteen orphans), so the tiles
form a complete hand; whether the hand has a yaku is left to chance (about a tenth do not, which checks
that both scorers reject them alike). About 3% are near misses (theme suffix '+perturbed': one concealed
tile swapped), almost always not a winning hand, for the not-a-winning-hand error. Each case carries:

* our inputs: `HandInput`, `WinContext`, `HandRules` (app.scoring), and
* a library-neutral description for the `mahjong` package (MahjongRepository): 136-format tile ids for
  the whole hand (concealed tiles plus every meld's tiles), the winning tile, the melds, and the dora and
  ura dora indicators. `to_mahjong(case)` turns it into the arguments of
  `HandCalculator.estimate_hand_value` (the `mahjong` import is lazy: it is a test-only dependency).

Invariants, whatever the seed:

* no tile appears more than 4 times counting the hand, the melds and all indicators;
* at most one red five per suit (red fives appear only where the rules play aka dora, and then at most
  3 plain fives of that suit exist, as in a real aka set, since the library's 136 id of the red five is
  the first copy);
* context flags are consistent: riichi / double riichi / ippatsu only on a closed hand (ankan allowed),
  ippatsu only with riichi, haitei and rinshan only on tsumo, houtei and chankan only on ron, rinshan only
  with a kan and never with haitei or ippatsu, chankan only when the winning tile is the only copy in
  sight, tenhou / chiihou / renhou only for an uncalled hand without riichi, by the right seat;
* ura dora indicators are at most as many as dora indicators (sometimes sent without riichi, where both
  scorers must ignore them).

`generate_case(seed, index)` is a pure function of its arguments; `generate(seed, n)` yields
`generate_case(seed, i)` for i in range(n), so a failing case is reproduced from its (seed, index).

`players=3` gives a separate three-player stream (the four-player one is unchanged): the manzu swapped for a
suit holding no 2-8 (or the draw repeated), sequences never called (no chi), nobody North, context.kita 0-4
within the North copies (a kita's replacement tile may be rinshan; no first-turn yakuman with kita),
indicators off 2m-8m with the 1m/9m wrap, rules players=3 with 200-point honba and tsumo_loss mostly on;
about 3% ('+illegal') keep 2m-8m, chi and a North seat, for the refusals.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from app.scoring import HandInput, HandRules, MeldInput, WinContext

SUITS = "mpsz"
WIND_NAMES = ("east", "south", "west", "north")
EAST, SOUTH, WEST, NORTH, HAKU, HATSU, CHUN = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (HAKU, HATSU, CHUN)
HONORS = tuple(range(27, 34))
TERMINALS = (0, 8, 9, 17, 18, 26)
ORPHANS = TERMINALS + HONORS
GREEN = (19, 20, 21, 23, 25, HATSU)  # 2 3 4 6 8 sou and hatsu
SIMPLES = tuple(t for t in range(27) if t % 9 not in (0, 8))
FIVES = (4, 13, 22)

GONE_3P = frozenset(range(1, 8))  # 2m-8m: not in a three-player set

SEQ, TRIP, PAIR = "seq", "trip", "pair"


class Reject(Exception):
    """The random draw broke an invariant; the caller draws again."""


@dataclass(frozen=True, slots=True)
class GenCase:
    seed: int
    index: int
    theme: str
    hand: HandInput | None  # None only for nagashi mangan
    ctx: WinContext
    rules: HandRules
    # The same hand for the mahjong library, in its 136-format (tile_34 * 4 + copy; copy 0 of a five is red).
    tiles_136: tuple[int, ...]  # concealed tiles and every meld's tiles
    win_136: int
    melds_136: tuple[tuple[str, tuple[int, ...], bool], ...]  # (chi|pon|kan|shouminkan, ids, opened)
    dora_136: tuple[int, ...]
    ura_136: tuple[int, ...]
    notes: tuple[str, ...] = field(default=())

    @property
    def closed(self) -> bool:
        return self.hand is None or all(m.type == "ankan" for m in self.hand.melds)

    def describe(self) -> str:
        """Everything needed to replay the case by hand, one field a line."""
        return "\n".join([
            f"case seed={self.seed} index={self.index} theme={self.theme}",
            f"  hand  = {self.hand!r}",
            f"  ctx   = {self.ctx!r}",
            f"  rules = {self.rules!r}",
            f"  mahjong: tiles_136={list(self.tiles_136)} win_136={self.win_136}",
            f"           melds={[(t, list(ids), o) for t, ids, o in self.melds_136]}",
            f"           dora_136={list(self.dora_136)} ura_136={list(self.ura_136)}",
        ])


# ---------------------------------------------------------------------------------------------------
# Tiles and notation


def tile_str(tile: int, red: bool = False) -> str:
    return f"{0 if red else tile % 9 + 1}{SUITS[tile // 9]}"


def format_tiles(tiles: list[tuple[int, bool]]) -> str:
    """MPSZ notation of (tile, red) pairs, sorted by suit then rank; red fives written 0."""
    out: list[str] = []
    for suit in range(4):
        digits = [("0" if red else str(t % 9 + 1)) for t, red in sorted(tiles, key=lambda x: (x[0], not x[1])) if t // 9 == suit]
        if digits:
            out.append("".join(digits) + SUITS[suit])
    return "".join(out)


def dora_of(indicator: int, players: int = 4) -> int:
    if players == 3 and indicator in (0, 8):  # no 2m-8m: 1m points at 9m and 9m at 1m
        return 8 - indicator
    if indicator < 27:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator <= NORTH:
        return EAST if indicator == NORTH else indicator + 1
    return HAKU if indicator == CHUN else indicator + 1


def indicators_of(dora: int, players: int = 4) -> int:
    """The indicator that points at `dora` (inverse of dora_of)."""
    return next(i for i in range(34) if dora_of(i, players) == dora and not (players == 3 and i in GONE_3P))


# ---------------------------------------------------------------------------------------------------
# Group shapes per theme. A standard hand is a list of sets [(kind, tile)] plus a pair tile.


def _rand_seq(rng: random.Random, suits=(0, 1, 2), starts=range(7)) -> tuple[str, int]:
    return (SEQ, rng.choice(suits) * 9 + rng.choice(list(starts)))


def _rand_set(rng: random.Random, tiles, p_seq: float, suits=(0, 1, 2), starts=range(7)) -> tuple[str, int]:
    if rng.random() < p_seq:
        return _rand_seq(rng, suits, starts)
    return (TRIP, rng.choice(tiles))


def _std(sets, pair) -> dict[str, Any]:
    return {"shape": "standard", "sets": list(sets), "pair": pair}


def theme_random(rng):
    tiles = list(range(34))
    return _std([_rand_set(rng, tiles, 0.6) for _ in range(4)], rng.choice(tiles))


def theme_tanyao(rng):
    return _std([_rand_set(rng, SIMPLES, 0.7, starts=range(1, 6)) for _ in range(4)], rng.choice(SIMPLES))


def theme_pinfu(rng):
    pair = rng.choice([t for t in range(34) if t not in DRAGONS])
    return _std([_rand_seq(rng) for _ in range(4)], pair)


def theme_honitsu(rng):
    suit = rng.randrange(3)
    tiles = [suit * 9 + r for r in range(9)] + list(HONORS)
    return _std([_rand_set(rng, tiles, 0.5, suits=(suit,)) for _ in range(4)], rng.choice(tiles))


def theme_chinitsu(rng):
    suit = rng.randrange(3)
    tiles = [suit * 9 + r for r in range(9)]
    sets: list[tuple[str, int]] = []
    if rng.random() < 0.35:  # 111222333-style block: three triplets or three identical sequences
        r = rng.randrange(7)
        sets += [(TRIP, suit * 9 + r), (TRIP, suit * 9 + r + 1), (TRIP, suit * 9 + r + 2)]
    while len(sets) < 4:
        sets.append(_rand_set(rng, tiles, 0.6, suits=(suit,)))
    return _std(sets, rng.choice(tiles))


def theme_ambiguous(rng):
    """Shapes read several ways: 111222333, 2223 / 3334, 44556 around the pair, in any suit."""
    suit = rng.randrange(3)
    r = rng.randrange(7)
    base = suit * 9 + r
    if rng.random() < 0.5:
        sets = [(TRIP, base), (TRIP, base + 1), (TRIP, base + 2)]
    else:
        sets = [(SEQ, base), (SEQ, base), (TRIP, base + rng.randrange(3))]
    tiles = list(range(34))
    sets.append(_rand_set(rng, tiles, 0.6))
    pair = rng.choice([base + d for d in (-1, 0, 1, 2, 3) if 0 <= r + d <= 8] + [rng.choice(tiles)])
    return _std(sets, pair)


def _distinct_triplets(rng, pool, n: int = 4, pair_pool=None):
    """n triplets of distinct tiles from pool and a pair (from pair_pool, default pool) of another tile."""
    picks = rng.sample(list(pool), n)
    pair = rng.choice([t for t in (pair_pool or pool) if t not in picks])
    return [(TRIP, t) for t in picks], pair


def theme_toitoi(rng):
    return _std(*_distinct_triplets(rng, range(34)))


def theme_sanankou(rng):
    tiles = list(range(34))
    sets = [(TRIP, rng.choice(tiles)) for _ in range(3)] + [_rand_set(rng, tiles, 0.7)]
    return _std(sets, rng.choice(tiles)) | {"closed_sets": 3}


def theme_ittsu(rng):
    suit = rng.randrange(3)
    sets = [(SEQ, suit * 9), (SEQ, suit * 9 + 3), (SEQ, suit * 9 + 6)]
    tiles = list(range(34))
    if rng.random() < 0.4:
        tiles = [suit * 9 + r for r in range(9)] + list(HONORS)
    sets.append(_rand_set(rng, tiles, 0.5, suits=(suit,) if len(tiles) < 34 else (0, 1, 2)))
    return _std(sets, rng.choice(tiles))


def theme_sanshoku(rng):
    r = rng.randrange(7)
    sets = [(SEQ, s * 9 + r) for s in range(3)]
    tiles = list(range(34))
    sets.append(_rand_set(rng, tiles, 0.6))
    return _std(sets, rng.choice(tiles))


def theme_doukou(rng):
    r = rng.randrange(9)
    sets = [(TRIP, s * 9 + r) for s in range(3)]
    tiles = list(range(34))
    sets.append(_rand_set(rng, tiles, 0.5))
    return _std(sets, rng.choice(tiles))


def theme_chanta(rng, honors: bool | None = None):
    if honors is None:
        honors = rng.random() < 0.5
    outer = list(TERMINALS) + (list(HONORS) if honors else [])
    sets = []
    for _ in range(4):
        if rng.random() < 0.6:
            sets.append((SEQ, rng.randrange(3) * 9 + rng.choice((0, 6))))
        else:
            sets.append((TRIP, rng.choice(outer)))
    return _std(sets, rng.choice(outer))


def theme_peikou(rng):
    sets = [_rand_seq(rng)]
    sets.append(sets[0])
    if rng.random() < 0.5:  # ryanpeikou
        other = _rand_seq(rng)
        sets += [other, other]
    else:
        sets += [_rand_set(rng, list(range(34)), 0.6) for _ in range(2)]
    return _std(sets, rng.randrange(34))


def theme_yakuhai(rng):
    value = rng.choice(DRAGONS + WINDS)
    tiles = list(range(34))
    sets = [(TRIP, value)] + [_rand_set(rng, tiles, 0.6) for _ in range(3)]
    if rng.random() < 0.3:
        sets[1] = (TRIP, rng.choice(DRAGONS + WINDS))
    return _std(sets, rng.choice(tiles))


def theme_shousangen(rng):
    d = list(DRAGONS)
    rng.shuffle(d)
    tiles = list(range(34))
    sets = [(TRIP, d[0]), (TRIP, d[1]), _rand_set(rng, tiles, 0.6), _rand_set(rng, tiles, 0.6)]
    return _std(sets, d[2])


def theme_honroutou(rng):
    return _std(*_distinct_triplets(rng, ORPHANS))


def theme_kans(rng):
    tiles = list(range(34))
    n = rng.choice((1, 1, 2, 3, 3, 4))
    sets = [(TRIP, rng.choice(tiles)) for _ in range(n)] + [_rand_set(rng, tiles, 0.6) for _ in range(4 - n)]
    return _std(sets, rng.choice(tiles)) | {"kans": n}


def theme_chiitoitsu(rng):
    kind = rng.choice(("random", "random", "tanyao", "honitsu", "honroutou", "tsuuiisou", "chinitsu"))
    pool = {
        "random": list(range(34)),
        "tanyao": list(SIMPLES),
        "honroutou": list(ORPHANS),
        "tsuuiisou": list(HONORS),
    }.get(kind)
    if pool is None:
        suit = rng.randrange(3)
        pool = [suit * 9 + r for r in range(9)] + (list(HONORS) if kind == "honitsu" else [])
    return {"shape": "chiitoitsu", "pairs": rng.sample(pool, 7)}


def theme_kokushi(rng):
    extra = rng.choice(ORPHANS)
    return {"shape": "kokushi", "extra": extra, "thirteen_wait": rng.random() < 0.4}


def theme_daisangen(rng):
    tiles = list(range(34))
    return _std([(TRIP, d) for d in DRAGONS] + [_rand_set(rng, tiles, 0.5)], rng.choice(tiles))


def theme_suuankou(rng):
    pool = ORPHANS if rng.random() < 0.3 else range(34)
    return _std(*_distinct_triplets(rng, pool)) | {"closed_sets": 4}


def theme_tsuuiisou(rng):
    return _std(*_distinct_triplets(rng, HONORS))


def theme_chinroutou(rng):
    return _std(*_distinct_triplets(rng, TERMINALS))


def theme_ryuuiisou(rng):
    sets = [((SEQ, 19) if rng.random() < 0.4 else (TRIP, rng.choice(GREEN))) for _ in range(4)]
    return _std(sets, rng.choice(GREEN))


def theme_suushii(rng):
    w = list(WINDS)
    rng.shuffle(w)
    tiles = list(range(34))
    if rng.random() < 0.5:  # daisuushii
        return _std([(TRIP, x) for x in w], rng.choice(tiles))
    return _std([(TRIP, x) for x in w[:3]] + [_rand_set(rng, tiles, 0.5)], w[3])


def theme_chuuren(rng):
    suit = rng.randrange(3)
    counts = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    counts[rng.randrange(9)] += 1
    return {"shape": "counts", "counts": {suit * 9 + r: n for r, n in enumerate(counts)}, "closed": True}


def theme_noyaku(rng):
    """Plain hands with nothing of value: mostly open (so no menzen yaku), a few closed won on a discard."""
    plain = [t for t in range(27)] + [rng.choice(WINDS)]
    sets = [_rand_set(rng, [t for t in plain if t < 27], 0.8) for _ in range(4)]
    return _std(sets, rng.choice(plain)) | {"no_yaku_bias": True}


THEMES: tuple[tuple[str, Any, float], ...] = (
    ("random", theme_random, 14),
    ("tanyao", theme_tanyao, 6),
    ("pinfu", theme_pinfu, 6),
    ("honitsu", theme_honitsu, 6),
    ("chinitsu", theme_chinitsu, 6),
    ("ambiguous", theme_ambiguous, 5),
    ("toitoi", theme_toitoi, 4),
    ("sanankou", theme_sanankou, 4),
    ("ittsu", theme_ittsu, 4),
    ("sanshoku", theme_sanshoku, 4),
    ("doukou", theme_doukou, 2),
    ("chanta", theme_chanta, 4),
    ("peikou", theme_peikou, 4),
    ("yakuhai", theme_yakuhai, 6),
    ("shousangen", theme_shousangen, 2),
    ("honroutou", theme_honroutou, 2),
    ("kans", theme_kans, 5),
    ("chiitoitsu", theme_chiitoitsu, 6),
    ("kokushi", theme_kokushi, 2),
    ("daisangen", theme_daisangen, 1.5),
    ("suuankou", theme_suuankou, 2),
    ("tsuuiisou", theme_tsuuiisou, 1),
    ("chinroutou", theme_chinroutou, 1),
    ("ryuuiisou", theme_ryuuiisou, 3),
    ("suushii", theme_suushii, 1.5),
    ("chuuren", theme_chuuren, 1.5),
    ("noyaku", theme_noyaku, 3),
)
_THEME_NAMES = [t[0] for t in THEMES]
_THEME_FUNCS = {t[0]: t[1] for t in THEMES}
_THEME_WEIGHTS = [t[2] for t in THEMES]
THEME_NAMES = tuple(_THEME_NAMES)


# ---------------------------------------------------------------------------------------------------
# Building one case


@dataclass(slots=True)
class _Unit:
    """A group of physical tiles: concealed (part of hand.tiles) or a meld."""

    kind: str  # seq, trip, pair, or 'loose' for chiitoitsu/kokushi/chuuren tiles
    tiles: list[int]
    meld: str | None = None  # chi, pon, kan, shouminkan, ankan


def _draw_rules(rng: random.Random) -> HandRules:
    return HandRules(
        open_tanyao=rng.random() < 0.8,
        aka_dora=rng.random() < 0.8,
        double_yakuman=rng.random() < 0.6,
        # Our options the library lacks are drawn now and then; the differential test explains them.
        yakuman_stacking=rng.random() < 0.9,
        kazoe_yakuman=rng.random() < 0.8,
        kiriage_mangan=rng.random() < 0.3,
        double_wind_pair_fu=4 if rng.random() < 0.85 else 2,
        renhou=rng.choice(("none", "none", "mangan", "yakuman", "baiman")),
    )


def _units_for(shape: dict[str, Any], rng: random.Random, theme: str) -> list[_Unit]:
    kind = shape["shape"]
    if kind == "standard":
        units = [_Unit(k, [t, t + 1, t + 2] if k == SEQ else [t, t, t]) for k, t in shape["sets"]]
        units.append(_Unit(PAIR, [shape["pair"]] * 2))
        return units
    if kind == "chiitoitsu":
        return [_Unit(PAIR, [t, t]) for t in shape["pairs"]]
    if kind == "kokushi":
        return [_Unit("loose", list(ORPHANS) + [shape["extra"]])]
    if kind == "counts":
        return [_Unit("loose", [t for t, n in sorted(shape["counts"].items()) for _ in range(n)])]
    raise AssertionError(kind)


def _assign_melds(units: list[_Unit], shape: dict[str, Any], rng: random.Random, theme: str, chi: bool = True) -> None:
    sets = [u for u in units if u.kind in (SEQ, TRIP)]
    if not sets:
        return
    closed_sets = shape.get("closed_sets", 0)
    kans = shape.get("kans", 0)
    p_open = {"pinfu": 0.05, "suuankou": 0.0, "sanankou": 0.25, "noyaku": 0.8, "peikou": 0.15, "chuuren": 0.0,
              "ambiguous": 0.2}.get(theme, 0.35)
    if rng.random() < 0.35 and theme not in ("noyaku",):
        p_open = 0.0  # plenty of fully closed hands
    order = list(range(len(sets)))
    rng.shuffle(order)
    if closed_sets:
        order.sort(key=lambda i: sets[i].kind != TRIP)  # the sets that must stay concealed are triplets
    kan_left = kans
    for rank, i in enumerate(order):
        u = sets[i]
        must_stay_closed = rank < closed_sets
        if u.kind == TRIP and (kan_left > 0 or rng.random() < 0.08):
            if kan_left > 0:
                kan_left -= 1
            if must_stay_closed:
                u.meld = "ankan"
            else:
                u.meld = rng.choice(("ankan", "ankan", "kan", "shouminkan")) if p_open else "ankan"
            u.tiles.append(u.tiles[0])
            continue
        if must_stay_closed or rng.random() >= p_open:
            continue
        if u.kind == SEQ and not chi:
            continue  # three players: a sequence cannot be called, it stays concealed
        u.meld = "chi" if u.kind == SEQ else "pon"


def _choose_red(counts: list[int], rng: random.Random, aka: bool) -> list[bool]:
    """Per suit: whether one of its fives in the hand is red."""
    out = [False, False, False]
    if not aka:
        return out
    for s, five in enumerate(FIVES):
        if counts[five] and rng.random() < 0.6:
            out[s] = True
    return out


def _draw_indicators(rng: random.Random, counts: list[int], k: int, hand_tiles: set[int], players: int = 4) -> list[int]:
    out: list[int] = []
    for _ in range(k):
        for _attempt in range(20):
            if hand_tiles and rng.random() < 0.45:
                ind = indicators_of(rng.choice(sorted(hand_tiles)), players)
            else:
                ind = rng.randrange(34)
                if players == 3 and ind in GONE_3P:
                    continue
            if counts[ind] < 4:
                counts[ind] += 1
                out.append(ind)
                break
    return out


def generate_case(seed: int, index: int, players: int = 4) -> GenCase:
    """The case numbered `index` of the stream `seed` (for `players` at the table): a pure function of them."""
    rng = random.Random(f"handgen:{seed}:{index}" if players == 4 else f"handgen{players}:{seed}:{index}")
    for _attempt in range(200):
        try:
            return _build(rng, seed, index, players)
        except Reject:
            continue
    raise RuntimeError(f"handgen could not build case {seed}:{index}")


def generate(seed: int, n: int, start: int = 0, players: int = 4) -> Iterator[GenCase]:
    for i in range(start, start + n):
        yield generate_case(seed, i, players)


def _three_player_suits(units: list[_Unit], rng: random.Random) -> None:
    """Make the hand's manzu 1m and 9m only: swap the manzu with a suit holding no 2-8 (else Reject)."""
    middle = {t // 9 for u in units for t in u.tiles if t < 27 and t % 9 not in (0, 8)}
    if 0 not in middle:
        return
    free = [s for s in (1, 2) if s not in middle]
    if not free:
        raise Reject
    other = rng.choice(free)
    swap = {0: other, other: 0}
    for u in units:
        u.tiles = [swap.get(t // 9, t // 9) * 9 + t % 9 if t < 27 else t for t in u.tiles]


def _draw_three_player_rules(rng: random.Random) -> HandRules:
    """Four-player draws, at a three-player table (Tenhou's 200-point honba), tsumo loss now and then off."""
    return replace(_draw_rules(rng), players=3, honba_points=200, tsumo_loss=rng.random() < 0.75)


def _build(rng: random.Random, seed: int, index: int, players: int = 4) -> GenCase:
    three = players == 3
    if rng.random() < 0.004:
        return _nagashi(rng, seed, index, players)
    theme = rng.choices(_THEME_NAMES, _THEME_WEIGHTS)[0]
    shape = _THEME_FUNCS[theme](rng)
    rules = _draw_three_player_rules(rng) if three else _draw_rules(rng)
    units = _units_for(shape, rng, theme)
    # Three players: about 3% keep what a three-player set lacks (2m-8m, chi), which we must refuse.
    illegal = three and rng.random() < 0.03
    if three and not illegal:
        _three_player_suits(units, rng)
    if shape["shape"] == "standard":
        _assign_melds(units, shape, rng, theme, chi=not three or illegal)
    if illegal:
        theme += "+illegal"
    perturbed = rng.random() < 0.03
    if perturbed:
        # A near miss: one concealed tile swapped for another, so the hand is (almost always) incomplete.
        unit = rng.choice([u for u in units if u.meld is None])
        i = rng.randrange(len(unit.tiles))
        unit.tiles[i] = rng.choice([t for t in range(34) if t != unit.tiles[i] and not (three and not illegal and t in GONE_3P)])
        theme += "+perturbed"

    counts = [0] * 34
    for u in units:
        for t in u.tiles:
            counts[t] += 1
    if max(counts) > 4:
        raise Reject
    concealed_units = [u for u in units if u.meld is None]
    melds = [u for u in units if u.meld is not None]
    open_hand = any(u.meld != "ankan" for u in melds)
    has_kan = any(u.meld in ("kan", "shouminkan", "ankan") for u in melds)

    # Winning tile: pick a concealed group, then a tile in it (biases towards tanki, kanchan, penchan).
    if shape["shape"] == "kokushi" and not perturbed:
        win = shape["extra"] if shape["thirteen_wait"] else rng.choice([t for t in ORPHANS if t != shape["extra"]])
    else:
        group = rng.choice(concealed_units)
        win = rng.choice(group.tiles)

    # Red fives (at most one per suit; the library's red id is copy 0, so at most 3 plain fives remain).
    red_suits = _choose_red(counts, rng, rules.aka_dora and rng.random() < 0.7)
    if rules.aka_dora:
        for s, five in enumerate(FIVES):
            if counts[five] == 4:
                red_suits[s] = True  # four fives in an aka game: one of them is the red one
    # Where does each red five sit? In any group holding a five of its suit, concealed or melded.
    red_where: dict[int, int] = {}  # suit -> unit index holding the red five
    for s, five in enumerate(FIVES):
        if red_suits[s]:
            holders = [i for i, u in enumerate(units) if five in u.tiles]
            red_where[s] = rng.choice(holders)

    # Context.
    dealer_seat = rng.random() < 0.3
    seat = "east" if dealer_seat else rng.choice(WIND_NAMES[1:4 if illegal else players])  # illegal: North too
    round_wind = rng.choice(("east", "east", "south", "south", "west", "north"))
    tsumo = rng.random() < 0.45
    kita = 0
    if three:  # North tiles set aside: they count among the copies
        kita = min(rng.choices((0, 1, 2, 3, 4), (40, 25, 15, 10, 10))[0], 4 - counts[NORTH])
        counts[NORTH] += kita
    no_yaku_bias = shape.get("no_yaku_bias", False)
    riichi = double = ippatsu = False
    if not open_hand and not no_yaku_bias and rng.random() < 0.45:
        riichi = True
        double = rng.random() < 0.08
        ippatsu = rng.random() < 0.2
    if no_yaku_bias:
        tsumo = tsumo and open_hand
    haitei = tsumo and rng.random() < 0.05
    houtei = (not tsumo) and rng.random() < 0.05
    rinshan = tsumo and (has_kan or kita > 0) and not haitei and not ippatsu and rng.random() < 0.35
    chankan = (not tsumo) and not houtei and rng.random() < 0.08
    tenhou = chiihou = renhou = False
    if not melds and not riichi and not no_yaku_bias and not kita and rng.random() < 0.03:
        if tsumo:
            tenhou, chiihou = dealer_seat, not dealer_seat
            haitei = False
        elif not dealer_seat:
            renhou = True
            houtei = False
    if renhou:
        chankan = False  # a robbed added kan needs an earlier call, which ends the first go-around
    if renhou and rules.renhou == "none":
        renhou = rng.random() < 0.5  # a renhou flag under rules without renhou must be ignored by us

    # Indicators (they count towards the four copies).
    n_dora = rng.choices((0, 1, 2, 3, 4, 5), (6, 60, 20, 8, 4, 2))[0]
    hand_tile_set = set(counts_i for counts_i, n in enumerate(counts) if n)
    ind_players = 4 if illegal else players
    dora_ind = _draw_indicators(rng, counts, n_dora, hand_tile_set, ind_players)
    ura_ind: list[int] = []
    if dora_ind and (riichi or rng.random() < 0.05):
        ura_ind = _draw_indicators(rng, counts, rng.randint(1, len(dora_ind)) if rng.random() < 0.9 else 0, hand_tile_set,
                                   ind_players)
    if chankan and counts[win] != 1:
        chankan = False  # the three other copies sit in the robbed pon: none may be in sight
    if max(counts) > 4:
        raise Reject
    # Red indicator: only for a suit without a red five in the hand, and only with aka in play.
    red_indicator: set[int] = set()  # positions in dora_ind+ura_ind
    all_ind = dora_ind + ura_ind
    if rules.aka_dora:
        for s, five in enumerate(FIVES):
            if not red_suits[s]:
                positions = [i for i, t in enumerate(all_ind) if t == five]
                if positions and (rng.random() < 0.5 or counts[five] == 4):
                    red_indicator.add(rng.choice(positions))
    # In an aka game at most 3 plain fives of a suit exist.
    if rules.aka_dora:
        for s, five in enumerate(FIVES):
            red_used = red_suits[s] or any(all_ind[i] == five for i in red_indicator)
            if counts[five] - red_used > 3:
                raise Reject

    # Physical ids (136-format): copy 0 of a five is the red one when aka is in play.
    next_copy = [0] * 34
    for s, five in enumerate(FIVES):
        red_used = red_suits[s] or any(all_ind[i] == five for i in red_indicator)
        if rules.aka_dora or red_used:
            next_copy[five] = 1

    def take(tile: int, red: bool) -> int:
        if red:
            return tile * 4
        c = next_copy[tile]
        if c > 3:
            raise Reject
        next_copy[tile] += 1
        return tile * 4 + c

    unit_phys: list[list[tuple[int, bool, int]]] = []  # (tile, red, id136)
    for i, u in enumerate(units):
        phys = []
        red_pending = {s for s, where in red_where.items() if where == i}
        for t in u.tiles:
            s = t // 9
            red = t in FIVES and s in red_pending
            if red:
                red_pending.discard(s)
            phys.append((t, red, take(t, red)))
        unit_phys.append(phys)
    for _ in range(kita):
        take(NORTH, False)  # the kita's copies: set aside, not among the library's tiles
    ind_phys = [(t, i in red_indicator, take(t, i in red_indicator)) for i, t in enumerate(all_ind)]
    dora_phys, ura_phys = ind_phys[:len(dora_ind)], ind_phys[len(dora_ind):]

    concealed_phys = [p for u, ph in zip(units, unit_phys) if u.meld is None for p in ph]
    win_candidates = [p for p in concealed_phys if p[0] == win]
    win_phys = rng.choice(win_candidates)
    plain_win_exists = any(not p[1] for p in win_candidates)
    if win_phys[1]:
        win_str = tile_str(win, True) if (plain_win_exists or rng.random() < 0.5) else tile_str(win)
    else:
        win_str = tile_str(win)
    if not win_phys[1] and not plain_win_exists:
        raise AssertionError("unreachable")

    meld_inputs = []
    melds_136 = []
    for u, ph in zip(units, unit_phys):
        if u.meld is None:
            continue
        meld_inputs.append(MeldInput(u.meld, format_tiles([(t, r) for t, r, _ in ph])))
        lib_type = {"chi": "chi", "pon": "pon", "kan": "kan", "shouminkan": "shouminkan", "ankan": "kan"}[u.meld]
        melds_136.append((lib_type, tuple(i for _, _, i in ph), u.meld != "ankan"))
    if rng.random() < 0.5:
        order = list(range(len(meld_inputs)))
        rng.shuffle(order)
        meld_inputs = [meld_inputs[i] for i in order]
        melds_136 = [melds_136[i] for i in order]

    hand_str = format_tiles([(t, r) for t, r, _ in concealed_phys])
    hand = HandInput(tiles=hand_str, win_tile=win_str, melds=tuple(meld_inputs))
    ctx = WinContext(
        win="tsumo" if tsumo else "ron",
        seat_wind=seat, round_wind=round_wind,
        riichi=riichi and not double, double_riichi=double, ippatsu=ippatsu,
        haitei=haitei, houtei=houtei, rinshan=rinshan, chankan=chankan,
        tenhou=tenhou, chiihou=chiihou, renhou=renhou,
        dora_indicators=tuple(tile_str(t, r) for t, r, _ in dora_phys),
        ura_dora_indicators=tuple(tile_str(t, r) for t, r, _ in ura_phys),
        honba=rng.choices((0, 1, 2, 3, 5, 8), (60, 20, 8, 5, 4, 3))[0],
        riichi_sticks=rng.choices((0, 1, 2, 3, 4), (60, 20, 10, 6, 4))[0],
        kita=kita,
    )
    tiles_136 = tuple(sorted(i for ph in unit_phys for _, _, i in ph))
    return GenCase(
        seed=seed, index=index, theme=theme, hand=hand, ctx=ctx, rules=rules,
        tiles_136=tiles_136, win_136=win_phys[2], melds_136=tuple(melds_136),
        dora_136=tuple(i for _, _, i in dora_phys), ura_136=tuple(i for _, _, i in ura_phys),
    )


def _nagashi(rng: random.Random, seed: int, index: int, players: int = 4) -> GenCase:
    rules = _draw_three_player_rules(rng) if players == 3 else _draw_rules(rng)
    seat = rng.choice(WIND_NAMES[:players])
    ctx = WinContext(win="tsumo", seat_wind=seat, round_wind=rng.choice(WIND_NAMES[:2]), nagashi_mangan=True,
                     honba=rng.choice((0, 0, 1, 2)), riichi_sticks=rng.choice((0, 0, 1)))
    return GenCase(seed=seed, index=index, theme="nagashi_mangan", hand=None, ctx=ctx, rules=rules,
                   tiles_136=(), win_136=-1, melds_136=(), dora_136=(), ura_136=())


# ---------------------------------------------------------------------------------------------------
# The mahjong library's view of a case


WIND_34 = {"east": EAST, "south": SOUTH, "west": WEST, "north": NORTH}


def mahjong_options(rules: HandRules):
    """The library's OptionalRules matching ours as far as it has them (see tests/test_differential.py)."""
    from mahjong.hand_calculating.hand_config import HandConstants, OptionalRules

    return OptionalRules(
        has_open_tanyao=rules.open_tanyao,
        has_aka_dora=rules.aka_dora,
        has_double_yakuman=rules.double_yakuman,
        kazoe_limit=HandConstants.KAZOE_LIMITED if rules.kazoe_yakuman else HandConstants.KAZOE_SANBAIMAN,
        kiriage=rules.kiriage_mangan,
        fu_for_open_pinfu=True,  # ours: an open hand with no fu is 30 fu
        fu_for_pinfu_tsumo=False,  # ours: tsumo pinfu is 20 fu
        renhou_as_yakuman=rules.renhou == "yakuman",
        has_daisharin=False,
        has_daichisei=False,
        has_sashikomi_yakuman=False,
        limit_to_sextuple_yakuman=True,
        paarenchan_needs_yaku=True,
        is_three_player=rules.players == 3,
    )


def mahjong_config(case: GenCase):
    from mahjong.hand_calculating.hand_config import HandConfig

    ctx = case.ctx
    return HandConfig(
        is_tsumo=ctx.win == "tsumo",
        is_riichi=ctx.riichi or ctx.double_riichi,
        is_daburu_riichi=ctx.double_riichi,
        is_ippatsu=ctx.ippatsu,
        is_rinshan=ctx.rinshan,
        is_chankan=ctx.chankan,
        is_haitei=ctx.haitei,
        is_houtei=ctx.houtei,
        is_nagashi_mangan=ctx.nagashi_mangan,
        is_tenhou=ctx.tenhou,
        is_chiihou=ctx.chiihou,
        # Ours ignores the renhou flag where the rules have no renhou; the library has no such setting.
        is_renhou=ctx.renhou and case.rules.renhou != "none",
        player_wind=WIND_34[ctx.seat_wind],
        round_wind=WIND_34[ctx.round_wind],
        kyoutaku_number=ctx.riichi_sticks,
        tsumi_number=ctx.honba,
        num_nuki_dora=ctx.kita,
        options=mahjong_options(case.rules),
    )


def mahjong_melds(case: GenCase) -> list:
    from mahjong.meld import Meld

    kinds = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN, "shouminkan": Meld.SHOUMINKAN}
    return [Meld(meld_type=kinds[t], tiles=list(ids), opened=opened) for t, ids, opened in case.melds_136]


def to_mahjong(case: GenCase) -> dict[str, Any]:
    """Keyword arguments for HandCalculator.estimate_hand_value (a fresh HandConfig each time)."""
    return {
        "tiles": list(case.tiles_136),
        "win_tile": case.win_136,
        "melds": mahjong_melds(case),
        "dora_indicators": list(case.dora_136),
        "ura_dora_indicators": list(case.ura_136),
        "config": mahjong_config(case),
    }


# ---------------------------------------------------------------------------------------------------
# Hand-written cases (the allow-list's minimal examples) in the same form as generated ones


def _parse_mpsz(text: str) -> list[tuple[int, bool]]:
    out: list[tuple[int, bool]] = []
    pending = ""
    for ch in text:
        if ch.isdigit():
            pending += ch
            continue
        suit = SUITS.index(ch)
        for d in pending:
            rank = 5 if d == "0" else int(d)
            out.append((suit * 9 + rank - 1, d == "0"))
        pending = ""
    return out


def case_from_inputs(hand: HandInput | None, ctx: WinContext, rules: HandRules, theme: str = "manual") -> GenCase:
    """A GenCase for inputs written by hand: the 136-format ids are laid out as the generator does."""
    if hand is None:
        return GenCase(seed=-1, index=-1, theme=theme, hand=None, ctx=ctx, rules=rules,
                       tiles_136=(), win_136=-1, melds_136=(), dora_136=(), ura_136=())
    next_copy = [0] * 34
    for five in FIVES:
        next_copy[five] = 1 if rules.aka_dora else 0

    def take(tile: int, red: bool) -> int:
        if red:
            return tile * 4
        c = next_copy[tile]
        next_copy[tile] += 1
        return tile * 4 + c

    concealed = [(t, r, take(t, r)) for t, r in _parse_mpsz(hand.tiles)]
    melds_136 = []
    meld_ids: list[int] = []
    for m in hand.melds:
        ids = tuple(take(t, r) for t, r in _parse_mpsz(m.tiles))
        meld_ids += ids
        lib_type = "kan" if m.type == "ankan" else m.type
        melds_136.append((lib_type, ids, m.type != "ankan"))
    (win, win_red), = _parse_mpsz(hand.win_tile)
    same = [p for p in concealed if p[0] == win]
    plain = [p for p in same if not p[1]]
    win_phys = next(p for p in same if p[1]) if win_red or not plain else plain[0]
    dora = tuple(take(t, r) for s in ctx.dora_indicators for t, r in _parse_mpsz(s))
    ura = tuple(take(t, r) for s in ctx.ura_dora_indicators for t, r in _parse_mpsz(s))
    return GenCase(seed=-1, index=-1, theme=theme, hand=hand, ctx=ctx, rules=rules,
                   tiles_136=tuple(sorted([i for _, _, i in concealed] + meld_ids)), win_136=win_phys[2],
                   melds_136=tuple(melds_136), dora_136=dora, ura_136=ura)
