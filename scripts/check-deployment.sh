#!/usr/bin/env bash
# Validates the deployment files of docker/ without Docker (which cannot run here):
#  1. the server's runtime layout as server.Dockerfile builds it (pnpm deploy --prod + dist +
#     drizzle) refuses a production start with the placeholder or default secrets and SEED=demo;
#  2. it starts with a production configuration against a fresh PostgreSQL database: healthy,
#     every migration applied, no demo data;
#  3. Debian's nginx accepts the rendered docker/nginx templates (nginx -t) and, running in front
#     of that server, serves both apps the way the images do: SPA fallback, long-cached hashed
#     assets, an uncached entry page with its CSP, gzip, /api proxied to the server, its
#     rate limits (a burst gets nginx's 429 with Retry-After; other addresses and health pass;
#     an IPv6 client counts by its /64) and an access log with set-password secrets redacted.
# Needs the built server and apps (the test command's build stage). Cleans up after itself.
set -uo pipefail
source "$(dirname "$0")/lib/bootstrap.sh"
source "$(dirname "$0")/lib/ensure-system-packages.sh"

ensure_nginx || exit 1
ensure_postgresql || exit 1
NGINX_BIN="$(command -v nginx || echo /usr/sbin/nginx)"
# Another server build can be checked with SERVER_DIST=<folder with main.js>.
server_dist="${SERVER_DIST:-apps/server/dist}"

for app in server backoffice payment-form; do
  entry="apps/$app/dist/index.html"
  [ "$app" = server ] && entry="$server_dist/main.js"
  if [ "$app" = server ] && [ -n "${SERVER_DIST:-}" ] && [ ! -f "$entry" ]; then
    echo "SERVER_DIST=$SERVER_DIST has no main.js" >&2
    exit 1
  fi
  if [ ! -f "$entry" ]; then
    log_step "Building $app (no $entry)"
    pnpm --filter "@paygate/$app" build >/dev/null || exit 1
  fi
done

work="$(mktemp -d -t paygate-deploy.XXXXXX)"
# nginx workers not running as root must reach the temp folders.
chmod 755 "$work"
database="paygate_deploy_$(openssl rand -hex 4)"
server_pid=""
nginx_pid=""
failures=0

cleanup() {
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  # An autovacuum worker in the database makes a non-superuser's forced drop fail: try again.
  local attempt
  for attempt in 1 2 3 4 5 6 7 8 9 10; do
    psql "$TEST_DATABASE_URL" -qAtc "DROP DATABASE IF EXISTS $database WITH (FORCE)" \
      >/dev/null 2>&1 && break
    sleep 1
  done
  rm -rf "$work"
}
trap cleanup EXIT

pass() { printf '  ok    %s\n' "$*"; }
fail() {
  printf '  FAIL  %s\n' "$*" >&2
  failures=$((failures + 1))
}
# check <description> <command...>: runs the command quietly, reports ok/FAIL.
check() {
  local description="$1"
  shift
  if "$@" >/dev/null 2>&1; then pass "$description"; else fail "$description"; fi
}

free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}
wait_for_url() {
  local url="$1" tries=0
  until curl -fsS -o /dev/null "$url" 2>/dev/null; do
    tries=$((tries + 1))
    [ "$tries" -ge 120 ] && return 1
    sleep 0.5
  done
}

# --- 1. The server image's runtime layout --------------------------------------------------------
log_step "Server runtime layout (pnpm deploy --prod, as server.Dockerfile builds it)"
runtime="$work/server"
# The same command as the image (server.Dockerfile): the deploy's dedicated lockfile is cut from
# pnpm-lock.yaml, so --offline needs only the package store that `pnpm install` filled, never a
# registry metadata cache (the older --legacy deploy re-resolves every version and needs one).
deploy_server() {
  rm -rf "$work/deploy"
  pnpm --config.inject-workspace-packages=true --filter @paygate/server deploy --prod --offline \
    "$work/deploy" >"$work/deploy.log" 2>&1
}
# pnpm deploy copies the package's source too: a second try covers a file deleted mid-copy.
if ! deploy_server && ! deploy_server; then
  cat "$work/deploy.log" >&2
  echo "pnpm deploy failed" >&2
  exit 1
fi
mkdir -p "$runtime"
mv "$work/deploy/package.json" "$work/deploy/node_modules" "$runtime/"
cp -r "$server_dist" "$runtime/dist" || exit 1
cp -r apps/server/drizzle "$runtime/" || exit 1
rm -rf "$work/deploy"
pass "runtime layout: package.json, node_modules (production only), dist/, drizzle/"

psql "$TEST_DATABASE_URL" -qAtc "CREATE DATABASE $database" >/dev/null || exit 1
database_url="${TEST_DATABASE_URL%/*}/$database"
api_port="$(free_port)"
backoffice_port="$(free_port)"
payment_form_port="$(free_port)"
jwt_secret="$(openssl rand -hex 32)"
metrics_token="$(openssl rand -hex 32)"
# The server's settings of docker/.env.example as compose passes them (quotes removed); the
# compose-only ones stay out.
example_env=()
while IFS='=' read -r key value; do
  case "$key" in '' | '#'* | POSTGRES_PASSWORD | *_HTTP_PORT) continue ;; esac
  value="${value#\"}"
  example_env+=("$key=${value%\"}")
done <docker/.env.example

# run_production_server <seconds, 0 = no limit> <env...>: the server as the image runs it
# (NODE_ENV=production, from its own folder, nothing else in the environment). It execs: call it
# in a subshell ($(…) or &), so a background call's $! is node itself.
run_production_server() {
  local limit=()
  [ "$1" != 0 ] && limit=(timeout "$1")
  shift
  cd "$runtime" && exec env -i PATH="$PATH" HOME="$work" NODE_ENV=production HOST=127.0.0.1 \
    PORT="$api_port" DATABASE_URL="$database_url" LOG_LEVEL=warn "$@" \
    "${limit[@]}" node dist/main.js
}

# expect_refusal <description> <message part> <env...>: the start must fail with the message.
expect_refusal() {
  local description="$1" message="$2"
  shift 2
  local output status
  output="$(run_production_server 30 "$@" 2>&1)"
  status=$?
  if [ "$status" -ne 0 ] && [ "$status" -ne 124 ] && grep -qF -- "$message" <<<"$output"; then
    pass "production start refused: $description"
  else
    fail "production start refused: $description (exit $status: $output)"
  fi
}

log_step "Production start refuses unsafe configuration"
base_url="PAYMENT_FORM_BASE_URL=http://127.0.0.1:$payment_form_port"
secrets=("JWT_SECRET=$jwt_secret" "METRICS_TOKEN=$metrics_token" "$base_url")
expect_refusal "docker/.env.example as it is (placeholder JWT_SECRET)" "JWT_SECRET" \
  "${example_env[@]}"
expect_refusal "placeholder METRICS_TOKEN of docker/.env.example" "METRICS_TOKEN" \
  "${example_env[@]}" "JWT_SECRET=$jwt_secret" "$base_url"
expect_refusal "no JWT_SECRET" "JWT_SECRET" "$base_url"
expect_refusal "the development JWT_SECRET" "JWT_SECRET" \
  "JWT_SECRET=development-only-secret-change-me-0123456789" "$base_url"
expect_refusal "SEED=demo" "SEED=demo" "${secrets[@]}" "SEED=demo"
expect_refusal "COOKIE_SECURE=false" "COOKIE_SECURE" "${secrets[@]}" "COOKIE_SECURE=false"
expect_refusal "no PAYMENT_FORM_BASE_URL" "PAYMENT_FORM_BASE_URL" "JWT_SECRET=$jwt_secret"

# --- 2. Production start on PostgreSQL -----------------------------------------------------------
log_step "Production start on PostgreSQL (database $database)"
# docker/.env.example with its placeholders filled in must be a valid production configuration.
run_production_server 0 "${example_env[@]}" "${secrets[@]}" >"$work/server.log" 2>&1 &
server_pid=$!
if wait_for_url "http://127.0.0.1:$api_port/api/health"; then
  pass "server healthy at http://127.0.0.1:$api_port/api/health"
else
  fail "server did not answer /api/health within 60 s"
  cat "$work/server.log" >&2
  exit 1
fi
check "ready: /api/ready answers 200 with the database up" \
  test "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$api_port/api/ready")" = 200
sql() { psql "$database_url" -qAtc "$1"; }
migrations_expected="$(node -p 'require("./apps/server/drizzle/meta/_journal.json").entries.length')"
migrations_applied="$(sql 'SELECT count(*) FROM drizzle.__drizzle_migrations')"
check "all $migrations_expected migrations applied (found ${migrations_applied:-none})" \
  test "$migrations_applied" = "$migrations_expected"
check "no demo data (no people, merchants or invoices)" \
  test "$(sql 'SELECT (SELECT count(*) FROM people) + (SELECT count(*) FROM merchants) + (SELECT count(*) FROM invoices)')" = 0
check "reference data seeded (currencies)" test "$(sql 'SELECT count(*) > 0 FROM currencies')" = t
check "demo sign-in refused" test "$(curl -s -o /dev/null -w '%{http_code}' \
  -H 'content-type: application/json' -d '{"username":"admin","password":"admin-demo"}' \
  "http://127.0.0.1:$api_port/api/v1/login")" = 401

# --- 3. nginx in front of the server -------------------------------------------------------------
log_step "nginx configuration of docker/nginx (Debian nginx $("$NGINX_BIN" -v 2>&1 | sed 's/.*\///'))"
conf="$work/nginx"
mkdir -p "$conf/conf.d"
cp docker/nginx/proxy-forwarding.conf docker/nginx/*.inc "$conf/conf.d/"
cp /etc/nginx/mime.types "$conf/mime.types"
# Rendered like the official image does (envsubst of the templates), with local values.
render() {
  local template="$1" output="$2"
  shift 2
  env "$@" envsubst \
    '${LISTEN_PORT} ${SITE_ROOT} ${API_UPSTREAM} ${PAYMENT_FORM_FRAME_ANCESTORS}' \
    <"$template" >"$output"
}
render docker/nginx/backoffice.conf.template "$conf/conf.d/backoffice.conf" \
  LISTEN_PORT="127.0.0.1:$backoffice_port" SITE_ROOT="$REPO_ROOT/apps/backoffice/dist" \
  API_UPSTREAM="127.0.0.1:$api_port"
render docker/nginx/payment-form.conf.template "$conf/conf.d/payment-form.conf" \
  LISTEN_PORT="127.0.0.1:$payment_form_port" SITE_ROOT="$REPO_ROOT/apps/payment-form/dist" \
  API_UPSTREAM="127.0.0.1:$api_port" PAYMENT_FORM_FRAME_ANCESTORS="https://shop.example"
# As root, workers keep root's access to the checkout (which may sit in a private home folder).
worker_user=""
[ "$(id -u)" = 0 ] && worker_user="user root;"
# A probe server of this check only (not in the images): it answers the key that the status-poll
# limit counts a request under ("<client> <form id>", proxy-forwarding.conf), so the keys of many
# client addresses can be compared without a burst for each.
probe_port="$(free_port)"
cat >"$conf/probe.conf" <<EOF
server {
  listen 127.0.0.1:$probe_port;
  default_type text/plain;
  location / { return 200 "\$paygate_form_status_key"; }
}
EOF
# The official image's nginx.conf, with every path inside the temporary folder (and the probe).
cat >"$conf/nginx.conf" <<EOF
$worker_user
worker_processes 1;
daemon off;
pid $conf/nginx.pid;
error_log $conf/error.log warn;
events { worker_connections 256; }
http {
  include mime.types;
  default_type application/octet-stream;
  access_log $conf/access.log;
  client_body_temp_path $conf/client_body;
  proxy_temp_path $conf/proxy;
  fastcgi_temp_path $conf/fastcgi;
  uwsgi_temp_path $conf/uwsgi;
  scgi_temp_path $conf/scgi;
  sendfile on;
  keepalive_timeout 65;
  include conf.d/*.conf;
  include probe.conf;
}
EOF
if "$NGINX_BIN" -t -p "$conf" -c "$conf/nginx.conf" >"$work/nginx-t.log" 2>&1; then
  pass "nginx -t accepts the rendered configuration"
else
  fail "nginx -t"
  cat "$work/nginx-t.log" >&2
  exit 1
fi
"$NGINX_BIN" -p "$conf" -c "$conf/nginx.conf" >"$work/nginx.log" 2>&1 &
nginx_pid=$!
bo="http://127.0.0.1:$backoffice_port"
pf="http://127.0.0.1:$payment_form_port"
wait_for_url "$bo/healthz" || {
  fail "nginx did not start"
  cat "$work/nginx.log" "$conf/error.log" >&2
  exit 1
}

# header <url> <name> [curl options...]: the value of one response header.
header() {
  local url="$1" name="$2"
  shift 2
  curl -s -o /dev/null -D - "$@" "$url" | tr -d '\r' |
    awk -v name="$(tr '[:upper:]' '[:lower:]' <<<"$name")" -F': ' \
      'tolower($1) == name { sub(/^[^:]*: /, ""); print; exit }'
}
status_of() { curl -s -o /dev/null -w '%{http_code}' "$@"; }
contains() { grep -qF -- "$2" <<<"$1"; }
# not_in_files <text> <file...>: none of the files (of those that exist) holds the text.
not_in_files() {
  local text="$1" file
  shift
  for file in "$@"; do
    [ -f "$file" ] && grep -qF -- "$text" "$file" && return 1
  done
  return 0
}
# wait_for_line <file> <extended regex>: a line of the file matches within 30 s (nginx writes an
# access log line once the answer is sent; the bound is only for a busy machine).
wait_for_line() {
  local tries=0
  until grep -Eq -- "$2" "$1" 2>/dev/null; do
    tries=$((tries + 1))
    [ "$tries" -ge 300 ] && return 1
    sleep 0.1
  done
}

asset="$(grep -o '/assets/index-[^"]*\.js' apps/backoffice/dist/index.html | head -n 1)"
check "back office /login answers the app (SPA fallback)" \
  contains "$(curl -s "$bo/login")" '<div id="root">'
check "back office deep link /invoices/42 answers 200" test "$(status_of "$bo/invoices/42")" = 200
check "entry page not cached (Cache-Control: no-cache)" \
  test "$(header "$bo/login" Cache-Control)" = no-cache
check "back office CSP forbids framing (frame-ancestors 'none')" \
  contains "$(header "$bo/" Content-Security-Policy)" "frame-ancestors 'none'"
# The server's own header values (security-headers.ts) are the reference for nginx's.
server_csp() {
  "$REPO_ROOT/apps/server/node_modules/.bin/tsx" --eval "
    import { contentSecurityPolicyHeader } from './apps/server/src/http/security-headers.ts';
    console.log(contentSecurityPolicyHeader($1));"
}
normalized_csp() { sed 's/; */;/g' <<<"$1"; }
check "back office CSP equals the server's" test \
  "$(normalized_csp "$(header "$bo/login" Content-Security-Policy)")" = \
  "$(server_csp "{ kind: 'backoffice' }")"
check "payment form CSP equals the server's for the same PAYMENT_FORM_FRAME_ANCESTORS" test \
  "$(normalized_csp "$(header "$pf/payment/abc" Content-Security-Policy)")" = \
  "$(server_csp "{ kind: 'payment-form', paymentFormFrameAncestors: ['https://shop.example'] }")"
check "HSTS only over https (X-Forwarded-Proto: https from the load balancer)" test \
  "$(header "$bo/login" Strict-Transport-Security)|$(header "$bo/login" \
    Strict-Transport-Security -H 'X-Forwarded-Proto: https')" = \
  "|max-age=31536000; includeSubDomains"
check "back office X-Frame-Options DENY" test "$(header "$bo/login" X-Frame-Options)" = DENY
check "payment form frameable by its CSP alone (no X-Frame-Options)" \
  test -z "$(header "$pf/payment/abc" X-Frame-Options)"
check "hashed asset $asset cached a year, immutable" \
  test "$(header "$bo$asset" Cache-Control)" = "public, max-age=31536000, immutable"
check "hashed asset gzip-compressed on request" \
  test "$(header "$bo$asset" Content-Encoding -H 'Accept-Encoding: gzip')" = gzip
check "missing asset is a 404, not the entry page" \
  test "$(status_of "$bo/assets/missing-0000.js")" = 404
check "/api/health proxied to the server" \
  contains "$(curl -s "$bo/api/health")" '"status":"ok"'
check "unknown /api path is the server's 404, not the entry page" \
  test "$(status_of "$bo/api/v1/no-such-route")" = 404
check "payment form /payment/abc answers the app (SPA fallback)" \
  contains "$(curl -s "$pf/payment/abc")" '<div id="root">'
check "payment form CSP frame-ancestors from PAYMENT_FORM_FRAME_ANCESTORS" \
  contains "$(header "$pf/payment/abc" Content-Security-Policy)" "frame-ancestors https://shop.example"
check "payment form /api proxied (unknown form is a 404 from the server)" \
  test "$(status_of "$pf/api/payments/form/no-such-form")" = 404

# Rate limits of nginx, shared by every instance behind it (proxy-forwarding.conf, api-proxy.inc).
# Requests come from loopback, which nginx trusts as a proxy, so X-Forwarded-For picks each
# check's client address and with it a fresh bucket. The server behind sees every one of them
# as 127.0.0.1 (TRUST_PROXY=1) and answers unknown forms 404 until its own limit (20 a minute).
form_id="$(openssl rand -hex 12)"
poll_status() { # poll_status <client address> [curl options...]: POST …/status of $form_id
  local client="$1"
  shift
  curl -s -X POST -H "X-Forwarded-For: $client" "$@" "$pf/api/payments/form/$form_id/status"
}
check "rate limits: a status poll passes nginx (the server's 404 for an unknown form)" \
  test "$(poll_status 198.51.100.1 -o /dev/null -w '%{http_code}')" = 404
burst_codes=()
for _ in $(seq 1 20); do
  burst_codes+=("$(poll_status 198.51.100.2 -o /dev/null -w '%{http_code}')")
done
# nginx's bucket: the first request and a burst of 10 at once, then one a second.
check "rate limits: a burst of 20 polls of one form from one address: 11 pass, then 429 (got ${burst_codes[*]})" \
  test "${burst_codes[*]:0:11}|${burst_codes[19]}" = "404 404 404 404 404 404 404 404 404 404 404|429"
limited_headers="$(poll_status 198.51.100.2 -o "$work/limited-body" -D - | tr -d '\r')"
limited_id="$(grep -i '^request-id:' <<<"$limited_headers" | sed 's/^[^:]*: *//')"
check "rate limits: nginx's 429 has Retry-After: 1, a problem body and no server headers" \
  test "$(grep -i '^retry-after:' <<<"$limited_headers")|$(grep -ci '^content-type: application/problem+json' <<<"$limited_headers")|$(grep -ci '^ratelimit-limit:' <<<"$limited_headers")|$(cat "$work/limited-body")" = \
  "Retry-After: 1|1|0|{\"type\":\"about:blank\",\"title\":\"Too Many Requests\",\"status\":429,\"detail\":\"Too many requests. Try again later.\",\"code\":\"rate_limited\",\"requestId\":\"$limited_id\"}"
check "rate limits: nginx's 429 names its request id (Request-Id: $limited_id)" \
  grep -Eq '^[0-9a-f]{32}$' <<<"$limited_id"
check "rate limits: nginx logged the refusals of zone paygate_form_status" \
  grep -q 'limiting requests.*zone "paygate_form_status"' "$conf/error.log"
check "rate limits: the same form from another address still passes" \
  test "$(poll_status 198.51.100.3 -o /dev/null -w '%{http_code}')" = 404

# IPv6 clients count by their /64, as on the server ($paygate_client_address). The probe gives the
# status-poll key of a client address (sent in X-Forwarded-For, which nginx parses and rewrites);
# bytes that are not text show as "?".
status_key() {
  curl -s -H "X-Forwarded-For: $1" "http://127.0.0.1:$probe_port/api/payments/form/probe/status" |
    LC_ALL=C tr -c '[:print:]' '?'
}
ipv6_keys="$(status_key 2001:db8:1:2::1)|$(status_key 2001:0DB8:0001:0002:FFFF:FFFF:FFFF:FFFE)|$(status_key 2001:db8:1:3::1)"
check "rate-limit keys: two addresses of one IPv6 /64 share a key, the next /64 has its own (got $ipv6_keys)" \
  test "$ipv6_keys" = "2001:db8:1:2:: probe|2001:db8:1:2:: probe|2001:db8:1:3:: probe"
ipv4_keys="$(status_key 198.51.100.7)|$(status_key ::ffff:198.51.100.7)|$(status_key 198.51.100.8)"
check "rate-limit keys: an IPv4 address counts whole, also written IPv4-mapped (got $ipv4_keys)" \
  test "$ipv4_keys" = "198.51.100.7 probe|198.51.100.7 probe|198.51.100.8 probe"
# Every place "::" can take where nginx writes an address: each of the 256 patterns of zero groups,
# with groups of one to four digits (ffff among them, so IPv4-mapped addresses occur too).
key_mismatches="$(PROBE="http://127.0.0.1:$probe_port" node --input-type=module -e '
  const valueSets = [
    [0x1, 0xab, 0xcde, 0xffff, 0x2, 0xffff, 0x1234, 0xf],
    [0xffff, 0x1234, 0xf, 0x1, 0xab, 0xcd, 0x3, 0xffff],
  ];
  const mismatches = [];
  for (const values of valueSets) {
    for (let zeros = 0; zeros < 256; zeros += 1) {
      const groups = values.map((value, index) => ((zeros >> index) & 1 ? 0 : value));
      // Written out in full, upper case with leading zeros: nginx writes it again its own way.
      const sent = groups.map((group) => group.toString(16).toUpperCase().padStart(4, "0")).join(":");
      const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
      const client = mapped
        ? [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".")
        : `${groups.slice(0, 4).map((group) => group.toString(16)).join(":")}::`;
      const response = await fetch(`${process.env.PROBE}/api/payments/form/probe/status`, {
        headers: { "x-forwarded-for": sent },
      });
      const key = await response.text();
      if (key !== `${client} probe`) mismatches.push(`${sent}: ${JSON.stringify(key)}, not ${client}`);
    }
  }
  console.log(`${mismatches.length} ${mismatches.slice(0, 3).join("; ")}`.trim());
' 2>&1)"
check "rate-limit keys: 512 IPv6 addresses with \"::\" in every place count by their /64 (mismatches: $key_mismatches)" \
  test "$key_mismatches" = 0
# Through the payment form's nginx: a client moving through the addresses of its /64 keeps one
# allowance. 20 polls of one form, each from another address of 2001:db8:c0:1::/64 (each a new
# client if whole addresses counted), are refused once the burst is used up; the next /64 still
# passes. nginx's error log names each client it refused (the server, which sees every request
# come from nginx, soon refuses the unknown form itself).
poll_ipv6() {
  curl -s -o /dev/null -X POST -H "X-Forwarded-For: $1" "$pf/api/payments/form/$ipv6_form/status"
}
ipv6_form="$(openssl rand -hex 12)"
for host in $(seq 1 20); do
  if [ $((host % 2)) = 0 ]; then
    poll_ipv6 "2001:DB8:C0:1:FFFF:0:0:$host"
  else
    poll_ipv6 "2001:db8:c0:1::$host"
  fi
done
poll_ipv6 2001:db8:c0:2::1
ipv6_refused="$(grep -c 'limiting requests.*zone "paygate_form_status", client: 2001:db8:c0:1:' "$conf/error.log")"
check "rate limits: 20 polls of one form from 20 addresses of one IPv6 /64: nginx refuses some (refused $ipv6_refused)" \
  test "$ipv6_refused" -ge 1
check "rate limits: the same form from the next /64 still passes nginx" \
  not_in_files 'zone "paygate_form_status", client: 2001:db8:c0:2::1,' "$conf/error.log"

# Each site's access log: nginx's 'combined' with the secret of a set-password link (the back
# office's page and its API calls) replaced, in the request line and the Referer. It goes to
# nginx's stdout, as in the image; the secret is in no log file.
reset_token="$(openssl rand -base64 32 | tr '+/' '-_' | tr -d '=')"
as_client=(-A paygate-deployment-check -H 'X-Forwarded-For: 198.51.100.9')
curl -s -o /dev/null "${as_client[@]}" "$bo/password-reset/$reset_token"
curl -s -o /dev/null "${as_client[@]}" -e "$bo/password-reset/$reset_token?from=link" \
  "$bo/api/v1/password-reset/$reset_token"
logged='^198\.51\.100\.9 - - \[[0-9]{2}/[A-Z][a-z]{2}/[0-9]{4}(:[0-9]{2}){3} [+-][0-9]{4}\] '
check "access log: the set-password page logged as /password-reset/[redacted], otherwise as 'combined'" \
  wait_for_line "$work/nginx.log" "$logged"'"GET /password-reset/\[redacted\] HTTP/1\.1" 200 [0-9]+ "-" "paygate-deployment-check"$'
check "access log: its API call logged as /api/v1/password-reset/[redacted], the Referer redacted too" \
  wait_for_line "$work/nginx.log" "$logged"'"GET /api/v1/password-reset/\[redacted\] HTTP/1\.1" [0-9]{3} [0-9]+ "'"${bo//./\\.}"'/password-reset/\[redacted\]" "paygate-deployment-check"$'
check "access log: the set-password secret is in no log of nginx" \
  not_in_files "$reset_token" "$work/nginx.log" "$conf/access.log" "$conf/error.log"
# A payment form's id the same way: all but its first four characters.
log_form_id="Lg$(openssl rand -hex 12)"
curl -s -o /dev/null "${as_client[@]}" "$pf/payment/$log_form_id"
curl -s -o /dev/null "${as_client[@]}" -X POST -e "$pf/payment/$log_form_id?lang=en" \
  "$pf/api/payments/form/$log_form_id/status"
check "access log: a payment form's page logged as /payment/${log_form_id:0:4}[redacted]" \
  wait_for_line "$work/nginx.log" "$logged"'"GET /payment/'"${log_form_id:0:4}"'\[redacted\] HTTP/1\.1" 200 [0-9]+ "-" "paygate-deployment-check"$'
check "access log: its status poll logged with the form id redacted, the Referer too" \
  wait_for_line "$work/nginx.log" "$logged"'"POST /api/payments/form/'"${log_form_id:0:4}"'\[redacted\]/status HTTP/1\.1" [0-9]{3} [0-9]+ "'"${pf//./\\.}"'/payment/'"${log_form_id:0:4}"'\[redacted\]\?lang=en" "paygate-deployment-check"$'
check "access log: the payment form's id is in no log of nginx" \
  not_in_files "$log_form_id" "$work/nginx.log" "$conf/access.log" "$conf/error.log"

sign_in_codes=()
for attempt in $(seq 1 20); do
  sign_in_codes+=("$(curl -s -o /dev/null -w '%{http_code}' -H 'X-Forwarded-For: 198.51.100.4' \
    -H 'content-type: application/json' -d "{\"username\":\"nobody-$attempt\",\"password\":\"x\"}" \
    "$bo/api/v1/login")")
done
# 10 at once and one every 2 s (each refused sign-in takes the server a password hash's time).
check "rate limits: a burst of 20 sign-ins from one address ends in 429 (got ${sign_in_codes[*]})" \
  test "${sign_in_codes[0]}|${sign_in_codes[19]}" = "401|429"
health_codes="$(for _ in $(seq 1 150); do curl -s -o /dev/null -w '%{http_code}\n' "$pf/api/health"; done | sort -u | tr '\n' ' ')"
check "rate limits: 150 health checks in a row are never limited (got $health_codes)" \
  test "$health_codes" = "200 "

# Graceful stop: SIGTERM ends the server with exit code 0.
kill -TERM "$server_pid"
wait "$server_pid"
stop_status=$?
server_pid=""
check "server stops on SIGTERM with exit code 0 (got $stop_status)" test "$stop_status" = 0

if [ "$failures" -gt 0 ]; then
  echo "Deployment check: $failures failed" >&2
  exit 1
fi
echo "Deployment check passed."
