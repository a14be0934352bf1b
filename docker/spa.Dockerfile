# syntax=docker/dockerfile:1
# One image per single-page app, static files behind nginx, /api proxied to the server.
# Build with the repository root as context and APP=backoffice or APP=payment-form:
#   docker build -f docker/spa.Dockerfile --build-arg APP=backoffice -t paygate-backoffice .
# Runtime configuration (nginx templates, rendered by the image at start):
#   API_UPSTREAM                   host:port of the API server (default server:3000)
#   PAYMENT_FORM_FRAME_ANCESTORS   CSP frame-ancestors of the payment form (default 'none', as the server's)

ARG APP=backoffice

FROM node:20-bookworm-slim AS build
ARG APP
WORKDIR /repo
RUN npm install --global --no-audit --no-fund pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile --filter "@paygate/${APP}..."
RUN pnpm --filter "@paygate/${APP}" build

FROM nginx:stable-bookworm AS runtime
ARG APP
ENV LISTEN_PORT=80 \
    SITE_ROOT=/usr/share/nginx/html \
    API_UPSTREAM=server:3000 \
    PAYMENT_FORM_FRAME_ANCESTORS="'none'"
# The official image renders /etc/nginx/templates/*.template into /etc/nginx/conf.d/ with
# envsubst at start (only variables set in the environment are replaced, so nginx's own
# $variables stay). default.conf.template replaces the image's default site.
COPY docker/nginx/${APP}.conf.template /etc/nginx/templates/default.conf.template
COPY docker/nginx/proxy-forwarding.conf docker/nginx/*.inc /etc/nginx/conf.d/
COPY --from=build /repo/apps/${APP}/dist /usr/share/nginx/html
EXPOSE 80
HEALTHCHECK --interval=10s --timeout=3s --retries=3 \
  CMD ["curl", "-fsS", "-o", "/dev/null", "http://127.0.0.1/healthz"]
