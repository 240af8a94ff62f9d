"""A name in every language of the vocabulary (Language), and the names of the limits.

Yaku and yakuman carry their Names in their table rows (yaku.py), hand options in their HandRules field
(rules.py), match options beside their meaning (app/match/rules.py). Where each name comes from is in
docs/names.md.
"""

from dataclasses import dataclass
from typing import Final

from app.scoring.vocabulary import Limit


@dataclass(frozen=True, slots=True)
class Names:
    """One name in English, Japanese, Vietnamese, Chinese (simplified) and Korean: the fields are LANGUAGES."""

    en: str
    ja: str
    vi: str
    zh: str
    ko: str

    def of(self, language: str) -> str:
        name: str = getattr(self, language)
        return name


# Every limit but "none", which is not one (a hand's limit_name is then null).
LIMIT_NAMES: Final[dict[Limit, Names]] = {
    "mangan": Names("Mangan", "満貫", "Mangan", "满贯", "만관"),
    "haneman": Names("Haneman", "跳満", "Haneman", "跳满", "하네만"),
    "baiman": Names("Baiman", "倍満", "Baiman", "倍满", "배만"),
    "sanbaiman": Names("Sanbaiman", "三倍満", "Sanbaiman", "三倍满", "삼배만"),
    "kazoe_yakuman": Names("Kazoe yakuman", "数え役満", "Kazoe yakuman", "累计役满", "헤아림 역만"),
    "yakuman": Names("Yakuman", "役満", "Yakuman", "役满", "역만"),
    "double_yakuman": Names("Double yakuman", "ダブル役満", "Double Yakuman", "两倍役满", "더블 역만"),
    "triple_yakuman": Names("Triple yakuman", "トリプル役満", "Yakuman gấp ba", "三倍役满", "트리플 역만"),
    "quadruple_yakuman": Names("Quadruple yakuman", "四倍役満", "Yakuman gấp bốn", "四倍役满", "4배 역만"),
    "quintuple_yakuman": Names("Quintuple yakuman", "五倍役満", "Yakuman gấp năm", "五倍役满", "5배 역만"),
    "sextuple_yakuman": Names("Sextuple yakuman", "六倍役満", "Yakuman gấp sáu", "六倍役满", "6배 역만"),
}
ENGLISH_LIMIT_NAMES: Final[dict[str, str]] = {limit: names.en for limit, names in LIMIT_NAMES.items()}
