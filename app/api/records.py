"""POST /records/verify, POST /records/convert and POST /records/stats."""

from fastapi import APIRouter, Response

from app.api.hand import model_response
from app.api.language import AcceptLanguage, LangQuery, choose, localize
from app.errors import InvalidInput, Problem
from app.heavy import heavy
from app.match.rules import MatchRules
from app.records import Record, RecordFormat, read_record
from app.records.convert import Conversion, convert_game
from app.records.model import GameRecord
from app.records.stats import GameFigures, RecordStats, game_figures, stats_of
from app.records.verify import Verification, verify_game
from app.schemas.records import (
    RecordsConvertRequest,
    RecordsConvertResponse,
    RecordsStatsRequest,
    RecordsStatsResponse,
    RecordsVerifyRequest,
    RecordsVerifyResponse,
)
from app.schemas.settle import SettleRulesIn
from app.scoring.vocabulary import Language

router = APIRouter(tags=["records"])
PATH = "/records/verify"  # its body cap is MAHJONG_MAX_RECORD_BODY_BYTES (app.main)
CONVERT_PATH = "/records/convert"  # the same cap as /records/verify
STATS_PATH = "/records/stats"  # its body cap is MAHJONG_MAX_STATS_BODY_BYTES (app.main)


def rules_for(game: GameRecord, given: SettleRulesIn | None) -> dict[str, object]:
    """The record's own rules; with a preset, exactly the rules given; options alone are laid over the record's."""
    options = dict(game.rules.options)
    if given is None:
        return options
    sent = given.model_dump(exclude_unset=True)
    if "preset" in sent:
        return sent
    return {**options, **sent}


def prepared(record: Record, given: RecordFormat | None,
             rules_given: SettleRulesIn | None) -> tuple[GameRecord, MatchRules, dict[str, object]]:
    """The record read, and the rules to replay it under (its own unless others are given)."""
    game = read_record(record, given)
    options = rules_for(game, rules_given)
    rules = SettleRulesIn.model_validate(options).to_core()
    if rules.players != game.rules.players:
        raise InvalidInput.single("invalid_option", ("rules", "players"),
                                  f"the record is a {game.rules.players}-player game but these rules are for "
                                  f"{rules.players} players; use a {game.rules.players}-player preset or set players")
    return game, rules, options


def verify(request: RecordsVerifyRequest) -> Verification:
    return verify_game(*prepared(request.record, request.format, request.rules))


def convert(request: RecordsConvertRequest) -> Conversion:
    """The record read, replayed and verified under its own rules, and written in the format asked for with the
    service's values (a pure function of the request: its answer is a plain, picklable record)."""
    game, rules, options = prepared(request.record, request.format, None)
    return convert_game(game, verify_game(game, rules, options), request.to)


def stats(request: RecordsStatsRequest) -> RecordStats:
    """Every record replayed and verified, and the players' figures added up; a record that cannot be read refuses
    the whole request, pointed at by its index."""
    figures: list[GameFigures] = []
    for index, record in enumerate(request.records):
        try:
            figures.append(game_figures(*prepared(record, None, request.rules)))
        except InvalidInput as exc:
            raise InvalidInput([_at_record(index, p) for p in exc.problems]) from None
    return stats_of(figures)


def _at_record(index: int, problem: Problem) -> Problem:
    """A problem of one record, pointed into `records`: ("record", ...) becomes ("records", INDEX, ...)."""
    loc = ("records", index, *problem.loc[1:]) if problem.loc[:1] == ("record",) else problem.loc
    return Problem(problem.type, loc, f"record {index}: {problem.msg}")


@router.post(
    PATH,
    response_model=RecordsVerifyResponse,
    operation_id="verify_record",
    summary="Verify a whole game record",
    description=(
        "Send a game record (tenhou.net/6 JSON, mjlog XML, an mjai log or a Mahjong Soul record, four or three players); "
        "every hand is replayed "
        "from its tiles, every win scored as POST /hand/score scores it and every hand settled as POST /match/settle "
        "settles it, and each difference from what the record says comes back at its hand and seat."
    ),
)
async def verify_record(request: RecordsVerifyRequest, lang: LangQuery = None,
                        accept_language: AcceptLanguage = None) -> Response:
    return await heavy(verify_answer, request, choose(lang, accept_language))


def verify_answer(request: RecordsVerifyRequest, language: Language) -> Response:
    """The whole answer, written in a heavy-work process (app/heavy.py)."""
    result = verify(request)
    for hand in result.hands:
        for win in hand.wins:
            if win.score is not None:
                localize(win.score, language)
    return model_response(RecordsVerifyResponse, result, language)


@router.post(
    STATS_PATH,
    response_model=RecordsStatsResponse,
    operation_id="record_stats",
    summary="Player statistics over game records",
    description=(
        "Send 1 to 500 game records in any format POST /records/verify reads; each is replayed and verified as that "
        "route does, and every player's figures come back as counts of their denominators (win, tsumo, deal-in, "
        "riichi, call, dama, draw, tenpai at draw), with the mean win, deal-in and win turn and the placements. "
        "Records with mismatches still count and are listed in `unverified`."
    ),
)
async def record_stats(request: RecordsStatsRequest) -> Response:
    return await heavy(stats_answer, request)


def stats_answer(request: RecordsStatsRequest) -> Response:
    """The whole answer, written in a heavy-work process (app/heavy.py)."""
    return model_response(RecordsStatsResponse, stats(request))


@router.post(
    CONVERT_PATH,
    response_model=RecordsConvertResponse,
    operation_id="convert_record",
    summary="Convert a game record to tenhou.net/6 or mjai",
    description=(
        "Send any record POST /records/verify reads (tenhou.net/6, mjlog, mjai, Mahjong Soul); it is replayed and "
        "scored, and written back as a tenhou.net/6 log (Tenhou's Japanese value strings and yaku names) or as an mjai "
        "event log (Mortal's dialect, every hora with gimite's fu, fan, yakus, hora_points, deltas and scores). The "
        "values written are the service's own, from the tiles."
    ),
)
async def convert_record(request: RecordsConvertRequest) -> Response:
    return await heavy(convert_answer, request)


def convert_answer(request: RecordsConvertRequest) -> Response:
    """The whole answer, written in a heavy-work process (app/heavy.py)."""
    return model_response(RecordsConvertResponse, convert(request))
