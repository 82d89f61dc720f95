# CI only: a Python base for the Hindsight image, from Debian's packages (no image registry is
# reachable in CI). Users build the image on python:3.11-slim (the Dockerfile's default BASE_IMAGE).
ARG DEBIAN_IMAGE=localhost/debian:trixie
FROM ${DEBIAN_IMAGE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3 python3-venv >/dev/null \
 && apt-get clean && rm -rf /var/lib/apt/lists/* /var/cache/apt/*
