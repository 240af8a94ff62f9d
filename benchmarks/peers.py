"""The peers `make bench` times us against, doing the same work as their users do: the `mahjong` library (the
oracle of the differential tests; its 13-tile harness is tests/analysis_harness.py) and riichienv (Rust, PyPI,
where it installs), on the generated hands of tests/handgen.py.

* Discards: a 14-tile hand (a generated winning hand with 0-3 of its concealed tiles swapped for random ones), every
  distinct discard with its shanten, then its waits each valued by ron and by tsumo (tenpai) or its improving
  tiles, and the copies left of them (ukeire). The library: `Shanten.calculate_shanten` per discard, then per tile
  `Agari.is_agari` (tenpai: every wait scored with `HandCalculator`) or `Shanten.calculate_shanten` again.
* riichienv: `HandEvaluator(...).calc` to score, `get_waits` for the waits, `calculate_shanten` on 136-format ids.
  It has its own fixed rules: where they differ from the hand's, its answer differs (printed as an agreement
  count, not judged).
"""

from __future__ import annotations

import random
from dataclasses import replace
from importlib import metadata
from typing import Any

from mahjong.agari import Agari
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.shanten import Shanten

from app.errors import InvalidInput
from app.scoring.analysis import Analysis, AnalysisInput, analyze_hand, win_contexts
from app.scoring.tiles import TILE_OF
from tests.analysis_harness import Waiting
from tests.handgen import GenCase, _parse_mpsz, format_tiles, mahjong_config, mahjong_melds

FIVES = (4, 13, 22)
Option = tuple[int, int, tuple[int, ...], int]  # discard, shanten, waits or improving tiles, ukeire


class Reject(Exception):
    """The perturbed hand cannot be laid out in 136-format ids (a fifth copy, or a plain five with only the red id
    left)."""


class Discarding:
    """A 14-tile hand for discard analysis, for us and the peers, built before any timing."""

    def __init__(self, case: GenCase, swaps: int, rng: random.Random) -> None:
        assert case.hand is not None
        concealed = _parse_mpsz(case.hand.tiles)
        meld_ids = [i for _, ids, _ in case.melds_136 for i in ids]
        shown = list(case.dora_136) + list(case.ura_136)
        for position in rng.sample(range(len(concealed)), min(swaps, len(concealed))):
            concealed[position] = (rng.randrange(34), False)
        taken = set(meld_ids) | set(shown)
        ids = [self._take(tile, red, taken, case.rules.aka_dora) for tile, red in concealed]
        self.case = case
        self.ours = (AnalysisInput(format_tiles(concealed), case.hand.melds), case.ctx, case.rules)
        self.ids = ids  # concealed, 136-format
        self.meld_ids = meld_ids
        self.melds = mahjong_melds(case)
        self.concealed_34 = [0] * 34
        for i in ids:
            self.concealed_34[i // 4] += 1
        self.held_34 = list(self.concealed_34)
        for i in meld_ids:
            self.held_34[i // 4] += 1
        self.shown_34 = [0] * 34
        for i in case.dora_136:
            self.shown_34[i // 4] += 1
        self.taken = taken | set(ids)
        self.dora, self.ura = list(case.dora_136), list(case.ura_136)
        ron, tsumo, _ = win_contexts(case.ctx)
        self.configs = (mahjong_config(replace(case, ctx=ron)), mahjong_config(replace(case, ctx=tsumo)))

    @staticmethod
    def _take(tile: int, red: bool, taken: set[int], aka: bool) -> int:
        copies = (0,) if red else (1, 2, 3) if aka and tile in FIVES else (1, 2, 3, 0)
        for copy in copies:
            if tile * 4 + copy not in taken:
                taken.add(tile * 4 + copy)
                return tile * 4 + copy
        raise Reject

    def left(self, tile: int) -> int:
        """Copies neither held (the discard among them: it lies in the river) nor shown by an indicator."""
        return max(0, 4 - self.held_34[tile] - self.shown_34[tile])

    def free_id(self, tile: int) -> int:
        """A copy of `tile` nobody holds or shows, the plain ones first; -1 when there is none."""
        return next((tile * 4 + c for c in (1, 2, 3, 0) if tile * 4 + c not in self.taken), -1)


def discard_cases(cases: list[GenCase], want: int, seed: int) -> list[Discarding]:
    """`want` 14-tile hands from the first cases: case i with i % 4 of its concealed tiles swapped (those our
    analysis refuses, a context that cannot go with the hand, are left out)."""
    rng = random.Random(seed)
    found = []
    for i, case in enumerate(cases):
        if len(found) == want:
            break
        try:
            hand = Discarding(case, i % 4, rng)
            analyze_hand(*hand.ours)
        except (Reject, InvalidInput):
            continue
        found.append(hand)
    return found


def theirs_discards(d: Discarding) -> list[Option]:
    tiles = d.concealed_34
    plain = not d.melds
    out = []
    for t in range(34):
        if not tiles[t]:
            continue
        tiles[t] -= 1
        shanten = Shanten.calculate_shanten(tiles, use_chiitoitsu=plain, use_kokushi=plain)
        found = []
        for w in range(34):
            if d.held_34[w] - (w == t) >= 4:
                continue
            tiles[w] += 1
            if shanten == 0:
                better = Agari.is_agari(tiles)
            else:
                better = Shanten.calculate_shanten(tiles, use_chiitoitsu=plain, use_kokushi=plain) < shanten
            tiles[w] -= 1
            if better:
                found.append(w)
                if shanten == 0:
                    _their_values(d, t, w)
        out.append((t, shanten, tuple(found), sum(d.left(w) for w in found)))
        tiles[t] += 1
    return out


def _their_values(d: Discarding, discarded: int, wait: int) -> list[Any]:
    win = d.free_id(wait)
    if win < 0:
        return []
    gone = next(i for i in d.ids if i // 4 == discarded)
    hand = [i for i in d.ids if i != gone] + d.meld_ids + [win]
    return [HandCalculator.estimate_hand_value(tiles=hand, win_tile=win, melds=d.melds, dora_indicators=d.dora,
                                               ura_dora_indicators=d.ura, config=config) for config in d.configs]


def our_discards(analysis: Analysis) -> list[Option]:
    options = []
    for o in analysis.discards_analysis or ():
        tiles = tuple(sorted(TILE_OF[w.tile] for w in (o.waits or o.improving_tiles or ())))
        options.append((TILE_OF[o.discard], o.shanten, tiles, o.ukeire))
    return sorted(options)


# --- riichienv -------------------------------------------------------------------------------------------------


def riichienv_peer() -> RiichiEnv | None:
    try:
        import riichienv
    except ImportError:
        return None
    return RiichiEnv(riichienv)


class RiichiEnv:
    """riichienv's public Python API, called as its users do."""

    def __init__(self, module: Any) -> None:
        self.r = module
        self.version = metadata.version("riichienv")
        types = module.MeldType
        self.meld_types = {("chi", True): types.Chi, ("pon", True): types.Pon, ("kan", True): types.Daiminkan,
                           ("kan", False): types.Ankan, ("shouminkan", True): types.Kakan}

    def melds(self, case: GenCase) -> list[Any]:
        return [self.r.Meld(self.meld_types[kind, opened], list(ids), opened) for kind, ids, opened in case.melds_136]

    def conditions(self, case: GenCase, tsumo: bool) -> Any:
        ctx = case.ctx
        winds = ("east", "south", "west", "north")
        return self.r.Conditions(
            tsumo=tsumo, riichi=ctx.riichi or ctx.double_riichi, double_riichi=ctx.double_riichi, ippatsu=ctx.ippatsu,
            haitei=ctx.haitei and tsumo, houtei=ctx.houtei and not tsumo, rinshan=ctx.rinshan and tsumo,
            chankan=ctx.chankan and not tsumo, tsumo_first_turn=ctx.tenhou or ctx.chiihou,
            player_wind=winds.index(ctx.seat_wind), round_wind=winds.index(ctx.round_wind),
            riichi_sticks=ctx.riichi_sticks, honba=ctx.honba, kita_count=ctx.kita)

    def scoring_input(self, case: GenCase) -> tuple[Any, ...]:
        meld_ids = {i for _, ids, _ in case.melds_136 for i in ids}
        concealed = [i for i in case.tiles_136 if i not in meld_ids]
        return (concealed, self.melds(case), case.win_136, list(case.dora_136), list(case.ura_136),
                self.conditions(case, case.ctx.win == "tsumo"))

    def score(self, concealed: list[int], melds: list[Any], win: int, dora: list[int], ura: list[int],
              conditions: Any) -> Any:
        return self.r.HandEvaluator(concealed, melds).calc(win, dora, conditions, ura)

    def waiting_input(self, w: Waiting) -> tuple[Any, ...]:
        meld_ids = {i for _, ids, _ in w.case.melds_136 for i in ids}
        concealed = [i for i in w.tiles_136 if i not in meld_ids]
        return (concealed, self.melds(w.case), w.free_id, w.dora, w.ura, self.conditions(w.case, False),
                self.conditions(w.case, True))

    def waits(self, concealed: list[int], melds: list[Any], free_id: list[int], dora: list[int], ura: list[int],
              ron: Any, tsumo: Any) -> list[tuple[int, Any, Any]]:
        out = []
        for t in self.r.HandEvaluator(concealed, melds).get_waits():
            if free_id[t] >= 0:
                won = self.r.HandEvaluator(concealed + [free_id[t]], melds)
                out.append((t, won.calc(free_id[t], dora, ron, ura), won.calc(free_id[t], dora, tsumo, ura)))
        return out

    def discarding_input(self, d: Discarding) -> tuple[Any, ...]:
        return (d, self.melds(d.case), self.conditions(d.case, False), self.conditions(d.case, True))

    def discards(self, d: Discarding, melds: list[Any], ron: Any, tsumo: Any) -> list[Option]:
        shanten_of = self.r.calculate_shanten
        out = []
        for t in range(34):
            gone = next((i for i in d.ids if i // 4 == t), None)
            if gone is None:
                continue
            hand = [i for i in d.ids if i != gone]
            shanten = shanten_of(hand)
            found = []
            if shanten == 0:
                for w in self.r.HandEvaluator(hand, melds).get_waits():
                    found.append(w)
                    win = d.free_id(w)
                    if win >= 0:
                        won = self.r.HandEvaluator(hand + [win], melds)
                        won.calc(win, d.dora, ron, d.ura)
                        won.calc(win, d.dora, tsumo, d.ura)
            else:
                for w in range(34):
                    if d.held_34[w] - (w == t) < 4 and shanten_of(hand + [_spare(hand, w)]) < shanten:
                        found.append(w)
            out.append((t, shanten, tuple(found), sum(d.left(w) for w in found)))
        return out


def _spare(hand: list[int], tile: int) -> int:
    """An id of `tile` the hand does not hold (shanten reads only the tile kind)."""
    return next(tile * 4 + c for c in (1, 2, 3, 0) if tile * 4 + c not in hand)
