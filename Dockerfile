# Build: `make image` (on the host: the dependency wheels downloaded and the service's own wheel built, with its
# cores (app/scoring, app/match) compiled by mypyc where the host has a C compiler; then docker build). No network is needed here.
ARG BASE_IMAGE=python:3.11-slim

FROM ${BASE_IMAGE} AS build
# wheels/ holds the pinned runtime dependencies as Linux wheels, dist/ riichi-scoring's own wheel (each a requirements.txt).
COPY wheels/ /tmp/wheels/
COPY dist/ /tmp/dist/
RUN python3 -m venv /opt/venv \
    && /opt/venv/bin/pip install --no-cache-dir --no-index --find-links /tmp/wheels --find-links /tmp/dist \
        -r /tmp/wheels/requirements.txt -r /tmp/dist/requirements.txt

FROM ${BASE_IMAGE}
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    MAHJONG_HOST=0.0.0.0 \
    MAHJONG_PORT=8000 \
    MAHJONG_WORKERS=2 \
    MAHJONG_LOG_LEVEL=info \
    MAHJONG_ACCESS_LOG=false \
    MAHJONG_LOG_FORMAT=json
RUN useradd --system --user-group --uid 10001 --no-create-home --shell /usr/sbin/nologin mahjong
COPY --from=build /opt/venv /opt/venv
WORKDIR /srv
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python", "-m", "app.healthcheck"]
CMD ["python", "-m", "app"]
