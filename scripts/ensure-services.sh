#!/usr/bin/env bash
# Makes sure the services the tests need are up, and does nothing when they already are:
#   PostgreSQL on 127.0.0.1:5432, user postgres without a password (trust on loopback), database `test`;
#   NATS with JetStream on 127.0.0.1:4222;
#   Redis on 127.0.0.1:6379 (the gateway's shared rate limits).
# Reachable → nothing to do. Installed but stopped → started. Missing → installed from Debian's packages
# (postgresql, nats-server, redis-server) and started. Meant for root on Debian 12 (CI machines, dev containers);
# elsewhere it uses sudo when it has to change anything.
set -euo pipefail

PG_HOST=127.0.0.1
PG_PORT=5432
PG_TEST_DB=test
NATS_HOST=127.0.0.1
NATS_PORT=4222
NATS_STORE=/var/lib/nats-server
NATS_LOG=/var/log/nats-server.log
REDIS_HOST=127.0.0.1
REDIS_PORT=6379
REDIS_LOG=/var/log/redis-server-tests.log
REDIS_PID=/run/redis-server-tests.pid

log() { echo "[ensure-services] $*"; }
die() {
  echo "[ensure-services] ERROR: $*" >&2
  exit 1
}

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=(sudo -n); fi
fi
as_root() {
  if [ "$(id -u)" -ne 0 ] && [ ${#SUDO[@]} -eq 0 ]; then
    die "need root (or sudo) to run: $*"
  fi
  "${SUDO[@]}" "$@"
}

apt_updated=0
apt_install() {
  command -v apt-get >/dev/null 2>&1 || die "cannot install $* (no apt-get); install it by hand"
  if [ "$apt_updated" -eq 0 ]; then
    log "apt-get update"
    as_root apt-get update -qq
    apt_updated=1
  fi
  log "apt-get install $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

# True when something accepts TCP connections on host:port (bash's /dev/tcp; no client needed).
port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

# Polls `check` (a function name) for up to $2 seconds.
wait_for() {
  local check=$1 seconds=$2 i
  for ((i = 0; i < seconds * 4; i++)); do
    if "$check"; then return 0; fi
    sleep 0.25
  done
  return 1
}

# ---------------------------------------------------------------- PostgreSQL

pg_query() { psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -w -v ON_ERROR_STOP=1 -tAc "$1"; }
pg_usable() { command -v psql >/dev/null 2>&1 && pg_query 'SELECT 1' >/dev/null 2>&1; }
pg_accepting() { port_open "$PG_HOST" "$PG_PORT"; }

pg_version() { find /etc/postgresql -mindepth 1 -maxdepth 1 -type d -printf '%f\n' 2>/dev/null | sort -V | tail -n 1; }

# First matching pg_hba line wins, so the trust lines go on top. Only loopback, only user postgres.
pg_trust_loopback() {
  local hba=$1
  if grep -Eq '^host[[:space:]]+all[[:space:]]+(all|postgres)[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$hba"; then
    return 0
  fi
  log "pg_hba: trusting user postgres on loopback TCP ($hba)"
  local tmp
  tmp=$(mktemp)
  {
    echo '# ensure-services.sh: tests connect as postgres without a password, on loopback only.'
    echo 'host all postgres 127.0.0.1/32 trust'
    echo 'host all postgres ::1/128 trust'
    cat "$hba"
  } >"$tmp"
  as_root cp "$tmp" "$hba"
  rm -f "$tmp"
}

ensure_postgres() {
  if pg_usable; then
    log "PostgreSQL already reachable on $PG_HOST:$PG_PORT"
  else
    if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(pg_version)" ]; then
      apt_install postgresql postgresql-client
    fi
    local version
    version=$(pg_version)
    [ -n "$version" ] || die "postgresql is installed but no cluster exists under /etc/postgresql"
    local conf="/etc/postgresql/$version/main"
    [ -f "$conf/pg_hba.conf" ] || die "no cluster 'main' for PostgreSQL $version ($conf)"
    pg_trust_loopback "$conf/pg_hba.conf"
    if as_root pg_ctlcluster --skip-systemctl-redirect "$version" main status >/dev/null 2>&1; then
      log "PostgreSQL $version running; reloading its configuration"
      as_root pg_ctlcluster --skip-systemctl-redirect "$version" main reload
    else
      log "starting PostgreSQL $version (cluster main)"
      as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start
    fi
    wait_for pg_usable 30 || {
      if pg_accepting; then
        die "PostgreSQL listens on $PG_HOST:$PG_PORT but refuses user postgres without a password"
      fi
      die "PostgreSQL did not come up on $PG_HOST:$PG_PORT (see /var/log/postgresql/)"
    }
    log "PostgreSQL $version is up on $PG_HOST:$PG_PORT"
  fi
  if [ "$(pg_query "SELECT 1 FROM pg_database WHERE datname = '$PG_TEST_DB'")" != "1" ]; then
    log "creating database $PG_TEST_DB"
    pg_query "CREATE DATABASE \"$PG_TEST_DB\"" >/dev/null
  fi
}

# ---------------------------------------------------------------- NATS

# The server greets every client with `INFO {json}`; JetStream-enabled servers say "jetstream":true.
nats_info() {
  local line=''
  exec 3<>"/dev/tcp/$NATS_HOST/$NATS_PORT" || return 1
  IFS= read -r -t 2 line <&3 || true
  exec 3<&- 3>&-
  printf '%s' "$line"
}
nats_jetstream() { nats_info 2>/dev/null | grep -q '"jetstream":true'; }

ensure_nats() {
  if nats_jetstream; then
    log "NATS with JetStream already reachable on $NATS_HOST:$NATS_PORT"
    return 0
  fi
  if port_open "$NATS_HOST" "$NATS_PORT"; then
    die "something listens on $NATS_HOST:$NATS_PORT but it is not NATS with JetStream (-js); stop it or enable JetStream"
  fi
  local bin
  bin=$(command -v nats-server || true)
  if [ -z "$bin" ]; then
    apt_install nats-server
    bin=$(command -v nats-server || echo /usr/sbin/nats-server)
  fi
  as_root mkdir -p "$NATS_STORE"
  log "starting nats-server with JetStream ($bin)"
  as_root start-stop-daemon --start --oknodo --background --exec "$bin" -- \
    -a "$NATS_HOST" -p "$NATS_PORT" -js -sd "$NATS_STORE" -l "$NATS_LOG"
  wait_for nats_jetstream 20 || die "nats-server did not come up with JetStream on $NATS_HOST:$NATS_PORT (see $NATS_LOG)"
  log "NATS with JetStream is up on $NATS_HOST:$NATS_PORT"
}

# ---------------------------------------------------------------- Redis

# The server's reply to an inline PING (RESP; no client needed): `+PONG` from Redis.
redis_ping_reply() {
  local line=''
  exec 3<>"/dev/tcp/$REDIS_HOST/$REDIS_PORT" || return 1
  printf 'PING\r\n' >&3
  IFS= read -r -t 2 line <&3 || true
  exec 3<&- 3>&-
  printf '%s' "${line%$'\r'}"
}
redis_pong() { [ "$(redis_ping_reply 2>/dev/null)" = '+PONG' ]; }

ensure_redis() {
  if redis_pong; then
    log "Redis already reachable on $REDIS_HOST:$REDIS_PORT"
    return 0
  fi
  if port_open "$REDIS_HOST" "$REDIS_PORT"; then
    die "something listens on $REDIS_HOST:$REDIS_PORT but does not answer PING like Redis; stop it"
  fi
  local bin
  bin=$(command -v redis-server || true)
  if [ -z "$bin" ]; then
    apt_install redis-server
    bin=$(command -v redis-server || echo /usr/bin/redis-server)
    # The package may have started its own service already.
    if wait_for redis_pong 2; then
      log "Redis is up on $REDIS_HOST:$REDIS_PORT"
      return 0
    fi
  fi
  # Rate-limit windows live for seconds: nothing to persist. The pid file keeps start-stop-daemon
  # from mistaking another redis-server on the machine for this one.
  log "starting redis-server ($bin)"
  as_root start-stop-daemon --start --oknodo --background --make-pidfile --pidfile "$REDIS_PID" \
    --exec "$bin" -- \
    --bind "$REDIS_HOST" --port "$REDIS_PORT" --save '' --appendonly no --logfile "$REDIS_LOG"
  wait_for redis_pong 20 || die "redis-server did not come up on $REDIS_HOST:$REDIS_PORT (see $REDIS_LOG)"
  log "Redis is up on $REDIS_HOST:$REDIS_PORT"
}

# ---------------------------------------------------------------- kubectl

# The deployment tests render every kustomize overlay with kubectl. Best effort: without it
# they validate the raw YAML instead, so a machine whose package sources lack kubectl still runs CI.
ensure_kubectl() {
  if command -v kubectl >/dev/null 2>&1; then
    return 0
  fi
  if command -v apt-get >/dev/null 2>&1 && apt-cache show kubectl >/dev/null 2>&1 &&
    { [ "$(id -u)" -eq 0 ] || command -v sudo >/dev/null 2>&1; }; then
    apt_install kubectl || log "kubectl could not be installed; deployment tests will check raw YAML"
  else
    log "no kubectl package available; deployment tests will check raw YAML"
  fi
}

# ---------------------------------------------------------------- Chromium

# The Swagger UI test drives Debian's chromium (/usr/bin/chromium) with playwright-core.
# Best effort like kubectl: without it that one test is skipped with a message saying so.
ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then
    return 0
  fi
  if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" -eq 0 ] || command -v sudo >/dev/null 2>&1; }; then
    apt_install chromium || log "chromium could not be installed; the Swagger UI test will be skipped"
  else
    log "cannot install chromium; the Swagger UI test will be skipped"
  fi
}

ensure_postgres
ensure_nats
ensure_redis
ensure_kubectl
ensure_chromium
