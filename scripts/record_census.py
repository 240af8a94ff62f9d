"""List the features a folder of game records covers (Tenhou mjlog XML and tenhou.net/6 JSON).

    python scripts/record_census.py tests/fixtures/records            # one line per game, then the union
    python scripts/record_census.py --json tests/fixtures/records     # the same as JSON

Reads files and folders (recursively), plain or `.gz`; a `.json` file may hold one record or a list of
records. The XML read here (with the standard library) is this repository's own fixtures, not user input.

Counts are of events: `kan_dora` kan dora indicators turned, `riichi` riichi accepted (mjlog REACH step 2)
or declared (tenhou6 `r` discards), `ura_dora` wins whose ura dora count is above 0, `double_ron` hands
with two wins, `some_tenpai`/`all_tenpai`/`all_noten` exhaustive draws by the tenpai hands shown (mjlog) or
the result name (tenhou6 `全員聴牌`/`全員不聴`), `tobi` games whose final scores hold one below 0.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.records.mjlog import ABORTIVE_TYPES
from app.records.model import HANCHAN, NO_AKA, NO_KUITAN, SANMA
from app.records.names import YAKU_BY_TENHOU_ID
from app.records.tenhou6 import ABORTIVE_NAMES, DRAW_NAMES

# The game type bits, draw spellings and yaku ids are the readers' own (app/records): the census counts what the
# fixtures hold, it does not check the readers.
MJLOG_CHANKAN, MJLOG_RINSHAN, MJLOG_DOUBLE_RIICHI, MJLOG_URA = (
    next(i for i, yaku in YAKU_BY_TENHOU_ID.items() if yaku == name)
    for name in ("chankan", "rinshan", "double_riichi", "ura_dora"))
MJLOG_DRAWS = {**ABORTIVE_TYPES, "nm": "nagashi_mangan"}
TENHOU6_DRAWS = {**ABORTIVE_NAMES,
                 **{name: "nagashi_mangan" if kind == "nagashi" else "exhaustive_draw" for name, kind in DRAW_NAMES.items()}}

def read_text(path: Path) -> str:
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return data.decode("utf-8")


def records_in(path: Path) -> Iterator[tuple[str, str, object]]:
    """(name, format, parsed record) for each Tenhou record in a file (mjai and Mahjong Soul records are not counted)."""
    text = read_text(path).lstrip("\ufeff").strip()
    if text.startswith("<"):
        yield path.name, "mjlog", ET.fromstring(text)
        return
    value = json.loads(text)
    items = [item for item in (value if isinstance(value, list) else [value]) if isinstance(item, dict) and "log" in item]
    for index, item in enumerate(items):
        name = path.name if len(items) == 1 else f"{path.name}[{index}]"
        yield name, "tenhou6", item


def mjlog_features(root: ET.Element) -> tuple[int, list[str], Counter[str], list[list[int]]]:
    """Players, the rule words, the features counted and each hand's starting scores, of an mjlog document."""
    features: Counter[str] = Counter()
    game_type = int(next(root.iter("GO")).get("type", "0"))
    players = 3 if game_type & SANMA else 4
    rules = ["hanchan" if game_type & HANCHAN else "tonpuusen"]
    rules += ["aka_off"] if game_type & NO_AKA else []
    rules += ["kuitan_off"] if game_type & NO_KUITAN else []
    last_call: dict[str, str] = {}
    wins_in_hand = 0
    starts: list[list[int]] = []
    for element in root:
        tag = element.tag
        if tag == "INIT":
            features["hands"] += 1
            starts.append([int(v) * 100 for v in element.get("ten", "").split(",")][:players])
            if int(element.get("seed", "0").split(",")[0]) >= 8:
                features["west_round"] += 1
            last_call, wins_in_hand = {}, 0
        elif tag == "N":
            last_call[element.get("who", "")] = meld_kind(int(element.get("m", "0")))
            features[last_call[element.get("who", "")]] += 1
        elif tag[0] in "DEFG" and tag[1:].isdigit():
            last_call.pop(str("DEFG".index(tag[0])), None)
        elif tag == "DORA":
            features["kan_dora"] += 1
        elif tag == "REACH" and element.get("step") == "2":
            features["riichi"] += 1
        elif tag == "AGARI":
            wins_in_hand += 1
            features["double_ron"] += wins_in_hand == 2
            count_mjlog_win(element, last_call, features)
        elif tag == "RYUUKYOKU":
            kind = element.get("type")
            if kind is None:
                tenpai = sum(f"hai{seat}" in element.attrib for seat in range(players))
                features["exhaustive_draw"] += 1
                features["all_tenpai" if tenpai == players else "all_noten" if tenpai == 0 else "some_tenpai"] += 1
            else:
                features[MJLOG_DRAWS.get(kind, f"draw_{kind}")] += 1
        owari = element.get("owari")
        if owari is not None and any(float(v) < 0 for v in owari.split(",")[0::2][:players]):
            features["tobi"] += 1
    return players, rules, features, starts


def meld_kind(m: int) -> str:
    """The kind of call an mjlog N tag's m encodes."""
    if m & 0x04:
        return "chi"
    if m & 0x08:
        return "pon"
    if m & 0x10:
        return "added_kan"
    if m & 0x20:
        return "kita"
    return "closed_kan" if m & 3 == 0 else "open_kan"


def count_mjlog_win(element: ET.Element, last_call: dict[str, str], features: Counter[str]) -> None:
    who, from_who, pao = element.get("who"), element.get("fromWho"), element.get("paoWho")
    tsumo = who == from_who
    features["tsumo" if tsumo else "ron"] += 1
    values = [int(v) for v in element.get("yaku", "").split(",") if v]
    yaku = values[0::2]
    yakuman = [int(v) for v in element.get("yakuman", "").split(",") if v]
    features["yakuman"] += bool(yakuman)
    features["double_riichi"] += MJLOG_DOUBLE_RIICHI in yaku
    features["chankan"] += MJLOG_CHANKAN in yaku
    if MJLOG_RINSHAN in yaku:
        features["rinshan_after_kita" if last_call.get(who or "") == "kita" else "rinshan_after_kan"] += 1
    if any(han for yaku_id, han in zip(yaku, values[1::2]) if yaku_id == MJLOG_URA):
        features["ura_dora"] += 1
    if pao is not None:
        features["pao_tsumo" if tsumo else "pao_ron"] += 1


def tenhou6_features(record: dict[str, object]) -> tuple[int, list[str], Counter[str], list[list[int]]]:
    """Players, the rule words, the features counted and each hand's starting scores, of a tenhou.net/6 record."""
    features: Counter[str] = Counter()
    log = record["log"]
    assert isinstance(log, list)
    names = record.get("name") or []
    assert isinstance(names, list)
    players = 3 if (len(names) == 3 or (len(names) == 4 and names[3] == "")) or not log[0][13] else 4
    rule = record.get("rule") or {}
    assert isinstance(rule, dict)
    disp = str(rule.get("disp", ""))
    rules = ["tonpuusen" if "東" in disp else "hanchan" if "南" in disp else f"disp={disp!r}"]
    rules += ["aka_off"] if rule.get("aka", 1) == 0 and not any(rule.get(k) for k in ("aka51", "aka52", "aka53")) else []
    for hand in log:
        features["hands"] += 1
        features["west_round"] += hand[0][0] >= 8
        features["kan_dora"] += len(hand[2]) - 1
        discards_by_seat = [hand[6 + 3 * seat] for seat in range(players)]
        draws_by_seat = [hand[5 + 3 * seat] for seat in range(players)]
        for seat in range(players):
            count_tenhou6_calls(draws_by_seat[seat], discards_by_seat[seat], features)
        result = hand[-1]
        if result[0] == "和了":
            wins = result[2::2]
            features["double_ron"] += len(wins) >= 2
            for win in wins:
                count_tenhou6_win(win, hand, discards_by_seat, features)
        else:
            features[TENHOU6_DRAWS.get(result[0], f"draw_{result[0]}")] += 1
            if result[0] in ("全員聴牌", "全員不聴"):
                features["all_tenpai" if result[0] == "全員聴牌" else "all_noten"] += 1
    final = record.get("sc")
    if isinstance(final, list) and any(float(v) < 0 for v in final[0::2][:players]):
        features["tobi"] += 1
    return players, rules, features, [list(hand[1][:players]) for hand in log]


def count_tenhou6_calls(draws: list[object], discards: list[object], features: Counter[str]) -> None:
    for item in draws + discards:
        if isinstance(item, str):
            letter = next(ch for ch in item if ch.isalpha())
            features[{"c": "chi", "p": "pon", "m": "open_kan", "k": "added_kan", "a": "closed_kan", "f": "kita",
                      "r": "riichi"}.get(letter, f"call_{letter}")] += 1


def count_tenhou6_win(win: list[object], hand: list[object], discards_by_seat: list[list[object]], features: Counter[str]) -> None:
    who, from_who, pao = win[0], win[1], win[2]
    tsumo = who == from_who
    features["tsumo" if tsumo else "ron"] += 1
    texts = [str(t) for t in win[3:]]
    features["yakuman"] += any("役満" in t for t in texts[1:])
    features["double_riichi"] += any(t.startswith("両立直") or t.startswith("ダブル立直") for t in texts)
    features["chankan"] += any(t.startswith("槍槓") for t in texts)
    if any(t.startswith("嶺上開花") for t in texts):
        last = next((d for d in reversed(discards_by_seat[int(str(who))]) if d != 60), None)
        features["rinshan_after_kita" if isinstance(last, str) and "f" in last else "rinshan_after_kan"] += 1
    if hand[3] and any(t.startswith("裏ドラ") and not t.startswith("裏ドラ(0") for t in texts):
        features["ura_dora"] += 1
    if pao != who:
        features["pao_tsumo" if tsumo else "pao_ron"] += 1
    for text in texts[1:]:
        features["yaku:" + text.split("(")[0]] += 1


def census(paths: list[Path]) -> list[dict[str, object]]:
    rows = []
    files = sorted(p for path in paths for p in ([path] if path.is_file() else path.rglob("*")) if p.is_file()
                   and p.name.removesuffix(".gz").endswith((".xml", ".mjlog", ".json", ".txt")))
    for file in files:
        for name, fmt, record in records_in(file):
            if fmt == "mjlog":
                assert isinstance(record, ET.Element)
                players, rules, features, starts = mjlog_features(record)
            else:
                assert isinstance(record, dict)
                players, rules, features, starts = tenhou6_features(record)
            rows.append({"file": str(file), "record": name, "format": fmt, "players": players, "rules": rules,
                         "features": {k: v for k, v in sorted(features.items()) if v}, "start_scores": starts})
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--yaku", action="store_true", help="list tenhou6 yaku spellings too")
    args = parser.parse_args()
    rows = census(args.paths)
    if args.json:
        json.dump(rows, sys.stdout, ensure_ascii=False, indent=1)
        print()
        return 0
    union: Counter[str] = Counter()
    for row in rows:
        features = row["features"]
        assert isinstance(features, dict)
        union.update(features)
        shown = {k: v for k, v in features.items() if args.yaku or not k.startswith("yaku:")}
        print(f"{row['record']}: {row['format']} {row['players']}p {' '.join(row['rules'])}  "  # type: ignore[arg-type]
              + " ".join(f"{k}={v}" for k, v in shown.items()))
    print(f"\n{len(rows)} games; union: " + " ".join(f"{k}={v}" for k, v in sorted(union.items())
                                                    if args.yaku or not k.startswith("yaku:")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
