import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.main import app as served_app


@pytest.fixture
def app() -> FastAPI:
    """The application exactly as `app.main:app` serves it."""
    return served_app


@pytest.fixture
def client(app: FastAPI) -> TestClient:
    # Server errors become 500 answers, as they would behind uvicorn, instead of raising in the test.
    return TestClient(app, raise_server_exceptions=False)
