# Sourced by scripts/start and scripts/test: makes PostgreSQL and Redis answer on loopback,
# starting private ones under .data/ when none is reachable, installing packages if missing.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="$ROOT/.data"
PG_PORT="${DROPLINE_PG_PORT:-5432}"
REDIS_PORT="${DROPLINE_REDIS_PORT:-6379}"
mkdir -p "$DATA/logs"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

apt_install() {
  if [ "$(id -u)" != 0 ]; then
    echo "missing: $* (install with: sudo apt-get install -y $*)" >&2
    exit 1
  fi
  if [ -z "${DROPLINE_APT_UPDATED:-}" ]; then
    apt-get update -qq
    export DROPLINE_APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

pg_answers() {
  command -v psql >/dev/null && psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -tAc 'select 1' >/dev/null 2>&1
}

ensure_postgres() {
  pg_answers && return 0
  # The machine's own cluster, if it only needs starting.
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    for v in $(ls /etc/postgresql); do pg_ctlcluster --skip-systemctl-redirect "$v" main start >/dev/null 2>&1 || true; done
    sleep 1
    pg_answers && return 0
  fi
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || apt_install postgresql postgresql-client
  pg_answers && return 0
  # A package install may have started a cluster that does not trust loopback: stop it and
  # run a private one that does.
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    for v in $(ls /etc/postgresql); do pg_ctlcluster --skip-systemctl-redirect "$v" main stop >/dev/null 2>&1 || true; done
  fi
  local bin; bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
  local dir="$DATA/pg" run=()
  if [ "$(id -u)" = 0 ]; then run=(runuser -u postgres --); fi
  if [ ! -f "$dir/PG_VERSION" ]; then
    say "creating a private PostgreSQL in $dir"
    mkdir -p "$dir"; [ "$(id -u)" = 0 ] && chown postgres "$dir" "$DATA"
    "${run[@]}" "$bin/initdb" -D "$dir" -U postgres -A trust >/dev/null
  fi
  say "starting the private PostgreSQL on 127.0.0.1:$PG_PORT"
  "${run[@]}" "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w \
    -o "-p $PG_PORT -c listen_addresses=127.0.0.1 -k /tmp" start >/dev/null
  pg_answers || { echo "PostgreSQL did not start; see $dir/server.log" >&2; exit 1; }
}

ensure_redis() {
  command -v redis-cli >/dev/null || apt_install redis-server redis-tools
  redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1 && return 0
  say "starting a private Redis on 127.0.0.1:$REDIS_PORT"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save "" --appendonly no \
    --dir "$DATA" --logfile "$DATA/logs/redis.log" >/dev/null
  for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "Redis did not start; see $DATA/logs/redis.log" >&2; exit 1
}

ensure_web_deps() {
  (cd "$ROOT/web" && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || web_install; })
}

# `npm ci`, or, where the registry lacks the other platforms' optional builds of a native package
# (eslint-plugin-import-x's unrs-resolver: npm could not lock them, and `npm ci` refuses a lock
# without them), `npm install` from the same lock, which leaves it unchanged.
web_install() {
  npm ci --no-audit --no-fund --loglevel=silent 2>/dev/null || npm install --no-audit --no-fund --loglevel=error
}

# Shopify's published Admin GraphQL schemas (the npm package @shopify/dev-mcp ships one per API
# version; only those files are taken from it, checked against the integrity npm recorded) and
# graphql-js, for the contract test (tests/tests/shopify_contract.rs).
SHOPIFY_SCHEMAS="@shopify/dev-mcp@1.16.0"
SHOPIFY_SCHEMAS_INTEGRITY="sha512-tqgRnK7sQhjew+htxtleTH23nXB5fZcsrhWgEkomsorGXvLOB2mh2upwZm8uzuTDNTZnqtLMe64yIwh6s2awtw=="
ensure_contract_deps() {
  local dir="$ROOT/sandbox/contracts"
  (cd "$dir" && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] ||
    npm ci --ignore-scripts --no-audit --no-fund --loglevel=error; }) || return 1
  [ "$(cat "$dir/.schemas/from" 2>/dev/null)" = "$SHOPIFY_SCHEMAS $SHOPIFY_SCHEMAS_INTEGRITY" ] && return 0
  local tmp; tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack "$SHOPIFY_SCHEMAS" --json --loglevel=error >pack.json) || { rm -rf "$tmp"; return 1; }
  if ! grep -qF "\"$SHOPIFY_SCHEMAS_INTEGRITY\"" "$tmp/pack.json"; then
    echo "$SHOPIFY_SCHEMAS does not have the recorded integrity" >&2; rm -rf "$tmp"; return 1
  fi
  rm -rf "$dir/.schemas" && mkdir -p "$dir/.schemas"
  tar -xzf "$tmp"/*.tgz -C "$dir/.schemas" --strip-components=3 --wildcards 'package/dist/data/admin_2*.json.gz'
  echo "$SHOPIFY_SCHEMAS $SHOPIFY_SCHEMAS_INTEGRITY" >"$dir/.schemas/from"
  rm -rf "$tmp"
}

# WooCommerce's official Python client (PyPI `woocommerce`) and its dependencies, pinned in
# sandbox/contracts/requirements.txt, in a venv of their own beside the npm packages, for
# tests/tests/vendor_libraries.rs. Reinstalled only when the requirements change.
ensure_python_contract_deps() {
  local dir="$ROOT/sandbox/contracts" venv="$ROOT/sandbox/contracts/.venv"
  [ -x "$venv/bin/python" ] && cmp -s "$dir/requirements.txt" "$venv/requirements.txt" && return 0
  rm -rf "$venv"
  python3 -m venv "$venv" &&
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$dir/requirements.txt" ||
    { echo "could not install sandbox/contracts/requirements.txt into $venv" >&2; rm -rf "$venv"; return 1; }
  cp "$dir/requirements.txt" "$venv/requirements.txt"
}

# moto's S3 server (PyPI `moto[s3]` and Flask, pinned in tests/s3/requirements.txt) in a venv of
# its own, for the image library's S3 storage test (tests/tests/gallery_s3.rs), which starts it
# on a free port. Reinstalled only when the requirements change.
ensure_s3_test_server() {
  local dir="$ROOT/tests/s3" venv="$ROOT/tests/s3/.venv"
  [ -x "$venv/bin/moto_server" ] && cmp -s "$dir/requirements.txt" "$venv/requirements.txt" && return 0
  rm -rf "$venv"
  python3 -m venv "$venv" &&
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$dir/requirements.txt" ||
    { echo "could not install tests/s3/requirements.txt into $venv" >&2; rm -rf "$venv"; return 1; }
  cp "$dir/requirements.txt" "$venv/requirements.txt"
}

ensure_chromium() {
  [ -x /usr/bin/chromium ] || apt_install chromium
}

SANDBOX_PORT="${DROPLINE_SANDBOX_PORT:-9090}"

# A port nothing listens on now, for a private api.
free_port() {
  local p
  for _ in $(seq 50); do
    p=$((20000 + RANDOM % 40000))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return 0; }
  done
  return 1
}

# A sandbox of its own on a port the kernel picks, with a fresh state; prints its address.
start_private_sandbox() {
  local tag="$1" log="$DATA/logs/$1-sandbox.log"
  "$ROOT/target/debug/sandbox" --port 0 >"$log" 2>&1 &
  echo $! >"$DATA/$tag-sandbox.pid"
  for _ in $(seq 150); do
    local url; url="$(grep -o 'sandbox listening on http://[0-9.:]*' "$log" | head -1 | cut -d' ' -f4)"
    if [ -n "$url" ] && curl -fsS "$url/_sandbox/health" >/dev/null 2>&1; then echo "$url"; return 0; fi
    sleep 0.1
  done
  echo "the sandbox did not start; see $log" >&2
  return 1
}

# The emulated outside world (sign-in providers, stores, suppliers, carriers) on loopback.
start_sandbox() {
  local tag="$1"
  if curl -fsS "http://127.0.0.1:$SANDBOX_PORT/_sandbox/health" >/dev/null 2>&1; then return 0; fi
  "$ROOT/target/debug/sandbox" --port "$SANDBOX_PORT" >"$DATA/logs/$tag-sandbox.log" 2>&1 &
  echo $! >"$DATA/$tag-sandbox.pid"
  for _ in $(seq 100); do
    curl -fsS "http://127.0.0.1:$SANDBOX_PORT/_sandbox/health" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "the sandbox did not start; see $DATA/logs/$tag-sandbox.log" >&2
  return 1
}

# Starts api and worker in the background with the given environment; records their pids.
start_product() {
  local tag="$1"
  start_sandbox "$tag"
  start_api_worker "$tag"
}

start_api_worker() {
  local tag="$1"
  "$ROOT/target/debug/worker" >"$DATA/logs/$tag-worker.log" 2>&1 &
  echo $! >"$DATA/$tag-worker.pid"
  "$ROOT/target/debug/api" >"$DATA/logs/$tag-api.log" 2>&1 &
  echo $! >"$DATA/$tag-api.pid"
}

# The settings of a product of its own (configuration `test`): every outside party at the sandbox
# SANDBOX_URL, the api on PORT, the database DB, the web app served from WEB_DIR, a Redis
# namespace named after TAG. Exported into the calling shell: use it in a subshell.
private_product_env() {
  local tag="$1" sandbox_url="$2" port="$3" db="$4" web_dir="$5"
  export DROPLINE_ENV=test
  export DROPLINE__SANDBOX_URL="$sandbox_url"
  export DROPLINE__APPLICATION__PORT="$port"
  export DROPLINE__APPLICATION__BASE_URL="http://127.0.0.1:$port"
  export DROPLINE__APPLICATION__WEB_DIR="$web_dir"
  export DROPLINE__DATABASE__URL="postgres://postgres@127.0.0.1:$PG_PORT/$db"
  export DROPLINE__REDIS__NAMESPACE="dropline-$tag"
}

# `start_private_product TAG SANDBOX_URL PORT DB WEB_DIR`: api and worker with those settings.
start_private_product() {
  (private_product_env "$@"; start_api_worker "$1")
}

stop_product() {
  local tag="$1"
  for p in api worker sandbox; do
    if [ -f "$DATA/$tag-$p.pid" ]; then kill "$(cat "$DATA/$tag-$p.pid")" 2>/dev/null || true; rm -f "$DATA/$tag-$p.pid"; fi
  done
}

wait_healthy() {
  local url="$1"
  for _ in $(seq 150); do
    curl -fsS "$url/api/health" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "the API did not become healthy at $url; logs in $DATA/logs" >&2
  return 1
}
