"""/docs is Swagger UI 5 served entirely by the app: no outside URL, every asset it loads is served."""

import re
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

from fastapi import FastAPI
from fastapi.testclient import TestClient


class AssetRefs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href") and value:
                self.refs.append(value)


def docs_page(client: TestClient) -> str:
    response = client.get("/docs")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    return response.text


def test_docs_references_no_outside_url(client: TestClient) -> None:
    page = docs_page(client)
    assert not re.search(r"(https?:)?//[\w.-]+\.\w", page.replace("window.location.origin", "")), page
    assert '"validatorUrl": null' in page  # Swagger UI must not call its online validator


def test_every_asset_the_docs_page_loads_is_served(client: TestClient) -> None:
    page = docs_page(client)
    parser = AssetRefs()
    parser.feed(page)
    spec_url = re.search(r"url: '([^']+)'", page)
    assert spec_url, "the page names no OpenAPI document"
    refs = [*parser.refs, spec_url.group(1)]
    assert any(ref.endswith("swagger-ui-bundle.js") for ref in refs)
    assert any(ref.endswith("swagger-ui.css") for ref in refs)
    for ref in refs:
        url = urljoin("http://testserver/docs", ref)
        assert urlsplit(url).netloc == "testserver", f"{ref} is not served by the app"
        response = client.get(url)
        assert response.status_code == 200, ref
        assert response.content, ref


def test_swagger_ui_is_version_5(client: TestClient) -> None:
    """Swagger UI 4 cannot read FastAPI's OpenAPI 3.1 document."""
    bundle = client.get("/docs/assets/swagger-ui-bundle.js").text
    versions = set(re.findall(r'version:"(\d+)\.\d+\.\d+"', bundle)) | set(
        re.findall(r'"(5)\.\d+\.\d+"', bundle)
    )
    assert "5" in versions
    assert client.get("/openapi.json").json()["openapi"].startswith("3.1")


def test_stylesheet_loads_nothing_from_outside(client: TestClient) -> None:
    css = client.get("/docs/assets/swagger-ui.css").text
    for ref in re.findall(r"url\(([^)]*)\)", css):
        ref = ref.strip("'\"")
        assert ref.startswith("data:") or not urlsplit(ref).netloc, ref


def test_oauth2_redirect_page_is_served(client: TestClient) -> None:
    assert client.get("/docs/oauth2-redirect").status_code == 200


def test_redoc_from_a_cdn_is_not_offered(client: TestClient) -> None:
    assert client.get("/redoc").status_code == 404


def test_the_home_page_is_the_front_door(client: TestClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    parser = AssetRefs()
    parser.feed(response.text)
    assert parser.refs == ["/calculator", "/docs", "/openapi.json", "/README.md"]
    assert all(client.get(ref).status_code == 200 for ref in parser.refs)
    assert "<title>Riichi Mahjong Scoring API</title>" in response.text
    assert not re.search(r"(https?:)?//", response.text)  # nothing outside the service
    assert "/" not in client.get("/openapi.json").json()["paths"]  # a page, not an API operation


def test_the_home_page_names_every_endpoint_in_one_sentence(client: TestClient) -> None:
    page = client.get("/").text
    items = re.findall(r"<li><code>(GET|POST) ([^<]+)</code>: ([^<]+)</li>", page)
    document = client.get("/openapi.json").json()["paths"]
    assert [(method, path) for method, path, _ in items] == [
        (method.upper(), path) for path, operations in document.items() for method in operations]
    for method, path, sentence in items:
        assert sentence.endswith(".") and sentence.count(". ") == 0, (path, sentence)
        assert sentence.startswith(document[path][method.lower()]["summary"].rstrip(".")), path


def test_the_readme_is_served_for_the_front_doors_link(client: TestClient) -> None:
    response = client.get("/README.md")
    assert response.status_code == 200 and response.headers["content-type"] == "text/markdown; charset=utf-8"
    assert response.text.startswith("# Riichi Mahjong Scoring API")


def test_the_home_page_links_under_the_root_path(app: FastAPI) -> None:
    page = TestClient(app, root_path="/mahjong").get("/").text
    parser = AssetRefs()
    parser.feed(page)
    assert parser.refs == ["/mahjong/calculator", "/mahjong/docs", "/mahjong/openapi.json", "/mahjong/README.md"]
