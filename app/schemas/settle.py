"""Request and response bodies of POST /match/settle and POST /match/replay."""

from typing import Annotated, Any, Self

from pydantic import BaseModel, ConfigDict, Field, StrictBool, model_validator

from app.match.hand import HanFu, Outcome, PlayedHand, ScoredWin, Settlement, Tiles, Transfer, Win, WinValueIn, YakumanValue
from app.match.model import MatchState
from app.match.replay import Replay
from app.match.rules import AbortiveDraw
from app.match.win_value import TileHand
from app.schemas.common import Count
from app.schemas.enums import Limit
from app.schemas.from_core import answer_model
from app.schemas.hand import ContextModel, HandModel, MeldModel
from app.schemas.match import MatchStateIn, PerSeat, Seat
from app.schemas.points import Fu, Han, YakumanCount
from app.schemas.rules import SettleRulesIn
from app.scoring import TypedHand
from app.scoring.typed import notation

MAX_HANDS = 256
Seats = Annotated[list[Seat], Field(max_length=4)]



class SettleStateIn(MatchStateIn):
    """The scoreboard as the hand began."""

    honba: Count = Field(0, description="Honba of this hand.")
    riichi_sticks: Count = Field(0, description="Riichi sticks on the table when the hand began.")
    scores: PerSeat = Field(description="Points of each seat, seat 0 first (4, or 3 with three players), before the hand.")

    @classmethod
    def from_core(cls, state: MatchState) -> Self:
        """The scoreboard as a request sends it: its round, counters and scores, and the other fields where they are
        not a fresh scoreboard's."""
        fields: dict[str, Any] = {"round_wind": state.round_wind, "round_number": state.round_number,
                                  "honba": state.honba, "riichi_sticks": state.riichi_sticks, "scores": list(state.scores)}
        if state.starting_dealer_seat:
            fields["starting_dealer_seat"] = state.starting_dealer_seat
        if state.dealer_seat is not None:
            fields["dealer_seat"] = state.dealer_seat
        if state.lap:
            fields["lap"] = state.lap
        if state.penalties:
            fields["penalties"] = list(state.penalties)
        return cls(**fields)


class WinIn(BaseModel):
    """One winner and the value of the win, given one way: hand and context, han and fu, or yakuman."""

    model_config = ConfigDict(extra="forbid")

    winner: Seat
    from_seat: Seat | None = Field(None, description="The discarder, on a ron (the same for every winner).")
    pao_seat: Seat | None = Field(None, description="The player liable (pao) for the win's yakuman.")
    pao_yakuman: YakumanCount | None = Field(None, description="How many of the yakuman pao covers (default: all).")
    han: Han | None = None
    fu: Fu | None = Field(
        None, description="With han; may be left out from 5 han on.")
    yakuman: YakumanCount | None = Field(None, description="How many yakuman the win counts (1 single, 2 double, ...).")
    hand: HandModel | None = Field(None, description="The hand as POST /hand/score takes it.")
    context: ContextModel | None = Field(
        None, description="As POST /hand/score takes it; the seat winds, win, riichi, honba and sticks follow from "
        "the scoreboard and may be left out (where sent they must agree).")

    @model_validator(mode="after")
    def _fu_goes_with_han(self) -> Self:
        if self.fu is not None and self.han is None:
            raise ValueError("fu goes with han: send both, or yakuman, or hand and context")
        return self

    def to_core(self) -> Win:
        return Win(self.winner, tuple(self._values()), self.from_seat, self.pao_seat, self.pao_yakuman)

    @classmethod
    def from_core(cls, win: Win) -> Self:
        """The win as a request sends it (to_core's inverse): its seats that are set, and each way its value is given."""
        seats = {"from_seat": win.from_seat, "pao_seat": win.pao_seat, "pao_yakuman": win.pao_yakuman}
        fields: dict[str, Any] = {name: seat for name, seat in seats.items() if seat is not None}
        for value in win.values:
            fields.update(_value_fields(value))
        return cls(winner=win.winner, **fields)

    def _values(self) -> list[WinValueIn]:
        values: list[WinValueIn] = []
        if self.hand is not None or self.context is not None:
            values.append(Tiles(_tile_hand(self.hand), _sent(self.context)))
        if self.han is not None:
            values.append(HanFu(self.han, self.fu))
        if self.yakuman is not None:
            values.append(YakumanValue(self.yakuman))
        return values


def _value_fields(value: WinValueIn) -> dict[str, Any]:
    """A win's value as a request gives it: han (and fu), yakuman, or the hand and the context fields sent."""
    match value:
        case HanFu(han, fu):
            return {"han": han} if fu is None else {"han": han, "fu": fu}
        case YakumanValue(count):
            return {"yakuman": count}
    fields: dict[str, Any] = {}
    if value.hand is not None:
        fields["hand"] = _hand_model(value.hand)
    if value.context:
        fields["context"] = ContextModel(**{name: list(v) if isinstance(v, tuple) else v for name, v in value.context})
    return fields


def _hand_model(hand: TileHand | TypedHand) -> HandModel:
    """The hand in MPSZ, as a request sends it (a hand by tile codes written out)."""
    if isinstance(hand, TypedHand):
        written = notation(hand)
        return HandModel(tiles=written.tiles, win_tile=written.win_tile,
                         melds=[MeldModel(type=m.type, tiles=m.tiles) for m in written.melds])
    return HandModel(tiles=hand.tiles, win_tile=hand.win_tile, melds=[MeldModel(type=t, tiles=m) for t, m in hand.melds])


def _tile_hand(hand: HandModel | None) -> TileHand | None:
    if hand is None:
        return None
    return TileHand(hand.tiles, hand.win_tile, tuple((meld.type, meld.tiles) for meld in hand.melds))


def _sent(context: ContextModel | None) -> tuple[tuple[str, object], ...]:
    """The context fields the client sent (lists as tuples)."""
    if context is None:
        return ()
    values = {name: getattr(context, name) for name in context.model_fields_set}
    return tuple((name, tuple(value) if isinstance(value, list) else value) for name, value in values.items())


class SettleHandIn(BaseModel):
    """What happened in the hand."""

    model_config = ConfigDict(extra="forbid")

    result: Outcome = Field(description="ron, tsumo, draw (exhaustive), abortive_draw or chombo.")
    riichi: Seats = Field(default_factory=list, description="Seats whose riichi was accepted: 1000 points each on the table.")
    wins: Annotated[list[WinIn], Field(max_length=3)] = Field(
        default_factory=list, description="ron: every winner on the discard; tsumo: the one winner.")
    tenpai: Seats = Field(default_factory=list, description="At an exhaustive draw, the tenpai seats.")
    nagashi: Seats = Field(default_factory=list, description="At an exhaustive draw, the seats that made nagashi mangan.")
    abortive: AbortiveDraw | None = Field(None, description="The kind of abortive draw.")
    chombo: Seat | None = Field(None, description="The offending seat of a chombo.")
    dealer_ends: StrictBool | None = Field(
        None, description="The all-last dealer's own choice to stop where agariyame is optional (null: continue).")

    def to_core(self) -> PlayedHand:
        return PlayedHand(self.result, tuple(self.riichi), tuple(win.to_core() for win in self.wins),
                          tuple(self.tenpai), tuple(self.nagashi), self.abortive, self.chombo, self.dealer_ends)

    @classmethod
    def from_core(cls, hand: PlayedHand) -> Self:
        """The hand as a request sends it (to_core's inverse): its result and riichi, its wins where it has any, the
        tenpai seats at a draw, and each other field where it is set."""
        fields: dict[str, Any] = {"result": hand.result, "riichi": list(hand.riichi)}
        if hand.wins:
            fields["wins"] = [WinIn.from_core(win) for win in hand.wins]
        if hand.result is Outcome.DRAW:
            fields["tenpai"] = list(hand.tenpai)
        if hand.nagashi:
            fields["nagashi"] = list(hand.nagashi)
        optional = {"abortive": hand.abortive, "chombo": hand.chombo, "dealer_ends": hand.dealer_ends}
        return cls(**fields, **{name: value for name, value in optional.items() if value is not None})


class SettleRequest(BaseModel):
    """The scoreboard before a hand, the rules, and what happened in the hand."""

    model_config = ConfigDict(extra="forbid")

    rules: SettleRulesIn = Field(default_factory=lambda: SettleRulesIn(), description="Preset and option overrides.")
    state: SettleStateIn
    hand: SettleHandIn


class ReplayRequest(BaseModel):
    """A whole match as its hands, settled in turn."""

    model_config = ConfigDict(extra="forbid")

    rules: SettleRulesIn = Field(default_factory=lambda: SettleRulesIn(), description="Preset and option overrides.")
    state: SettleStateIn | None = Field(
        None, description="The scoreboard before the first hand; default East 1, seat 0 dealing, start_points each.")
    hands: Annotated[list[SettleHandIn], Field(min_length=1, max_length=MAX_HANDS)]


# The answers and their parts, generated from the core's records (app/schemas/from_core.py).
TransferOut = answer_model(
    Transfer, "TransferOut",
    from_seat="The paying seat; null: the table (riichi sticks).",
    to_seat="The receiving seat; null: the table (a riichi deposit).")
WinOut = answer_model(
    ScoredWin, "WinOut", retyped={"limit": Limit},
    points="The table value without honba or sticks: the ron payment or the tsumo payments.",
    honba_bonus="The honba this winner collected.",
    riichi_sticks_bonus="The riichi sticks this winner collected.",
    score="Where tiles were sent, the whole /hand/score answer.")
NextStateOut = answer_model(
    MatchState, "NextStateOut",
    order=("round_wind", "round_number", "dealer_seat", "honba", "riichi_sticks", "lap", "starting_dealer_seat", "scores",
           "penalties"))
SettleResponse = answer_model(
    Settlement, "SettleResponse",
    deltas="Each seat's whole change, riichi deposits included.",
    payments="Every movement of points, in order.",
    wins="Each winner's value, first winner first.",
    scores="state.scores plus deltas.",
    riichi_sticks="The sticks left on the table.",
    penalties="Points each seat will lose from its final result.",
    end_check="What POST /match/end-check answers for the scoreboard after the hand.",
    next_state="The next call's state; null once the match is over.")
ReplayResponse = answer_model(
    Replay, "ReplayResponse",
    hands="Each hand's settlement, in order.",
    standings="The final result once the match is over; before that the current order, sticks not given out.")
