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
