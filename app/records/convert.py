"""A game record written in another format (POST /records/convert): its tiles and play as read, its values the
service's own from replaying them (the verification's), never the source's.

- `tenhou6`: the tenhou.net/6 JSON (the viewer's, NAGA's, mjai-reviewer's): per hand `[[round, honba, sticks],
  scores, dora, ura, hand, draws, discards per seat, result]`, results in Tenhou's Japanese spelling.
- `mjai`: a JSON array of events in Mortal's dialect, each `hora` also carrying gimite's `fu`, `fan`, `yakus`,
  `hora_points`, `deltas` and `scores`.
"""

from collections import Counter
from dataclasses import dataclass
from typing import Any, Literal

from app.records.mjai import mjai_tile
from app.records.model import NORTH, Call, Discard, Draw, Event, GameRecord, HandRecord, Kita, SelfKan, Tile
from app.records.names import GIMITE_YAKUMAN_FAN, NUKIDORA, TENHOU_NAMES, YAKU_BY_TENHOU_ID
from app.records.tenhou6 import ABORTIVE_NAMES, DRAWN, WIN_NAME
from app.records.verify import RIICHI_DEPOSIT, Verification, VerifiedHand, VerifiedWin
from app.scoring.names import LIMIT_NAMES
from app.scoring.result import ScoreResult
from app.scoring.yaku import YAKU_TABLES, YAKUMAN_TABLES

Target = Literal["tenhou6", "mjai"]
WIND_LETTERS = "ESWN"
TENHOU_WINDS = ("東", "南", "西", "北")
# Our id -> Tenhou's name (the first of its Tenhou ids; the wind yakuhai are named by the wind: tenhou_yaku_name).
_TENHOU_NAME: dict[str, str] = {}
for _tenhou_id, _ours in YAKU_BY_TENHOU_ID.items():
    _TENHOU_NAME.setdefault(_ours, TENHOU_NAMES[_tenhou_id])
_MJAI_SYMBOL: dict[str, str] = {row.id: row.mjai for table in (*YAKU_TABLES, *YAKUMAN_TABLES) for row in table if row.mjai}
_MJAI_SYMBOL["kita"] = NUKIDORA
_ABORTIVE_NAME = {ours: name for name, ours in reversed(ABORTIVE_NAMES.items())}
_GIMITE_REASONS = {"kyuushu_kyuuhai": "kyushukyuhai", "suucha_riichi": "suchareach", "suufon_renda": "sufonrenta",
                   "suukaikan": "sukaikan", "sanchahou": "sanchaho"}
YAKUMAN_LIMIT_NAME = "役満"  # Tenhou writes every yakuman (counted or double) so


@dataclass(frozen=True, slots=True)
class Conversion:
    format: str
    to: Target
    record: Any


def convert_game(game: GameRecord, verification: Verification, to: Target) -> Conversion:
    record = to_tenhou6(game, verification) if to == "tenhou6" else to_mjai(game, verification)
    return Conversion(game.format, to, record)


def win_deltas(hand: VerifiedHand, players: int) -> list[tuple[int, ...]]:
    """Each win's own score changes, the hand's riichi deposits left out (as Tenhou and mjai write them): a single
    win's are the hand's; of a double ron, each winner's gain, paid by the discarder less the sticks it took."""
    deltas = hand.deltas or (0,) * players
    refunded = tuple(d + (RIICHI_DEPOSIT if seat in hand.riichi else 0) for seat, d in enumerate(deltas))
    if len(hand.wins) <= 1:
        return [refunded] * len(hand.wins)
    result = []
    for win in hand.wins:
        changes = [0] * players
        gain = refunded[win.winner]
        changes[win.winner] = gain
        if win.from_seat is not None:
            changes[win.from_seat] = -(gain - RIICHI_DEPOSIT * _int(win.context.get("riichi_sticks")))
        result.append(tuple(changes))
    return result


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _final(game: GameRecord, verification: Verification) -> tuple[int, ...] | None:
    """Our final scores, where the source states its own (a record without them may be an excerpt of a game)."""
    return verification.final_scores.computed if game.final_scores is not None else None


def _scores_after(hand: VerifiedHand) -> tuple[int, ...]:
    return tuple(s + d for s, d in zip(hand.scores, hand.deltas or (0,) * len(hand.scores), strict=True))


# tenhou.net/6


def to_tenhou6(game: GameRecord, verification: Verification) -> dict[str, Any]:
    players = game.rules.players
    names = [name or f"player{seat}" for seat, name in enumerate(list(game.names) + [""] * (players - len(game.names)))]
    log = [_tenhou_hand(hand, verified, players) for hand, verified in zip(game.hands, verification.hands, strict=True)]
    record: dict[str, Any] = {"title": ["", ""], "name": names[:4] if players == 4 else [*names[:3], ""],  # an empty fourth: three players
                              "rule": {"disp": _room(game), "aka": int(bool(verification.rules.get("aka_dora", game.rules.aka)))},
                              "log": log}
    final = _final(game, verification)
    if final is not None:
        record["sc"] = [value for seat in range(players) for value in (final[seat], 0)]
    return record


def _room(game: GameRecord) -> str:
    """A room name the tenhou6 reader reads back to the same rules: 東 for an East-only game, 喰 for open tanyao."""
    options = game.rules.options
    return ("三" if game.rules.players == 3 else "") + ("般東" if options.get("length") == "tonpuusen" else "般南") + \
        ("喰" if options.get("open_tanyao", True) else "") + ("赤" if game.rules.aka else "")


def _tenhou_hand(hand: HandRecord, verified: VerifiedHand, players: int) -> list[Any]:
    seats: list[list[list[Any]]] = [[list(hand.starting_hands[s]), [], []] for s in range(players)]
    last_draw: list[Tile | None] = [None] * players
    for event in hand.events:
        _tenhou_event(event, seats, last_draw)
    for draws_discards in seats:  # an open kan's 0 is written only when a discard follows it, as Tenhou does
        if draws_discards[2][-1:] == [0]:
            draws_discards[2].pop()
    entry: list[Any] = [[hand.round_index, hand.honba, hand.riichi_sticks], list(hand.scores) + [0] * (4 - players),
                        list(hand.dora_indicators), list(hand.ura_indicators) if any(w.context.get("riichi") or
                                                                                     w.context.get("double_riichi")
                                                                                     for w in verified.wins) else []]
    for seat in range(4):
        entry += seats[seat] if seat < players else [[], [], []]
    entry.append(_tenhou_result(hand, verified, players))
    return entry


def _tenhou_event(event: Event, seats: list[list[list[Any]]], last_draw: list[Tile | None]) -> None:
    """The event written into its seat's draws or discards, as Tenhou writes them (60: the tile just drawn)."""
    match event:
        case Draw():
            seats[event.seat][1].append(event.tile)
            last_draw[event.seat] = event.tile
        case Discard():
            tile = DRAWN if last_draw[event.seat] == event.tile else event.tile
            last_draw[event.seat] = None
            seats[event.seat][2].append(f"r{tile}" if event.riichi else tile)
        case Call():
            seats[event.seat][1].append(_call_text(event))
            last_draw[event.seat] = None
            if event.kind == "kan":
                seats[event.seat][2].append(0)
        case SelfKan():
            if event.kind == "ankan":
                a, b, c, d = event.tiles
                seats[event.seat][2].append(f"{a}{b}{c}a{d}")
            else:
                *pon, added = event.tiles
                seats[event.seat][2].append(f"{pon[0]}{pon[1]}k{added}{pon[2]}")
        case Kita():
            seats[event.seat][2].append(f"f{NORTH}")


def _call_text(call: Call) -> str:
    """Tenhou's call string: the letter before the called tile, placed by whom it came from (first: the seat before,
    middle: across, last: the seat after; a chi is always from the seat before)."""
    own = list(call.tiles)
    own.remove(call.called)
    letter = {"chi": "c", "pon": "p", "kan": "m"}[call.kind]
    offset = (call.from_seat - call.seat) % 4
    place = {3: 0, 2: 1, 1: len(own)}[offset]
    parts = [str(t) for t in own]
    parts.insert(place, f"{letter}{call.called}")
    return "".join(parts)


def _tenhou_result(hand: HandRecord, verified: VerifiedHand, players: int) -> list[Any]:
    if verified.wins:
        result: list[Any] = [WIN_NAME]
        for win, deltas in zip(verified.wins, win_deltas(verified, players), strict=True):
            result += [list(deltas) + [0] * (4 - players), _tenhou_details(win, verified, players)]
        return result
    refunded = [d + (RIICHI_DEPOSIT if seat in verified.riichi else 0) for seat, d in enumerate(verified.deltas or ())]
    if verified.abortive is not None:
        return [_ABORTIVE_NAME[verified.abortive]]
    name = "流し満貫" if verified.nagashi else "全員聴牌" if len(verified.tenpai or ()) == players else \
        "全員不聴" if not verified.tenpai else "流局"
    if name in ("全員聴牌", "全員不聴") and not any(refunded):
        return [name]  # as Tenhou writes them: no payment, no score changes
    return [name, refunded + [0] * (4 - players)]


def _tenhou_details(win: VerifiedWin, hand: VerifiedHand, players: int) -> list[Any]:
    score = win.score
    pao = win.pao_seat if win.pao_seat is not None else win.winner
    source = win.from_seat if win.from_seat is not None else win.winner
    if score is None:
        return [win.winner, source, pao, "0点"]
    dealer = win.context.get("seat_wind") == "east"
    value = tenhou_value(score, win.from_seat is None, dealer, players)
    return [win.winner, source, pao, value, *tenhou_yaku(score, win)]


def tenhou_value(score: ScoreResult, tsumo: bool, dealer: bool, players: int) -> str:
    """Tenhou's value string: '40符2飜2600点', '30符3飜1000-2000点', '30符4飜3900点∀', '満貫2000-4000点', '役満32000点'."""
    if score.limit == "none":
        head = f"{score.fu}符{score.han}飜"
    elif score.limit in ("mangan", "haneman", "baiman", "sanbaiman"):
        head = LIMIT_NAMES[score.limit].ja
    else:
        head = YAKUMAN_LIMIT_NAME
    points = score.points
    value = points.total - points.honba_bonus - points.riichi_sticks_bonus
    if not tsumo:
        return f"{head}{value}点"
    if dealer:  # each payer's share of the value (with three players and no tsumo loss, the absent seat's split in)
        return f"{head}{value // (players - 1)}点∀"
    dealer_pays = points.tsumo_dealer or 0
    return f"{head}{(value - dealer_pays) // (players - 2)}-{dealer_pays}点"


def tenhou_yaku(score: ScoreResult, win: VerifiedWin) -> list[str]:
    """Each yaku as Tenhou writes it ('立直(1飜)', '国士無双(役満)'), the wind yakuhai named by their wind."""
    entries = []
    kita = sum(y.han for y in score.yaku if y.id == "kita")  # Tenhou counts each kita as a dora
    for yaku in score.yaku:
        han = yaku.han + kita if yaku.id == "dora" else yaku.han
        if han and yaku.id != "kita":
            entries.append(f"{_tenhou_yaku_name(yaku.id, win)}({han}飜)")
    if kita and not any(y.id == "dora" and y.han for y in score.yaku):
        entries.append(f"{_TENHOU_NAME['dora']}({kita}飜)")
    for yakuman in score.yakuman:
        entries += [f"{_TENHOU_NAME[yakuman.id]}(役満)"] * yakuman.multiplier
    return entries


def _tenhou_yaku_name(yaku_id: str, win: VerifiedWin) -> str:
    winds = ("east", "south", "west", "north")
    if yaku_id == "yakuhai_seat_wind":
        return f"自風 {TENHOU_WINDS[winds.index(str(win.context['seat_wind']))]}"
    if yaku_id == "yakuhai_round_wind":
        return f"場風 {TENHOU_WINDS[winds.index(str(win.context['round_wind']))]}"
    return _TENHOU_NAME[yaku_id]


# mjai


def to_mjai(game: GameRecord, verification: Verification) -> list[dict[str, Any]]:
    players = game.rules.players
    names = list(game.names) or [f"player{seat}" for seat in range(players)]
    events: list[dict[str, Any]] = [{"type": "start_game", "names": names[:players]}]
    for hand, verified in zip(game.hands, verification.hands, strict=True):
        events += _mjai_hand(hand, verified, players)
    final = _final(game, verification)
    events.append({"type": "end_game", **({"scores": list(final)} if final is not None else {})})
    return events


def _mjai_hand(hand: HandRecord, verified: VerifiedHand, players: int) -> list[dict[str, Any]]:
    dealer = hand.round_index % 4
    out: list[dict[str, Any]] = [{
        "type": "start_kyoku", "bakaze": WIND_LETTERS[hand.round_index // 4 % 4], "kyoku": dealer + 1,
        "honba": hand.honba, "kyotaku": hand.riichi_sticks, "oya": dealer, "scores": list(hand.scores),
        "dora_marker": mjai_tile(hand.dora_indicators[0]),
        "tehais": [[mjai_tile(t) for t in tiles] for tiles in hand.starting_hands]}]
    extra_dora = list(hand.dora_indicators[1:])
    last_draw: list[Tile | None] = [None] * players
    kan_pending = False
    scores = list(hand.scores)
    for index, event in enumerate(hand.events):
        out += _mjai_event(event, last_draw)
        if isinstance(event, Call | SelfKan) and (event.kind != "chi" if isinstance(event, Call) else True):
            kan_pending = True
        elif isinstance(event, Draw) and kan_pending:
            kan_pending = False
            if extra_dora:
                out.append({"type": "dora", "dora_marker": mjai_tile(extra_dora.pop(0))})
        if isinstance(event, Discard) and event.riichi and _riichi_stands(hand, verified, index, event.seat):
            scores[event.seat] -= RIICHI_DEPOSIT
            out.append({"type": "reach_accepted", "actor": event.seat, "deltas": [-RIICHI_DEPOSIT if s == event.seat else 0
                                                                                   for s in range(players)],
                        "scores": list(scores)})
    out += _mjai_end(hand, verified, players)
    out.append({"type": "end_kyoku"})
    return out


def _riichi_stands(hand: HandRecord, verified: VerifiedHand, index: int, seat: int) -> bool:
    return seat in verified.riichi and not (index == len(hand.events) - 1 and any(w.from_seat == seat for w in verified.wins))


def _mjai_event(event: Event, last_draw: list[Tile | None]) -> list[dict[str, Any]]:
    match event:
        case Draw():
            last_draw[event.seat] = event.tile
            return [{"type": "tsumo", "actor": event.seat, "pai": mjai_tile(event.tile)}]
        case Discard():
            discard = {"type": "dahai", "actor": event.seat, "pai": mjai_tile(event.tile),
                       "tsumogiri": last_draw[event.seat] == event.tile}
            last_draw[event.seat] = None
            return ([{"type": "reach", "actor": event.seat}] if event.riichi else []) + [discard]
        case Call():
            own = list(event.tiles)
            own.remove(event.called)
            kind = {"chi": "chi", "pon": "pon", "kan": "daiminkan"}[event.kind]
            return [{"type": kind, "actor": event.seat, "target": event.from_seat, "pai": mjai_tile(event.called),
                     "consumed": [mjai_tile(t) for t in own]}]
        case SelfKan():
            if event.kind == "ankan":
                return [{"type": "ankan", "actor": event.seat, "consumed": [mjai_tile(t) for t in event.tiles]}]
            *pon, added = event.tiles
            return [{"type": "kakan", "actor": event.seat, "pai": mjai_tile(added), "consumed": [mjai_tile(t) for t in pon]}]
    assert isinstance(event, Kita)
    return [{"type": "nukidora", "actor": event.seat, "pai": "N"}]


def _mjai_end(hand: HandRecord, verified: VerifiedHand, players: int) -> list[dict[str, Any]]:
    after = list(_scores_after(verified))
    if not verified.wins:
        refunded = [d + (RIICHI_DEPOSIT if seat in verified.riichi else 0) for seat, d in enumerate(verified.deltas or ())]
        reason = _GIMITE_REASONS.get(verified.abortive or "", "nagashimangan" if verified.nagashi else "fanpai")
        return [{"type": "ryukyoku", "reason": reason, "deltas": refunded or [0] * players, "scores": after}]
    ura = [mjai_tile(t) for t in hand.ura_indicators]
    out = []
    for win, deltas in zip(verified.wins, win_deltas(verified, players), strict=True):
        target = win.from_seat if win.from_seat is not None else win.winner
        hora: dict[str, Any] = {"type": "hora", "actor": win.winner, "target": target,
                                "pai": mjai_tile(_win_tile(hand, win)), "deltas": list(deltas),
                                "ura_markers": ura if (win.context.get("riichi") or win.context.get("double_riichi")) else []}
        if win.score is not None:
            hora.update(mjai_values(win.score))
        hora["scores"] = after
        out.append(hora)
    return out


def _win_tile(hand: HandRecord, win: VerifiedWin) -> Tile:
    """The tile won on, as the play shows it (a red five stays red)."""
    last = hand.events[-1]
    if isinstance(last, Draw | Discard | Kita):
        return last.tile
    if isinstance(last, SelfKan):
        return last.tiles[-1]
    return last.called


def mjai_values(score: ScoreResult) -> dict[str, Any]:
    """gimite's fields of a hora: fu, fan (100 per yakuman), yakus [[symbol, fan]] and hora_points."""
    yakus: Counter[str] = Counter()
    order: list[str] = []
    for yaku in score.yaku:
        symbol = _MJAI_SYMBOL.get(yaku.id, yaku.id)
        if yaku.han:
            order += [] if symbol in order else [symbol]
            yakus[symbol] += yaku.han
    for yakuman in score.yakuman:
        symbol = _MJAI_SYMBOL.get(yakuman.id, yakuman.id)
        order += [] if symbol in order else [symbol]
        yakus[symbol] += GIMITE_YAKUMAN_FAN * yakuman.multiplier
    fan = GIMITE_YAKUMAN_FAN * sum(y.multiplier for y in score.yakuman) if score.yakuman else score.han
    return {"fu": score.fu, "fan": fan, "yakus": [[symbol, yakus[symbol]] for symbol in order],
            "hora_points": score.points.total - score.points.honba_bonus - score.points.riichi_sticks_bonus}
