# syntax=docker/dockerfile:1
# The API server (apps/server): build with the repository root as context:
#   docker build -f docker/server.Dockerfile -t paygate-server .
# Configuration comes from the environment only (docs/operations.md lists every variable).

FROM node:20-bookworm-slim AS build
WORKDIR /repo
# pnpm pinned like package.json "packageManager".
RUN npm install --global --no-audit --no-fund pnpm@10.34.9
# The whole workspace (server.Dockerfile.dockerignore leaves out the apps and build output):
# pnpm checks the lockfile against every workspace manifest.
COPY . .
RUN pnpm install --frozen-lockfile --filter @paygate/server...
RUN pnpm --filter @paygate/server build
# dist/main.js bundles the workspace packages but loads third-party dependencies from
# node_modules: `pnpm deploy` writes the server's production dependencies, nothing else, at the
# versions of pnpm-lock.yaml (the deploy's own lockfile is cut from it; the older --legacy deploy
# re-resolved every version). Injecting applies to this deploy only: the workspace keeps its links.
RUN pnpm --config.inject-workspace-packages=true --filter @paygate/server deploy --prod --offline /deploy \
  && rm -rf /deploy/src /deploy/scripts /deploy/dist /deploy/drizzle /deploy/pnpm-lock.yaml \
  && cp -r apps/server/dist apps/server/drizzle /deploy/

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    LOG_LEVEL=info
WORKDIR /app
# The migrations (drizzle/) sit next to dist/: the server finds them by walking up from main.js
# and applies the pending ones at start, before it listens.
COPY --from=build --chown=root:root /deploy/package.json ./package.json
COPY --from=build --chown=root:root /deploy/node_modules ./node_modules
COPY --from=build --chown=root:root /deploy/dist ./dist
COPY --from=build --chown=root:root /deploy/drizzle ./drizzle
# The code stays owned by root and read-only to the process.
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM from `docker stop` reaches node directly (exec form): in-flight requests finish.
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
