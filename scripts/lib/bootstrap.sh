# Sourced by the start and test commands: checks Node and provides the pinned pnpm
# (from package.json "packageManager") in .tools/, using only the npm that ships with Node.
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$REPO_ROOT"

log_step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

require_node() {
  if ! command -v node >/dev/null 2>&1; then
    echo "Node.js 20.19 or newer is required: install it first." >&2
    exit 1
  fi
  if ! node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)'; then
    echo "Node.js 20.19 or newer is required, found $(node --version)." >&2
    exit 1
  fi
}

ensure_pnpm() {
  local wanted
  wanted="$(node -p 'require("./package.json").packageManager.split("@")[1]')"
  export PATH="$REPO_ROOT/.tools/bin:$PATH"
  if [ "$(pnpm --version 2>/dev/null || true)" != "$wanted" ]; then
    log_step "Installing pnpm $wanted into .tools/"
    npm install --global --prefix "$REPO_ROOT/.tools" --no-audit --no-fund "pnpm@$wanted" >/dev/null
  fi
  # turbo and the package scripts find the same pnpm on PATH.
  hash -r
}

install_dependencies() {
  log_step "Installing dependencies (pnpm install --frozen-lockfile)"
  pnpm install --frozen-lockfile --reporter=append-only
}

require_node
ensure_pnpm
