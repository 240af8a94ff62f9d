# Build: `make image` (downloads wheels/ on the host, then docker build). No network is needed here.
ARG BASE_IMAGE=python:3.11-slim

FROM ${BASE_IMAGE} AS build
# wheels/ holds the pinned runtime dependencies (requirements.txt) as Linux wheels.
COPY wheels/ /tmp/wheels/
RUN python3 -m venv /opt/venv \
    && /opt/venv/bin/pip install --no-cache-dir --no-index --find-links /tmp/wheels \
        -r /tmp/wheels/requirements.txt
COPY app/ /srv/app/
RUN /opt/venv/bin/python -m compileall -q --invalidation-mode unchecked-hash /srv/app

FROM ${BASE_IMAGE}
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PYTHONPATH=/srv \
    MAHJONG_HOST=0.0.0.0 \
    MAHJONG_PORT=8000 \
    MAHJONG_WORKERS=2 \
    MAHJONG_LOG_LEVEL=info \
    MAHJONG_ACCESS_LOG=false \
    MAHJONG_LOG_FORMAT=json
RUN useradd --system --user-group --uid 10001 --no-create-home --shell /usr/sbin/nologin mahjong
COPY --from=build /opt/venv /opt/venv
COPY --from=build /srv/app /srv/app
# The front door (/) links to the README, served at /README.md.
COPY README.md /srv/README.md
WORKDIR /srv
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python", "-m", "app.healthcheck"]
CMD ["python", "-m", "app"]
