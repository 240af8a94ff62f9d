"""`python -m app.records verify PATH... [--url URL] [--out REPORT.jsonl] [--preset NAME] [--jobs N]`
`python -m app.records stats PATH... [--json] [--player NAME]` (app/records/stats_command.py)

Verifies every game record found in the paths (files, folders searched recursively, `.gz` read through): one
line per game and a summary, a progress bar on a terminal, the games spread over the local cores (or, with
`--url`, sent to a running service: its replicas share them), and with `--out` a JSON-lines report. The exit
status is 1 when any game does not verify (a mismatch, a refused record, an error), else 0. A file that cannot be read
(not JSON, nested too deeply, a truncated gzip, one that expands past the record size limit) is one error line, and
the other files are still verified.
"""

import argparse
import gzip
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import zlib
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any, TextIO

from app.records import stats_command

RECORD_SUFFIXES = (".json", ".xml", ".mjlog", ".txt", ".mjson", ".jsonl")
CONVERTED_SUFFIX = {"tenhou6": ".json", "mjai": ".mjson"}
Report = dict[str, Any]


def record_files(paths: list[str]) -> list[Path]:
    """The record files named or found under the folders named, in a stable order."""
    found: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.is_file() and _is_record_name(p.name))
        elif path.exists():
            found.append(path)
        else:
            raise SystemExit(f"no such file or folder: {given}")
    return found


def _is_record_name(name: str) -> bool:
    name = name.removesuffix(".gz")
    return name.endswith(RECORD_SUFFIXES)


class Unreadable(ValueError):
    """A file that holds no record this command can send: its one error line says why."""


def record_limit() -> int:
    """The most bytes a record may hold, read or decompressed: the service's MAHJONG_MAX_RECORD_BODY_BYTES."""
    from app.settings import Settings

    return Settings.from_env().max_record_body_bytes


def read_text(path: Path, limit: int | None = None) -> str:
    """The file's text, gunzipped when it is gzip, never more than `limit` bytes read or decompressed."""
    limit = record_limit() if limit is None else limit
    with path.open("rb") as raw:
        gzipped = path.suffix == ".gz" or raw.read(2) == b"\x1f\x8b"
        raw.seek(0)
        try:
            with gzip.GzipFile(fileobj=raw) if gzipped else raw as stream:
                data = stream.read(limit + 1)
        except (EOFError, gzip.BadGzipFile, zlib.error) as exc:
            raise Unreadable(f"the gzip is damaged or cut short ({exc})") from None
    if len(data) > limit:
        raise Unreadable(f"the record is over {limit} bytes{' once decompressed' if gzipped else ''} "
                         "(MAHJONG_MAX_RECORD_BODY_BYTES)")
    return data.decode("utf-8")


def request_body(path: Path, rules: dict[str, Any] | None) -> dict[str, Any]:
    return {"record": read_record_file(path), **({"rules": rules} if rules else {})}


def read_record_file(path: Path) -> Any:
    """A JSON record as its value; JSON lines (an mjai log) and XML as their text."""
    text = read_text(path).strip()
    if text.startswith(("{", "[")):
        try:
            return json.loads(text)
        except RecursionError:
            raise Unreadable("the JSON nests arrays and objects too deeply to read") from None
        except ValueError as exc:
            if not path.name.removesuffix(".gz").endswith((".mjson", ".jsonl")):
                raise Unreadable(f"the file is not valid JSON: {exc}") from None
    return text


def summary(path: Path, status: int, answer: Any) -> Report:
    """One game's line of the report: verified, mismatch, invalid (a 422) or error."""
    if status == 200:
        return {"path": str(path), "status": "verified" if answer["verified"] else "mismatch", "format": answer["format"],
                "players": answer["players"], "hands": len(answer["hands"]), "mismatches": answer["mismatches"],
                "final_scores": answer["final_scores"]}
    if status == 422:
        return {"path": str(path), "status": "invalid", "detail": answer.get("detail")}
    return {"path": str(path), "status": "error", "detail": answer}


def verify_here(path: Path, rules: dict[str, Any] | None) -> Report:
    """The game verified in this process, exactly as POST /records/verify answers it."""
    from pydantic import ValidationError

    from app.api.errors import invalid_input_detail, validation_detail
    from app.api.records import verify
    from app.errors import InvalidInput
    from app.schemas.records import RecordsVerifyRequest, RecordsVerifyResponse

    try:
        request = RecordsVerifyRequest.model_validate(request_body(path, rules))
        answer = RecordsVerifyResponse.model_validate(verify(request), from_attributes=True).model_dump(mode="json")
    except InvalidInput as exc:
        return summary(path, 422, {"detail": invalid_input_detail(exc)})
    except ValidationError as exc:
        return summary(path, 422, {"detail": validation_detail(exc.errors(), ("body",))})
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return summary(path, 0, f"cannot read the file: {exc}")
    except RecursionError:
        return summary(path, 0, "cannot read the file: it nests too deeply")
    return summary(path, 200, answer)


def verify_remote(path: Path, rules: dict[str, Any] | None, url: str) -> Report:
    """The game sent to a running service's POST /records/verify."""
    try:
        data = json.dumps(request_body(path, rules)).encode()
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return summary(path, 0, f"cannot read the file: {exc}")
    request = urllib.request.Request(url.rstrip("/") + "/records/verify", data=data, method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            status, body = response.status, response.read()
    except urllib.error.HTTPError as exc:
        status, body = exc.code, exc.read()
    except (urllib.error.URLError, OSError) as exc:
        return summary(path, 0, f"cannot reach {url}: {exc}")
    try:
        return summary(path, status, json.loads(body))
    except (ValueError, KeyError, TypeError, AttributeError, IndexError):
        return summary(path, 0, f"{url} answered {status} with something that is not the service's JSON: "
                                f"{body[:80].decode(errors='replace')!r}")


def service_url(text: str) -> str:
    """--url: an http or https address with a host."""
    parts = urllib.parse.urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise argparse.ArgumentTypeError(f"{text!r} is not an http:// or https:// address of a service")
    return text


def convert_here(path: Path, to: str, out: Path) -> Report:
    """The record converted in this process, as POST /records/convert answers it, written into `out`."""
    from pydantic import ValidationError

    from app.api.errors import invalid_input_detail, validation_detail
    from app.api.records import convert
    from app.errors import InvalidInput
    from app.schemas.records import RecordsConvertRequest

    try:
        conversion = convert(RecordsConvertRequest.model_validate({"record": read_record_file(path), "to": to}))
    except InvalidInput as exc:
        return {"path": str(path), "status": "invalid", "detail": invalid_input_detail(exc)}
    except ValidationError as exc:
        return {"path": str(path), "status": "invalid", "detail": validation_detail(exc.errors(), ("body",))}
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return {"path": str(path), "status": "error", "detail": f"cannot read the file: {exc}"}
    name = path.name.removesuffix(".gz")
    for suffix in RECORD_SUFFIXES:
        name = name.removesuffix(suffix)
    target = out / f"{name}{CONVERTED_SUFFIX[to]}"
    if to == "mjai":
        text = "".join(json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n" for event in conversion.record)
    else:
        text = json.dumps(conversion.record, ensure_ascii=False, separators=(",", ":")) + "\n"
    target.write_text(text, encoding="utf-8")
    return {"path": str(path), "status": "converted", "format": conversion.format, "to": to, "out": str(target)}


def line(report: Report) -> str:
    status = report["status"]
    if status == "converted":
        return f"ok        {report['path']}  ({report['format']} -> {report['out']})"
    if status == "verified":
        return f"ok        {report['path']}  ({report['hands']} hands, {report['players']} players, {report['format']})"
    if status == "mismatch":
        first = report["mismatches"][0]
        return f"MISMATCH  {report['path']}  {len(report['mismatches'])} mismatch(es); first: {first['field']}: {first['msg']}"
    detail = report["detail"]
    message = "; ".join(p["msg"] for p in detail) if isinstance(detail, list) else str(detail)
    return f"{'INVALID' if status == 'invalid' else 'ERROR':<9} {report['path']}  {message}"


class Progress:
    """A one-line bar on a terminal (stderr), redrawn as games finish; nothing when stderr is not a terminal."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream, self.done = total, stream, 0
        self.shown = stream.isatty() and total > 0

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")

    def step(self) -> None:
        self.done += 1
        if self.shown:
            width = 30
            filled = width * self.done // self.total
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}")
            self.stream.flush()


def run(files: list[Path], work: Callable[[Path], Report], pool: Executor, out: TextIO | None,
        stdout: TextIO, stderr: TextIO) -> Iterator[Report]:
    progress = Progress(len(files), stderr)
    futures = {pool.submit(work, path): path for path in files}
    for future in as_completed(futures):
        try:
            report = future.result()
        except Exception as exc:  # whatever one file does, it is that file's error line
            report = summary(futures[future], 0, f"cannot verify the file: {type(exc).__name__}: {exc}")
        progress.clear()
        print(line(report), file=stdout, flush=True)
        if out is not None:
            out.write(json.dumps(report, ensure_ascii=False) + "\n")
        progress.step()
        yield report
    progress.clear()


def main(argv: list[str] | None = None, stdout: TextIO = sys.stdout, stderr: TextIO = sys.stderr) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.records", description=__doc__.split("\n\n")[1] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True)
    verify = commands.add_parser("verify", help="verify game records (tenhou.net/6 JSON, mjlog XML, .gz)")
    verify.add_argument("paths", nargs="+", metavar="PATH", help="record files or folders (searched recursively)")
    verify.add_argument("--url", type=service_url, help="a running service (e.g. http://localhost:8000): send the games there")
    verify.add_argument("--out", type=Path, help="write a JSON-lines report, one line per game")
    verify.add_argument("--preset", help="verify under this preset instead of the record's own rules")
    verify.add_argument("--rules", type=json.loads, help='rules as POST /records/verify takes them, as JSON: \'{"preset": "mleague"}\'')
    verify.add_argument("--jobs", type=int, default=None, help="games at once (default: the local cores; 8 with --url)")
    convert = commands.add_parser("convert", help="convert game records to tenhou.net/6 JSON or mjai logs")
    convert.add_argument("paths", nargs="+", metavar="PATH", help="record files or folders (searched recursively)")
    convert.add_argument("--to", required=True, choices=sorted(CONVERTED_SUFFIX), help="the format to write")
    convert.add_argument("--out", required=True, type=Path, help="the folder to write the converted records into")
    convert.add_argument("--jobs", type=int, default=None, help="records at once (default: the local cores)")
    stats_command.add_parser(commands)
    args = parser.parse_args(argv)
    if args.command == "convert":
        return convert_all(record_files(args.paths), args.to, args.out, args.jobs, stdout, stderr)
    if args.command == "stats":
        files = record_files(args.paths)
        return stats_command.run(args, files, stdout, stderr, Progress(len(files), stderr))
    rules: dict[str, Any] | None = args.rules or ({"preset": args.preset} if args.preset else None)
    files = record_files(args.paths)
    started = time.perf_counter()
    if args.url:
        pool: Executor = ThreadPoolExecutor(args.jobs or 8)
        work: Callable[[Path], Report] = _Remote(rules, args.url)
    else:
        pool = ProcessPoolExecutor(args.jobs or os.cpu_count() or 1)
        work = _Here(rules)
    counts = {"verified": 0, "mismatch": 0, "invalid": 0, "error": 0}
    with pool, (args.out.open("w", encoding="utf-8") if args.out else _Nothing()) as out:
        for report in run(files, work, pool, out if args.out else None, stdout, stderr):
            counts[report["status"]] += 1
    seconds = time.perf_counter() - started
    print(f"{len(files)} games in {seconds:.1f} s: {counts['verified']} verified, {counts['mismatch']} with mismatches, "
          f"{counts['invalid']} refused, {counts['error']} errors", file=stdout)
    return 0 if counts["verified"] == len(files) else 1


def convert_all(files: list[Path], to: str, out: Path, jobs: int | None, stdout: TextIO, stderr: TextIO) -> int:
    out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    converted = 0
    with ProcessPoolExecutor(jobs or os.cpu_count() or 1) as pool:
        for report in run(files, _Converter(to, out), pool, None, stdout, stderr):
            converted += report["status"] == "converted"
    seconds = time.perf_counter() - started
    print(f"{len(files)} records in {seconds:.1f} s: {converted} converted to {to}, {len(files) - converted} not", file=stdout)
    return 0 if converted == len(files) else 1


class _Converter:
    """convert_here with the target bound (picklable, for the process pool)."""

    def __init__(self, to: str, out: Path) -> None:
        self.to, self.out = to, out

    def __call__(self, path: Path) -> Report:
        return convert_here(path, self.to, self.out)


class _Here:
    """verify_here with the rules bound (picklable, for the process pool)."""

    def __init__(self, rules: dict[str, Any] | None) -> None:
        self.rules = rules

    def __call__(self, path: Path) -> Report:
        return verify_here(path, self.rules)


class _Remote:
    def __init__(self, rules: dict[str, Any] | None, url: str) -> None:
        self.rules, self.url = rules, url

    def __call__(self, path: Path) -> Report:
        return verify_remote(path, self.rules, self.url)


class _Nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *_: object) -> None:
        return None


if __name__ == "__main__":
    sys.exit(main())
