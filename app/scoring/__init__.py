"""The pure scoring core: frozen dataclasses in, frozen dataclasses out; no web framework.

Glossary: one meaning per name, across the core (app/scoring, app/match), the records (app/records) and the edge.

Hands and melds
- HandInput, MeldInput: a hand and its melds as /hand/score sends them (MPSZ notation); TypedHand, TypedMeld: the
  same by tile codes (typed.py). ParsedHand: a hand validated (validate.py), its tiles by suit.
- MeldFacts (hand.py): a meld validated, with what follows from its kind and lowest tile; MeldSummary: all of a
  hand's melds added up. app/records/replay.Meld is a meld as a record's play made it (record tiles, seats).
- Reading (decompose.py): one way to split the concealed tiles into sets and a pair (or seven pairs, kokushi).

The win and its worth
- WinContext: how a hand was won (ron or tsumo, winds, the context flags, indicators, honba, sticks, pao).
- context flag: one of WinContext's booleans (riichi ... nagashi_mangan), each a row of CONTEXT_FLAGS
  (context_flags.py), which says what it needs and rules out and which yaku it feeds.
- Situation, HandFacts, ShapeFacts, DoraFacts (facts.py): what each yaku table reads of a win, a hand, a reading.
- ScoreResult (result.py): /hand/score's answer. WinOnWait (analysis.py): what one win on a wait is worth, by ron
  or by tsumo, in /hand/analyze's answer. app/match/win_value.WinValue: what a win settled in a match is worth, its
  payments split from its honba.
- Payments (settlement.py): the standard table's amounts for a value (ron, or tsumo from the dealer and from each
  non-dealer). Payment: one payer's share of a win, in a ScoreResult, by seat wind ("discarder" when not named).
  app/match/win_value.Payout: the same in a match, where every payer has a seat wind. app/match/hand.Transfer:
  points moving between two seats (or a seat and the table) in a settlement, with their kind.

Results of a hand (the match)
- app/match/model.HandResult: how the last hand ended as /match/end-check takes it (win, draw, abortive_draw,
  chombo). app/match/hand.Outcome: the same as /match/settle takes it, ron and tsumo told apart (both are the
  OpenAPI documents' names). app/records/replay.HandOutcome: what a record's play of one hand came to.

Tables
- A table is a table of rows declared once: the yaku and yakuman tables (yaku.py), the option table
  (app/match/rules.OPTIONS), the preset table (PRESETS), the flag table (CONTEXT_FLAGS), the context checks
  (validate.CONTEXT_CHECKS). The players sit at "the table" only in prose: code says players, seats or winds
  (validate.players_problems: what the number of players rules out; settlement.playing_winds).
- app/scoring/analysis.Setup: what stays the same for every hand /hand/analyze looks at.
"""

from app.scoring.evaluate import score, score_hand
from app.scoring.hand import HandInput, MeldInput, WinContext
from app.scoring.result import ScoreResult
from app.scoring.rules import HandRules, resolve_hand_rules
from app.scoring.typed import TypedHand, TypedMeld

__all__ = ["HandInput", "HandRules", "MeldInput", "ScoreResult", "TypedHand", "TypedMeld", "WinContext", "resolve_hand_rules",
           "score", "score_hand"]
