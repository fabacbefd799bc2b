# syntax=docker/dockerfile:1.7
# The API server (server/): docs/operations.md. Build from the repository root:
#   docker build -f deploy/docker/server.Dockerfile -t registry.example.com/assistant/server:3.244.1 .
# Checked by tests/integration/deploy-manifests.test.ts (no Docker daemon where it is developed).
ARG NODE_IMAGE=node:22-bookworm-slim

# ---- build: the server's JavaScript, then the server alone with its production packages --------
FROM ${NODE_IMAGE} AS build
WORKDIR /repo
# The pnpm of package.json's packageManager field, exactly.
COPY package.json ./
RUN npm install --global --no-audit --no-fund "pnpm@$(node -p "require('./package.json').packageManager.split('@')[1]")"
# Packages by lockfile alone first: this layer stays cached until the lockfile changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN --mount=type=cache,id=pnpm-store,target=/root/.local/share/pnpm/store pnpm fetch
COPY . .
# The server's JavaScript (scripts/build-server.mjs: esbuild, a development dependency of the
# server, bundles server/src and @assistant/contracts into server/dist; no type-check here).
RUN --mount=type=cache,id=pnpm-store,target=/root/.local/share/pnpm/store \
    pnpm install --offline --frozen-lockfile --filter "@assistant/server..." \
 && node scripts/build-server.mjs --force
# `pnpm deploy`: the server with its production dependencies only, workspace packages
# (@assistant/contracts) copied in, resolved from the shared lockfile.
# The build replaces the TypeScript sources: the image runs JavaScript only.
RUN --mount=type=cache,id=pnpm-store,target=/root/.local/share/pnpm/store \
    pnpm --filter @assistant/server --config.inject-workspace-packages=true deploy --prod /out/server \
 && rm -rf /out/server/src /out/server/dist \
 && cp -r server/dist /out/server/dist

# ---- runtime --------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
# No DEV_IDP here: the dev identity provider is for local development; OIDC_ISSUER is required.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8081 \
    DATA_DIR=/data
WORKDIR /app/server
# Files owned by root and read-only for the user the server runs as; only /data (uploaded files,
# PGlite without DATABASE_URL) is written.
COPY --from=build /out/server /app/server
COPY deploy/docker/healthcheck.mjs /app/healthcheck.mjs
RUN mkdir -p /data && chown 1000:1000 /data
# uid 1000 is the image's `node` user; numeric so Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
EXPOSE 8081
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "/app/healthcheck.mjs", "/health"]
# SIGTERM reaches node directly (exec form): the server drains its streams and jobs, then exits.
# The same command as `npm start`'s server, run against the same build (tests/integration/compiled-server.test.ts).
CMD ["node", "dist/main.js"]
