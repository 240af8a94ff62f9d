"""The command line holds (the contract's "Under load, slow clients and shutdown"): `--help` answers without starting
anything; each file that cannot be read is one error line naming it, and the other files are still verified (exit
status 1); a gzip is decompressed no further than the record size limit; `--url` takes only http and https, and a
service that answers something other than its JSON is one error line."""

import gzip
import http.server
import io
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from app.records.__main__ import main
from app.settings import Settings
from tests.records_helpers import TENHOU6
from tests.served import ROOT

GOOD = TENHOU6[0]
LIMIT = Settings().max_record_body_bytes


def run(argv: list[str]) -> tuple[int, list[str]]:
    out = io.StringIO()
    status = main(argv, stdout=out, stderr=io.StringIO())
    return status, out.getvalue().splitlines()


def bad_files(folder: Path) -> dict[str, str]:
    """Each kind of unreadable file, by name, with the words its error line says."""
    (folder / "not_json.json").write_text('{"log": [')
    (folder / "deep.json").write_text('{"log": ' + "[" * 100_000 + "]" * 100_000 + "}")
    whole = gzip.compress(GOOD.read_bytes())
    (folder / "cut.json.gz").write_bytes(whole[: len(whole) // 2])
    (folder / "bomb.json.gz").write_bytes(gzip.compress(b'{"log": "' + b" " * (LIMIT + 1_000_000) + b'"}'))
    return {"not_json.json": "not valid JSON", "deep.json": "nests arrays and objects too deeply",
            "cut.json.gz": "the gzip is damaged or cut short", "bomb.json.gz": f"over {LIMIT} bytes once decompressed"}


def test_each_bad_file_is_one_line_and_the_others_are_verified(tmp_path: Path) -> None:
    shutil.copy(GOOD, tmp_path / "good.json")
    expected = bad_files(tmp_path)
    status, lines = run(["verify", str(tmp_path), "--jobs", "2"])
    assert status == 1
    errors = {Path(line.split()[1]).name: line for line in lines if line.startswith("ERROR")}
    assert set(errors) == set(expected)
    for name, words in expected.items():
        assert words in errors[name], errors[name]
    assert sum(line.startswith("ok ") and "good.json" in line for line in lines) == 1
    assert lines[-1].startswith("5 games in ") and lines[-1].endswith("1 verified, 0 with mismatches, 0 refused, 4 errors")


def test_a_gzip_is_read_no_further_than_the_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(GOOD, tmp_path / "good.json")
    (tmp_path / "good.json.gz").write_bytes(gzip.compress(GOOD.read_bytes()))
    monkeypatch.setenv("MAHJONG_MAX_RECORD_BODY_BYTES", str(GOOD.stat().st_size - 1))
    status, lines = run(["verify", str(tmp_path), "--jobs", "1"])
    assert status == 1
    assert sorted(line.split()[0] for line in lines[:-1]) == ["ERROR", "ERROR"]
    assert all(f"over {GOOD.stat().st_size - 1} bytes" in line for line in lines[:-1])


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://127.0.0.1/", "127.0.0.1:8000", "http://"])
def test_url_takes_only_http_and_https(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["verify", str(GOOD), "--url", url])
    assert exited.value.code == 2
    assert "is not an http:// or https:// address of a service" in capsys.readouterr().err


class _NotJson(http.server.BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # http.server's name
        self.rfile.read(int(self.headers["Content-Length"]))
        body = b"<html>a proxy's page</html>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_: object) -> None:
        pass


@contextmanager
def not_the_service() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _NotJson)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_an_answer_that_is_not_json_is_one_error_line(tmp_path: Path) -> None:
    shutil.copy(GOOD, tmp_path / "a.json")
    shutil.copy(GOOD, tmp_path / "b.json")
    with not_the_service() as url:
        status, lines = run(["verify", str(tmp_path), "--url", url])
    assert status == 1
    assert len(lines) == 3
    for line in lines[:2]:
        assert line.startswith("ERROR") and f"{url} answered 200 with something that is not the service's JSON" in line
        assert "<html>a proxy" in line


@pytest.mark.parametrize("command", [("app",), ("app.records",), ("app.records", "verify")])
def test_help_starts_nothing(command: tuple[str, ...], tmp_path: Path) -> None:
    """--help answers at once and exits 0; `python -m app --help` binds no port and writes no file."""
    done = subprocess.run([sys.executable, "-m", *command, "--help"], cwd=ROOT, capture_output=True, text=True,
                          timeout=30, env={"PATH": "/usr/bin:/bin", "TMPDIR": str(tmp_path), "MAHJONG_PORT": "1"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: python -m {' '.join(command)}")
    assert done.stderr == ""
    assert list(tmp_path.iterdir()) == []
