# Sourced by the test command: installs the Debian packages the tests need when missing.
# CI and fresh machines start without them; apt-get runs as root (or through sudo).

apt_install() {
  local runner=()
  if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1; then
      runner=(sudo)
    else
      echo "Missing system packages ($*) and not root: install them with apt-get." >&2
      return 1
    fi
  fi
  log_step "Installing Debian packages: $*"
  "${runner[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${runner[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

ensure_chromium() {
  if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] && fc-list 2>/dev/null | grep -qi dejavu; then
    return 0
  fi
  # DejaVu covers Latin and Cyrillic, so screenshots in en, ru and uz render real glyphs.
  apt_install chromium fonts-dejavu-core fontconfig
}

# Starts a local PostgreSQL for the integration suite (installing Debian's package when missing)
# and exports TEST_DATABASE_URL for a role that may create the per-test databases.
ensure_postgresql() {
  if ! command -v pg_lsclusters >/dev/null 2>&1; then
    apt_install postgresql
  fi
  local runner=()
  [ "$(id -u)" != "0" ] && runner=(sudo)
  local cluster
  cluster="$(pg_lsclusters --no-header | head -n 1)"
  if [ -z "$cluster" ]; then
    local version
    version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
    "${runner[@]}" pg_createcluster "$version" main >/dev/null
    cluster="$(pg_lsclusters --no-header | head -n 1)"
  fi
  local version name port status
  read -r version name port status _ <<<"$cluster"
  if [ "$status" != "online" ]; then
    "${runner[@]}" pg_ctlcluster "$version" "$name" start
  fi
  # A dedicated role with a password, so the suite connects over TCP like a deployment does.
  "${runner[@]}" su postgres -c "psql -p $port -qtAc \"DO \\\$\\\$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'paygate_test') THEN
        CREATE ROLE paygate_test LOGIN CREATEDB PASSWORD 'paygate_test';
      END IF; END \\\$\\\$;\"" >/dev/null
  export TEST_DATABASE_URL="postgres://paygate_test:paygate_test@127.0.0.1:$port/postgres"
}

# Debian's nginx for the deployment check (scripts/check-deployment.sh): it validates and runs the
# nginx configuration of docker/nginx in front of the server. Only the binary is needed; the check
# runs its own nginx on free ports with a configuration in a temporary folder.
ensure_nginx() {
  if { command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; } &&
    command -v envsubst >/dev/null 2>&1 && command -v curl >/dev/null 2>&1; then
    return 0
  fi
  # The package's post-install would start a system nginx on port 80; a policy-rc.d that refuses
  # service starts (as Docker's Debian images ship) keeps it off. Removed again if we created it.
  local created_policy=""
  if [ "$(id -u)" = "0" ] && [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    created_policy=1
  fi
  local status=0
  apt_install nginx gettext-base curl || status=$?
  [ -n "$created_policy" ] && rm -f /usr/sbin/policy-rc.d
  return "$status"
}
