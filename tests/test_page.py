"""GET /calculator as files (the page itself is driven in a browser by `make browser-test`, tests/browser/): served by
the app with its media types, under a root path too, nothing from another host, every module and cached file present."""

import json
import re
from html.parser import HTMLParser
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.scoring.vocabulary import LANGUAGES
from scripts import offline_engine

WEB = Path(__file__).resolve().parent.parent / "app" / "web"


class Refs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.refs += [value for name, value in attrs if name in ("src", "href") and value and not value.startswith("#")]


def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    page = client.get("/calculator?tiles=234567m456p22678s&lang=ja")
    assert page.status_code == 200 and page.headers["content-type"] == "text/html; charset=utf-8"
    refs = Refs()
    refs.feed(page.text)
    assert refs.refs  # the stylesheet, the module, the manifest, the icon: relative, so a root path keeps them
    for ref in refs.refs:
        assert not ref.startswith("/") and "//" not in ref, ref
        assert client.get(f"/{ref}").status_code == 200, ref
    assert client.get("/calculator/static/app.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/calculator/manifest.webmanifest").headers["content-type"] == "application/manifest+json"


def test_the_page_is_not_an_api_operation(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert not any(path.startswith("/calculator") for path in paths)


def test_the_service_worker_controls_the_page_under_any_root_path(app: FastAPI) -> None:
    answer = TestClient(app, root_path="/mahjong").get("/calculator/sw.js")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["service-worker-allowed"] == "../calculator"  # relative to the script: /mahjong/calculator
    cached = re.search(r"const SHELL = \[(.*?)\]", answer.text, re.DOTALL)
    assert cached
    for path in re.findall(r'"([^"]+)"', cached.group(1)):
        url = "/calculator" if path == "../calculator" else f"/calculator/{path}"
        assert TestClient(app).get(url).status_code == 200, path
    # The offline engine's folder (make offline-engine) is kept by its own list, static/offline/files.json.
    shipped = {f"static/{file.name}" for file in WEB.iterdir() if file.is_file()} - {
        "static/index.html", "static/sw.js", "static/manifest.webmanifest"}
    assert shipped <= set(re.findall(r'"([^"]+)"', cached.group(1))), "every file of the page is kept for offline use"


def test_the_service_worker_keeps_the_catalogs_in_every_language(client: TestClient) -> None:
    """GET /rules and /yaku in each of the service's languages are stored, so the language can be changed offline."""
    script = (WEB / "sw.js").read_text(encoding="utf-8")
    languages = re.search(r"const LANGUAGES = (\[[^\]]*\]);", script)
    assert languages and sorted(json.loads(languages.group(1))) == sorted(LANGUAGES)
    assert "CATALOGS = LANGUAGES.flatMap((lang) => [\"rules\", \"yaku\"].map((path) => url(`../${path}?lang=${lang}`)))" \
        in script
    for language in LANGUAGES:
        for path in ("rules", "yaku"):
            answer = client.get(f"/{path}?lang={language}")
            assert answer.status_code == 200 and answer.headers["content-language"].startswith(language), (path, language)


def test_every_module_import_resolves() -> None:
    """Each import names a file of the page, or one of the runtime files make offline-engine writes into offline/
    (not committed: a fresh clone runs this suite before building them)."""
    for module in WEB.glob("*.js"):
        for name in re.findall(r'from "\./([^"]+)"', module.read_text(encoding="utf-8")):
            built = name.startswith("offline/") and name.removeprefix("offline/") in offline_engine.RUNTIME
            assert built or (WEB / name).is_file(), f"{module.name} imports {name}"


def test_no_file_of_the_page_names_another_host() -> None:
    for file in filter(Path.is_file, WEB.iterdir()):  # not offline/, Pyodide's (browser_offline.py: no other host asked)
        text = file.read_text(encoding="utf-8")
        hosts = {host for host in re.findall(r"(?:https?:)?//([\w.-]+)", text) if host != "www.w3.org"}  # the SVG namespace
        assert not hosts, f"{file.name} names {hosts}"


def test_the_manifest_starts_at_the_page() -> None:
    manifest = json.loads((WEB / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == manifest["scope"] == "../calculator"
    assert manifest["display"] == "standalone" and manifest["icons"]


def test_the_page_ships_with_the_package() -> None:
    import tomllib

    with (WEB.parent.parent / "pyproject.toml").open("rb") as source:
        assert "web/*" in tomllib.load(source)["tool"]["setuptools"]["package-data"]["app"]
