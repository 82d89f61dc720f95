# CI only: stands in for pgvector/pgvector (the official image) where no image registry is
# reachable: PostgreSQL 17 + pgvector from Debian 13's packages, with the official image's
# environment (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB), data folder and port.
ARG DEBIAN_IMAGE=localhost/debian:trixie
FROM ${DEBIAN_IMAGE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-17 postgresql-17-pgvector >/dev/null \
 && apt-get clean && rm -rf /var/lib/apt/lists/* /var/cache/apt/* \
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
 && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql \
 && chmod 700 /var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint.sh
ENV PATH=/usr/lib/postgresql/17/bin:$PATH PGDATA=/var/lib/postgresql/data
USER postgres
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["/usr/local/bin/postgres-entrypoint.sh"]
CMD ["postgres"]
