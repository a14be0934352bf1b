#!/usr/bin/env bash
# Command 3 (issue 10): every benchmark, one table. Installs what it needs, builds the server and
# both apps, fills PostgreSQL and PGlite with the 1M-invoice data set and measures. Not part of
# the test command (only the cheap bundle checks are). BENCH_QUICK=1 for a few-minute smoke run;
# see bench/README.md for the other settings.
set -uo pipefail
source "$(dirname "$0")/lib/bootstrap.sh"
source "$(dirname "$0")/lib/ensure-system-packages.sh"

install_dependencies || exit 1
# Lighthouse drives Debian's chromium; the benchmarks run on this PostgreSQL and on PGlite.
ensure_chromium || exit 1
ensure_postgresql || exit 1

log_step "Building the server and both apps"
pnpm turbo run build --filter=@paygate/server --filter=@paygate/backoffice \
  --filter=@paygate/payment-form --output-logs=errors-only || exit 1

log_step "Benchmarks$([ "${BENCH_QUICK:-}" = 1 ] && echo ' (quick)')"
exec node bench/run-all.mjs
