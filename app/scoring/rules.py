"""Hand-scoring rule options and the named presets (the match options live in app.match.rules)."""

from dataclasses import dataclass, replace
from typing import Literal

Renhou = Literal["none", "mangan", "baiman", "yakuman"]


@dataclass(frozen=True, slots=True)
class HandRules:
    open_tanyao: bool = True
    aka_dora: bool = True
    double_yakuman: bool = False
    yakuman_stacking: bool = True
    kazoe_yakuman: bool = True
    kiriage_mangan: bool = False
    double_wind_pair_fu: Literal[2, 4] = 4
    renhou: Renhou = "none"
    renhou_alone: bool = False
    nagashi_mangan: bool = True
    pao_suukantsu: bool = False
    pao_covers: Literal["yakuman", "whole_hand"] = "whole_hand"
    pao_honba: Literal["liable", "discarder"] = "liable"
    honba_points: int = 300
    max_red_fives_per_suit: int = 1


HAND_OPTION_DOCS: dict[str, str] = {
    "open_tanyao": "Tanyao counts in an open hand (kuitan).",
    "aka_dora": "Red fives add one dora each.",
    "double_yakuman": "Kokushi 13-sided wait, suuankou tanki, junsei chuuren and daisuushii count as double yakuman.",
    "yakuman_stacking": "Several yakuman in one hand add up; otherwise only the largest counts.",
    "kazoe_yakuman": "13 han or more is a (kazoe) yakuman; otherwise it is capped at sanbaiman.",
    "kiriage_mangan": "4 han 30 fu and 3 han 60 fu are paid as mangan.",
    "double_wind_pair_fu": "Fu for a pair of the wind that is both seat and round wind (2 or 4).",
    "renhou": "What renhou is worth: none, mangan (a 5-han yaku), baiman (an 8-han yaku) or yakuman.",
    "renhou_alone": "A renhou worth mangan or baiman is scored alone, without the hand's other yaku or dora.",
    "nagashi_mangan": "Nagashi mangan exists (paid as a mangan won by tsumo).",
    "pao_suukantsu": "Pao (liability) applies to suukantsu as well as daisangen and daisuushii.",
    "pao_covers": "What the liable player answers for when the hand holds other yakuman too: only the pao "
                  "yakuman (the rest is paid as usual), or the whole hand.",
    "pao_honba": "Who pays the honba on a pao hand won by ron: the liable player or the discarder (on tsumo the "
                 "liable player pays them).",
    "honba_points": "What each honba adds to a win, in all (300: 300 on ron, 100 from each player on tsumo).",
    "max_red_fives_per_suit": "How many red fives each suit may hold.",
}

# Each preset states only what differs from HandRules' defaults, which are Tenhou's. Sources (with the
# confidence of each value) are in docs/presets.md:
# tenhou: tenhou.net/man, as translated on riichi.wiki "Tenhou.net rules": the 13-sided kokushi, suuankou tanki,
#   junsei chuuren and daisuushii are single yakuman, different yakuman add up (riichi.wiki "Multiple
#   yakuman"); pao covers the whole hand and "related repeats also paid through pao".
# mahjong_soul: riichi.wiki "Majsoul" (Rules): those four patterns are double yakuman; pao covers only the
#   pao yakuman.
# mleague: m-league.jp/about (riichi.wiki "M.League", Game rules): kiriage mangan, no kazoe yakuman,
#   double-wind pair 2 fu, no nagashi mangan, pao for suukantsu too, the liable player answers for the pao
#   yakuman and the honba.
# wrc: World Riichi Championship Rules 2022 and its "Major Rule Changes Summary": no red fives, no double
#   yakuman, yakuman add up, kiriage, no kazoe, double-wind pair 2 fu, renhou a cumulative mangan, no nagashi.
# ema: EMA Riichi Competition Rules 2025 (in force since 1 January 2026): no red fives, "Yakuman are not
#   cumulative" (4.2), kiriage, no kazoe, double-wind pair "2 minipoints instead of 4" (4.1.1), renhou a
#   mangan that stands alone (4.2.4), the discarder pays the counters on a pao ron.
HAND_PRESETS: dict[str, dict[str, object]] = {
    "tenhou": {},
    "mahjong_soul": {"double_yakuman": True, "pao_covers": "yakuman"},
    "mleague": {"kazoe_yakuman": False, "kiriage_mangan": True, "double_wind_pair_fu": 2, "nagashi_mangan": False,
                "pao_suukantsu": True, "pao_covers": "yakuman"},
    "wrc": {"aka_dora": False, "max_red_fives_per_suit": 0, "kazoe_yakuman": False, "kiriage_mangan": True,
            "double_wind_pair_fu": 2, "renhou": "mangan", "nagashi_mangan": False, "pao_covers": "yakuman"},
    "ema": {"aka_dora": False, "max_red_fives_per_suit": 0, "yakuman_stacking": False, "kazoe_yakuman": False,
            "kiriage_mangan": True, "double_wind_pair_fu": 2, "renhou": "mangan", "nagashi_mangan": False,
            "renhou_alone": True, "pao_covers": "yakuman", "pao_honba": "discarder"},
}

DEFAULT_PRESET = "tenhou"


def resolve_hand_rules(preset: str | None, overrides: dict[str, object]) -> HandRules:
    return replace(HandRules(), **{**HAND_PRESETS[preset or DEFAULT_PRESET], **overrides})
