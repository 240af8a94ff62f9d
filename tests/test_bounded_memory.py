"""Memory is bounded: every memo a record's replay goes through hits on the second reading of the same game, so a
stream of records fills no memo past the patterns it has seen (the contract's "Under load, slow clients and shutdown")."""

from app.api.records import verify
from app.schemas.records import RecordsVerifyRequest
from app.scoring.memo import _NAMED, switch_memos
from tests.records_helpers import TENHOU6, body


def memo_sizes() -> dict[str, int]:
    return {name: len(memo) for name, memo in _NAMED.items()}


def test_a_game_verified_again_adds_no_memo_entry() -> None:
    requests = [RecordsVerifyRequest.model_validate(body(path)) for path in TENHOU6[:3]]
    switch_memos(True)  # every memo emptied: what it holds below is these games'
    for request in requests:
        verify(request)
    before = memo_sizes()
    for request in requests:
        verify(request)
    grown = {name: (before[name], size) for name, size in memo_sizes().items() if size != before[name]}
    assert grown == {}
    assert 0 < before["meld_summaries"] < 200  # keyed by shared melds: one entry per set of melds seen
