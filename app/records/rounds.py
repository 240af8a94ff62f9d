"""A hand's round from Tenhou's round index (0 East 1, 1 East 2, ..., 4 South 1, ...: four per wind, with three
players too), and its name as people say it ("South 2, 1 honba"), for messages."""

from app.scoring.vocabulary import WIND_NAMES, Wind

ROUND_WINDS = ("East", "South", "West", "North")


def round_of(round_index: int) -> tuple[Wind, int]:
    """The round's wind and number: 5 -> ("south", 2)."""
    return WIND_NAMES[round_index // 4 % 4], round_index % 4 + 1


def hand_name(round_index: int, honba: int) -> str:
    name = f"{ROUND_WINDS[round_index // 4 % 4]} {round_index % 4 + 1}"
    return f"{name}, {honba} honba" if honba else name
