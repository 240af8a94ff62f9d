"""Hand-scoring rule options and the named presets (the match options live in app.match.rules).

Each option is one field of HandRules, declared with its default and its meaning (and its allowed values where
they are not every bool or int): the request schema, the OpenAPI document and GET /rules are built from
these fields, so a new option is one field here plus the line of the core that reads it.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from app.errors import InvalidInput
from app.scoring.names import LIMIT_NAMES, Names
from app.scoring.vocabulary import DEFAULT_PRESET, RENHOU_VALUES, PaoCovers, PaoHonba, PresetName, Renhou


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """What a client may set an option to, and what it means."""

    meaning: str
    label: Names  # its name in every language, for a menu (GET /rules)
    choices: tuple[bool | int | str, ...] = ()  # empty: any value of the default's type within low..high
    low: int | None = None
    high: int | None = None
    multiple_of: int | None = None


def option(default: Any, meaning: str, label: Names, **allowed: Any) -> Any:
    """A HandRules field: its default, and its OptionSpec kept in the field's metadata."""
    return field(default=default, metadata={"option": OptionSpec(meaning, label, **allowed)})


@dataclass(frozen=True, slots=True)
class HandRules:
    open_tanyao: bool = option(True, "Tanyao counts in an open hand (kuitan).",
        label=Names("Open tanyao (kuitan)", "喰いタン", "Kuitan (Tanyao khi bài mở)", "食断", "쿠이탕"))
    aka_dora: bool = option(True, "Red fives add one dora each.",
        label=Names("Red fives (aka dora)", "赤ドラ", "Aka dora (quân năm đỏ)", "红宝牌", "아카도라"))
    double_yakuman: bool = option(
        False, "Kokushi 13-sided wait, suuankou tanki, junsei chuuren and daisuushii count as double yakuman.",
        label=LIMIT_NAMES["double_yakuman"])
    yakuman_stacking: bool = option(True, "Several yakuman in one hand add up; otherwise only the largest counts.",
        label=Names("Yakuman stacking", "役満の複合", "Cộng dồn yakuman", "役满复合", "역만 중첩"))
    kazoe_yakuman: bool = option(True, "13 han or more is a (kazoe) yakuman; otherwise it is capped at sanbaiman.",
        label=LIMIT_NAMES["kazoe_yakuman"])
    kiriage_mangan: bool = option(False, "4 han 30 fu and 3 han 60 fu are paid as mangan.",
        label=Names("Kiriage mangan", "切り上げ満貫", "Kiriage mangan (làm tròn lên mangan)", "切上满贯", "키리아게 만관"))
    double_wind_pair_fu: int = option(
        4, "Fu for a pair of the wind that is both seat and round wind (2 or 4).", choices=(2, 4),
        label=Names("Double wind pair fu", "連風牌の雀頭の符", "Fu của đôi gió kép", "连风牌雀头的符数", "연풍패 머리의 부수"))
    renhou: Renhou = option(
        "none", "What renhou is worth: none, mangan (a 5-han yaku), baiman (an 8-han yaku) or yakuman.",
        choices=RENHOU_VALUES,
        label=Names("Renhou's value", "人和の扱い", "Giá trị của Renhou", "人和的计分", "인화의 취급"))
    renhou_alone: bool = option(
        False, "A renhou worth mangan or baiman is scored alone, without the hand's other yaku or dora.",
        label=Names("Renhou scored alone", "人和の単独計算", "Renhou tính riêng", "人和不与其他役复合", "인화 단독 계산"))
    nagashi_mangan: bool = option(True, "Nagashi mangan exists (paid as a mangan won by tsumo).",
        label=Names("Nagashi mangan", "流し満貫", "Nagashi mangan", "流局满贯", "유국만관"))
    pao_suukantsu: bool = option(False, "Pao (liability) applies to suukantsu as well as daisangen and daisuushii.",
        label=Names("Pao for suukantsu", "四槓子の包", "Pao cho Suukantsu", "四杠子包牌", "사공자 책임지불"))
    pao_covers: PaoCovers = option(
        "whole_hand", "What the liable player answers for when the hand holds other yakuman too: only the pao "
        "yakuman (the rest is paid as usual), or the whole hand.", choices=("yakuman", "whole_hand"),
        label=Names("What pao covers", "包の範囲", "Phạm vi của pao", "包牌的范围", "책임지불의 범위"))
    pao_honba: PaoHonba = option(
        "liable", "Who pays the honba on a pao hand won by ron: the liable player or the discarder (on tsumo the "
        "liable player pays them).", choices=("liable", "discarder"),
        label=Names("Who pays the honba under pao", "包のときの積み棒の支払い",
                    "Người trả honba khi có pao", "包牌时本场的支付者", "책임지불 시 본장 지불자"))
    honba_points: int = option(
        300, "What each honba adds to a win, in all (300: 300 on ron, 100 from each player on tsumo); it must split "
        "evenly among the players who pay a tsumo.", low=0, high=3000,
        label=Names("Points per honba", "積み棒の点数", "Điểm mỗi honba", "每本场的点数", "본장당 점수"))
    max_red_fives_per_suit: int = option(1, "How many red fives each suit may hold.", low=0, high=4,
        label=Names("Red fives per suit", "各色の赤五の枚数", "Số quân năm đỏ mỗi chất", "每种花色的红五数", "수패 종류별 아카도라 수"))
    players: int = option(4, "Players at the table: 4, or 3 (sanma: no 2m-8m, no chi, nobody sits North, kita).", choices=(3, 4),
        label=Names("Players", "人数", "Số người chơi", "人数", "인원 수"))
    tsumo_loss: bool = option(
        True, "With three players, a tsumo is paid by the two others as in four-player and the absent seat's share is "
        "lost (Tenhou); otherwise each payer also pays half of that share, rounded up to 100 (Mahjong Soul).",
        label=Names("Tsumo loss (three players)", "ツモ損", "Tsumo loss (3 người chơi)", "自摸损", "쯔모 손해 (3인 마작)"))
    # Not an option: rules key the per-rules memos of every hand scored, and each request brings its own, so they
    # compare and hash by their options' values, gathered once (the generated __eq__ gathers both sides anew).
    _values: tuple[object, ...] = field(default=(), init=False, repr=False, compare=False)
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        values = tuple(getattr(self, option) for option in HAND_OPTIONS)
        object.__setattr__(self, "_values", values)
        object.__setattr__(self, "_hash", hash(values))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandRules) and self._values == other._values

    def __hash__(self) -> int:
        return self._hash


def option_spec(name: str) -> OptionSpec:
    spec: OptionSpec = HAND_OPTIONS[name].metadata["option"]
    return spec


HAND_OPTIONS = {f.name: f for f in fields(HandRules) if f.init}

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
# tenhou_sanma: tenhou.net/man (three-player), as mjstars.net "Rules for 3-player Ranking Match" summarises it:
#   as four-player unless stated, 200-point honba (100 from each payer on tsumo), the absent seat's tsumo share lost.
# mahjong_soul_sanma: riichi.wiki "Majsoul" (3P-Mahjong: "most of the rules are identical to Tenhou Sanma"), with
#   Mahjong Soul's double yakuman and pao, and no tsumo loss (the absent share split between the payers).
# ema: EMA Riichi Competition Rules 2025 (in force since 1 January 2026): no red fives, "Yakuman are not
#   cumulative" (4.2), kiriage, no kazoe, double-wind pair "2 minipoints instead of 4" (4.1.1), renhou a
#   mangan that stands alone (4.2.4), the discarder pays the counters on a pao ron.
HAND_PRESETS: dict[str, dict[str, Any]] = {
    "tenhou": {},
    "mahjong_soul": {"double_yakuman": True, "pao_covers": "yakuman"},
    "mleague": {"kazoe_yakuman": False, "kiriage_mangan": True, "double_wind_pair_fu": 2, "nagashi_mangan": False,
                "pao_suukantsu": True, "pao_covers": "yakuman"},
    "wrc": {"aka_dora": False, "max_red_fives_per_suit": 0, "kazoe_yakuman": False, "kiriage_mangan": True,
            "double_wind_pair_fu": 2, "renhou": "mangan", "nagashi_mangan": False, "pao_covers": "yakuman"},
    "ema": {"aka_dora": False, "max_red_fives_per_suit": 0, "yakuman_stacking": False, "kazoe_yakuman": False,
            "kiriage_mangan": True, "double_wind_pair_fu": 2, "renhou": "mangan", "nagashi_mangan": False,
            "renhou_alone": True, "pao_covers": "yakuman", "pao_honba": "discarder"},
    "tenhou_sanma": {"players": 3, "honba_points": 200},
    "mahjong_soul_sanma": {"players": 3, "honba_points": 200, "tsumo_loss": False, "double_yakuman": True,
                           "pao_covers": "yakuman"},
}


# The presets' names, for a menu (GET /rules).
PRESET_LABELS: dict[PresetName, Names] = {
    "tenhou": Names("Tenhou", "天鳳", "Tenhou", "天凤", "천봉"),
    "mahjong_soul": Names("Mahjong Soul", "雀魂", "Mahjong Soul", "雀魂", "작혼"),
    "mleague": Names("M.League", "Mリーグ", "M.League", "M联赛", "M리그"),
    "wrc": Names("WRC rules", "WRCルール", "Luật WRC", "WRC规则", "WRC 규칙"),
    "ema": Names("EMA rules", "EMAルール", "Luật EMA", "EMA规则", "EMA 규칙"),
    "tenhou_sanma": Names("Tenhou, three players", "天鳳三麻", "Tenhou 3 người", "天凤三麻", "천봉 3인 마작"),
    "mahjong_soul_sanma": Names("Mahjong Soul, three players", "雀魂三麻", "Mahjong Soul 3 người", "雀魂三麻", "작혼 3인 마작"),
}


def resolve_hand_rules(preset: str | None, overrides: Mapping[str, Any]) -> HandRules:
    """The preset's options (DEFAULT_PRESET when None) with `overrides` laid over them."""
    values: dict[str, Any] = {**HAND_PRESETS[preset or DEFAULT_PRESET], **overrides}
    return HandRules(**values)


def check_hand_rules(rules: HandRules) -> None:
    """Refuse options that cannot go together (each is valid alone)."""
    payers = rules.players - 1
    if rules.honba_points % payers:
        raise InvalidInput.single("invalid_option", ("rules", "honba_points"),
                                  f"honba_points {rules.honba_points} does not split evenly among the {payers} players "
                                  f"who pay a tsumo; use a multiple of {payers}")
