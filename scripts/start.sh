#!/usr/bin/env bash
# Command 1: install, build and start the product — the API plus both built apps.
set -euo pipefail
source "$(dirname "$0")/lib/bootstrap.sh"

install_dependencies

log_step "Building the server and both apps"
pnpm turbo run build --output-logs=errors-only

export HOST="${HOST:-127.0.0.1}"
export PORT="${PORT:-3000}"
export BACKOFFICE_PORT="${BACKOFFICE_PORT:-8080}"
export PAYMENT_FORM_PORT="${PAYMENT_FORM_PORT:-8081}"
export BACKOFFICE_DIST="$REPO_ROOT/apps/backoffice/dist"
export PAYMENT_FORM_DIST="$REPO_ROOT/apps/payment-form/dist"
# Embedded PGlite keeps its data here unless DATABASE_URL points at a PostgreSQL server.
export DATA_DIR="${DATA_DIR:-$REPO_ROOT/.data/pglite}"
# Demo merchants, users, terminals, accounts and invoices on a fresh database.
export SEED="${SEED:-demo}"
export PRINT_BANNER=1
# Request logs stay available (LOG_LEVEL=info) but keep the banner readable by default.
export LOG_LEVEL="${LOG_LEVEL:-warn}"

log_step "Starting (Ctrl+C stops)"
exec node apps/server/dist/main.js
