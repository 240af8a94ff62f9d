"""The served app, whose own Content-Security-Policy (app/middleware.py) is the strictest the page's offline engine
allows, on the page's HTML and on the worker's script (whose own answer sets the worker's policy): scripts and workers
from the service's origin only, WebAssembly compiled but no string evaluated. browser_offline.py serves the page so."""

from app.main import create_app
from app.middleware import CONTENT_SECURITY_POLICY

POLICY = CONTENT_SECURITY_POLICY.decode()
app = create_app()

# `python -c SERVE`: uvicorn on MAHJONG_PORT, as tests/served.py starts a server.
SERVE = ("import uvicorn; from app.settings import Settings; "
         "uvicorn.run('tests.browser.strict_csp:app', host='127.0.0.1', port=Settings.from_env().port, log_level='warning')")
