"""A hand's name as people say it ("South 2, 1 honba"), for messages."""

ROUND_WINDS = ("East", "South", "West", "North")


def hand_name(round_index: int, honba: int) -> str:
    name = f"{ROUND_WINDS[round_index // 4 % 4]} {round_index % 4 + 1}"
    return f"{name}, {honba} honba" if honba else name
