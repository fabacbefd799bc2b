# syntax=docker/dockerfile:1.7
# The portal shell or one remote, as its own image (docs/operations.md). From the repository root:
#   docker build -f deploy/docker/static.Dockerfile --build-arg APP=host -t registry.example.com/assistant/host:3.244.1 .
#   docker build -f deploy/docker/static.Dockerfile --build-arg APP=chat -t registry.example.com/assistant/chat:3.245.0 .
# APP: host, chat, qa, translate, agents, collections or usecases. Served by the repository's own
# servers (scripts/serve-portal.mjs, scripts/serve-remotes.mjs) on Node, so a container sends the
# same cache headers, CSP, CORS and API proxy as `npm start` (deploy/docker/static-server.mjs).
# Checked by tests/integration/deploy-manifests.test.ts (no Docker daemon where it is developed).
ARG NODE_IMAGE=node:22-bookworm-slim

# ---- build: the workspace installed from the lockfile, then the one app in production mode ------
FROM ${NODE_IMAGE} AS build
ARG APP
RUN test -n "$APP" || (echo "--build-arg APP=host|chat|qa|translate|agents|collections|usecases is required" >&2; exit 1)
WORKDIR /repo
COPY package.json ./
RUN npm install --global --no-audit --no-fund "pnpm@$(node -p "require('./package.json').packageManager.split('@')[1]")"
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN --mount=type=cache,id=pnpm-store,target=/root/.local/share/pnpm/store pnpm fetch
COPY . .
RUN --mount=type=cache,id=pnpm-store,target=/root/.local/share/pnpm/store pnpm install --frozen-lockfile --offline
RUN node scripts/build-portal.mjs "$APP"
# What the runtime needs: the servers' scripts, the app's dist without source maps (they are for
# error reporting: take them from this stage, `docker build --target build`, never from a server),
# and the servers' three packages at the versions the lockfile installed.
RUN set -e; \
    if [ "$APP" = host ]; then dist=host/dist; else dist="remotes/$APP/dist"; fi; \
    mkdir -p "/out/app/$dist" /out/app/scripts /out/app/deploy/docker; \
    cp -R "$dist/." "/out/app/$dist/"; \
    find /out/app -name '*.map' -delete; \
    cp scripts/serve-portal.mjs scripts/serve-remotes.mjs scripts/portal-layout.mjs scripts/workspace.mjs /out/app/scripts/; \
    cp deploy/docker/static-server.mjs deploy/docker/healthcheck.mjs /out/app/deploy/docker/; \
    cd /out/app; \
    echo '{ "private": true }' > package.json; \
    npm install --no-save --no-package-lock --no-audit --no-fund --omit=dev \
      "fastify@$(node -p "require('/repo/node_modules/fastify/package.json').version")" \
      "@fastify/static@$(node -p "require('/repo/node_modules/@fastify/static/package.json').version")" \
      "@fastify/http-proxy@$(node -p "require('/repo/node_modules/@fastify/http-proxy/package.json').version")"

# ---- runtime --------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ARG APP
ENV NODE_ENV=production \
    APP=${APP} \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY --from=build /out/app /app
# uid 1000 is the image's `node` user; numeric so Kubernetes' runAsNonRoot can verify it. The files
# stay root's: nothing is written at run time.
USER 1000:1000
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["node", "/app/deploy/docker/healthcheck.mjs"]
CMD ["node", "/app/deploy/docker/static-server.mjs"]
