#!/usr/bin/env bash
# Runs the README's two commands the way a machine that never saw this project would: a fresh
# clone of the committed HEAD, with HOME, the XDG folders and npm's cache pointed at new empty
# folders, so no package-manager cache, store or metadata warmed by earlier runs can help.
#
#   bash scripts/fresh-machine-check.sh            # npm test (CI=true), then npm start
#   bash scripts/fresh-machine-check.sh --stress   # the same while stress-ng keeps both cores busy
#   options: --ref <commit> (default HEAD), --skip-start, --keep (keep the folder afterwards)
#
# System packages (chromium, postgresql, nginx) are not removed first: the commands install them
# with apt-get when they are missing, as on CI. Exit status 0 only when both commands worked.
set -uo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

ref=HEAD
stress=""
skip_start=""
keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --ref) ref="$2"; shift 2 ;;
    --stress) stress=1; shift ;;
    --skip-start) skip_start=1; shift ;;
    --keep) keep=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

work="$(mktemp -d -t paygate-fresh.XXXXXX)"
stress_pid=""
start_pid=""
cleanup() {
  [ -n "$stress_pid" ] && kill "$stress_pid" 2>/dev/null
  [ -n "$start_pid" ] && kill -- "-$start_pid" 2>/dev/null
  if [ -z "$keep" ]; then rm -rf "$work"; else echo "Kept $work"; fi
}
trap cleanup EXIT

step "Fresh clone of $(git -C "$REPO_ROOT" rev-parse --short "$ref") in $work/repo"
git clone --quiet --no-hardlinks "$REPO_ROOT" "$work/repo" || exit 1
git -C "$work/repo" checkout --quiet "$(git -C "$REPO_ROOT" rev-parse "$ref")" || exit 1

# Empty home, caches and stores: pnpm's store and metadata cache live under XDG_DATA_HOME and
# XDG_CACHE_HOME, npm's cache under npm_config_cache, and nothing else may be reused.
for folder in home cache data config state npm-cache; do mkdir -p "$work/$folder"; done
fresh_env=(
  HOME="$work/home"
  XDG_CACHE_HOME="$work/cache"
  XDG_DATA_HOME="$work/data"
  XDG_CONFIG_HOME="$work/config"
  XDG_STATE_HOME="$work/state"
  npm_config_cache="$work/npm-cache"
  CI=true
)
# Whatever the caller's shell carries about package managers is not part of a new machine.
unset_env=(-u PNPM_HOME -u npm_config_store_dir -u npm_config_prefix -u TEST_DATABASE_URL)

if [ -n "$stress" ]; then
  if ! command -v stress-ng >/dev/null 2>&1; then
    step "Installing stress-ng"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stress-ng >/dev/null || exit 1
  fi
  step "Keeping both cores busy (stress-ng --cpu 2) for the whole test command"
  stress-ng --cpu 2 --quiet &
  stress_pid=$!
fi

step "npm test (log: $work/npm-test.log)"
test_started=$SECONDS
(cd "$work/repo" && env "${unset_env[@]}" "${fresh_env[@]}" npm test) 2>&1 | tee "$work/npm-test.log"
test_status=${PIPESTATUS[0]}
test_seconds=$((SECONDS - test_started))
[ -n "$stress_pid" ] && kill "$stress_pid" 2>/dev/null && wait "$stress_pid" 2>/dev/null
stress_pid=""

start_status=skipped
if [ -z "$skip_start" ]; then
  step "npm start (log: $work/npm-start.log)"
  free_port() {
    node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
  }
  api_port="$(free_port)"
  backoffice_port="$(free_port)"
  form_port="$(free_port)"
  # Its own process group, so the whole command (npm, the shell script, node) stops at the end.
  (cd "$work/repo" && exec setsid env "${unset_env[@]}" "${fresh_env[@]}" PORT="$api_port" \
    BACKOFFICE_PORT="$backoffice_port" PAYMENT_FORM_PORT="$form_port" npm start \
    >"$work/npm-start.log" 2>&1) &
  start_pid=$!
  start_status=failed
  for _ in $(seq 1 600); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$api_port/api/ready" 2>/dev/null &&
      curl -fsS "http://127.0.0.1:$backoffice_port/login" 2>/dev/null | grep -q 'id="root"' &&
      curl -fsS "http://127.0.0.1:$form_port/payment/demo" 2>/dev/null | grep -q 'id="root"' &&
      grep -q 'admin-demo' "$work/npm-start.log"; then
      start_status=ok
      break
    fi
    kill -0 "$start_pid" 2>/dev/null || break
    sleep 1
  done
  kill -- "-$start_pid" 2>/dev/null
  wait "$start_pid" 2>/dev/null
  start_pid=""
  [ "$start_status" = ok ] || tail -n 40 "$work/npm-start.log" >&2
fi

step "Fresh-machine check"
printf '  npm test:  exit %s after %d min %02d s%s\n' "$test_status" $((test_seconds / 60)) \
  $((test_seconds % 60)) "${stress:+ (with stress-ng --cpu 2)}"
printf '  npm start: %s\n' "$start_status"
if [ "$test_status" = 0 ] && [ "$start_status" != failed ]; then exit 0; fi
keep=1 # the logs tell what failed
exit 1
