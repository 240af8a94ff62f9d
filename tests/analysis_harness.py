"""The `mahjong` library (test-only) doing what POST /hand/analyze does, as its users do it, for the analysis
differential test and `make bench`: `Shanten` for shanten, each of the 34 tiles tried with `Agari.is_agari`, and
every wait scored with `HandCalculator.estimate_hand_value` by ron and by tsumo. The hands are generated ones
(tests/handgen.py) less their winning tile."""

from __future__ import annotations

from dataclasses import replace

from mahjong.agari import Agari
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.shanten import Shanten

from app.scoring.analysis import Analysis, AnalysisInput, WinOnWait, win_contexts
from app.scoring.tiles import TILE_OF
from tests.handgen import GenCase, _parse_mpsz, format_tiles, mahjong_config, mahjong_melds

Value = tuple[int, int | None, int] | None  # han, fu (None with a yakuman), total; None: no yaku
Wait = tuple[int, Value, Value]  # tile, by ron, by tsumo


class Waiting:
    """A generated hand less its winning tile, for both libraries, built before any timing."""

    def __init__(self, case: GenCase) -> None:
        assert case.hand is not None
        concealed = _parse_mpsz(case.hand.tiles)
        win = _parse_mpsz(case.hand.win_tile)[0]
        concealed.remove(win if win in concealed else (win[0], not win[1]))
        self.case = case
        self.ours = (AnalysisInput(format_tiles(concealed), case.hand.melds), case.ctx, case.rules)
        ron, tsumo, _ = win_contexts(case.ctx)
        ids = [i for i in case.tiles_136 if i != case.win_136]
        meld_ids = {i for _, m, _ in case.melds_136 for i in m}
        self.tiles_136 = ids
        self.concealed_34 = [0] * 34
        for i in ids:
            if i not in meld_ids:
                self.concealed_34[i // 4] += 1
        seen = set(ids) | set(case.dora_136) | set(case.ura_136)
        # A wait is valued as a plain copy drawn: copy 0 of a five is the library's red one, tried last; a wait
        # whose every copy is in sight is still valued (on a copy an indicator shows: the library does not mind).
        self.free_id = [next((t * 4 + c for c in (1, 2, 3, 0) if t * 4 + c not in seen),
                             next((t * 4 + c for c in (1, 2, 3, 0) if t * 4 + c not in ids), -1)) for t in range(34)]
        self.held_34 = [sum(1 for i in ids if i // 4 == t) for t in range(34)]
        self.melds = mahjong_melds(case)
        self.dora, self.ura = list(case.dora_136), list(case.ura_136)
        self.configs = (mahjong_config(replace(case, ctx=ron)), mahjong_config(replace(case, ctx=tsumo)))


def theirs_shanten(w: Waiting) -> tuple[int, int | None, int | None]:
    """The library's shanten by form (standard, chiitoitsu, kokushi; the last two only without melds)."""
    tiles = w.concealed_34
    if w.melds:
        return Shanten.calculate_shanten_for_regular_hand(tiles), None, None
    return (Shanten.calculate_shanten_for_regular_hand(tiles), Shanten.calculate_shanten_for_chiitoitsu_hand(tiles),
            Shanten.calculate_shanten_for_kokushi_hand(tiles))


def theirs_waits(w: Waiting) -> list[Wait]:
    """Shanten, then each tile (held fewer than 4 times) tried with the agari check and each wait scored by ron
    and by tsumo."""
    Shanten.calculate_shanten(w.concealed_34, use_chiitoitsu=not w.melds, use_kokushi=not w.melds)
    out = []
    tiles = w.concealed_34
    for t in range(34):
        if w.held_34[t] >= 4 or w.free_id[t] < 0:
            continue
        tiles[t] += 1
        agari = Agari.is_agari(tiles)
        tiles[t] -= 1
        if agari:
            win = w.free_id[t]
            ron, tsumo = (HandCalculator.estimate_hand_value(
                tiles=w.tiles_136 + [win], win_tile=win, melds=w.melds, dora_indicators=w.dora,
                ura_dora_indicators=w.ura, config=config) for config in w.configs)
            out.append((t, _their_value(ron), _their_value(tsumo)))
    return out


def _their_value(response: object) -> Value:
    if getattr(response, "error", None):
        return None
    yakuman = any(y.is_yakuman for y in response.yaku)  # type: ignore[attr-defined]
    return response.han, None if yakuman else response.fu, response.cost["total"]  # type: ignore[attr-defined]


def _our_value(value: WinOnWait | None) -> Value:
    if value is None:
        return None
    return value.han, None if value.yakuman else value.fu, value.points.total


def our_waits(analysis: Analysis) -> list[Wait]:
    return [(TILE_OF[w.tile], _our_value(w.ron), _our_value(w.tsumo)) for w in analysis.waits or ()]
