# syntax=docker/dockerfile:1.7
# The API server (server/): docs/operations.md. Build from the repository root:
#   docker build -f deploy/docker/server.Dockerfile -t registry.example.com/assistant/server:3.244.1 .
# Checked by tests/integration/deploy-manifests.test.ts (no Docker daemon where it is developed).
ARG NODE_IMAGE=node:22-bookworm-slim

# ---- build: the workspace installed from the lockfile, then the server alone -------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /repo
# The pnpm of package.json's packageManager field, exactly.
COPY package.json ./
RUN npm install --global --no-audit --no-fund "pnpm@$(node -p "require('./package.json').packageManager.split('@')[1]")"
# Packages by lockfile alone first: this layer stays cached until the lockfile changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN --mount=type=cache,id=pnpm-store,target=/root/.local/share/pnpm/store pnpm fetch --prod
COPY . .
# `pnpm deploy`: the server with its production dependencies only, workspace packages
# (@assistant/contracts) copied in, resolved from the shared lockfile.
RUN --mount=type=cache,id=pnpm-store,target=/root/.local/share/pnpm/store \
    pnpm --filter @assistant/server --config.inject-workspace-packages=true deploy --prod /out/server \
 && find /out/server/src -type d -name __tests__ -prune -exec rm -rf {} +
# The server runs its TypeScript through tsx (`node --import tsx`, as `npm start` does); tsx is a
# development dependency of the workspace root, so it is installed on its own, at the lockfile's
# version.
RUN TSX_VERSION="$(sed -n 's/^  tsx@\([0-9][^:]*\):$/\1/p' pnpm-lock.yaml | head -n 1)" \
 && test -n "$TSX_VERSION" \
 && npm install --prefix /out/tsx --no-save --no-package-lock --no-audit --no-fund "tsx@${TSX_VERSION}"

# ---- runtime --------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
# No DEV_IDP here: the dev identity provider is for local development; OIDC_ISSUER is required.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8081 \
    DATA_DIR=/data
WORKDIR /app/server
# Files owned by root and read-only for the user the server runs as; only /data (uploaded files,
# PGlite without DATABASE_URL) and /tmp (tsx's cache) are written.
COPY --from=build /out/server /app/server
COPY --from=build /out/tsx /opt/tsx
COPY tsconfig.base.json /app/tsconfig.base.json
COPY deploy/docker/healthcheck.mjs /app/healthcheck.mjs
RUN mkdir -p /data && chown 1000:1000 /data
# uid 1000 is the image's `node` user; numeric so Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
EXPOSE 8081
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "/app/healthcheck.mjs", "/health"]
# SIGTERM reaches node directly (exec form): the server drains its streams and jobs, then exits.
CMD ["node", "--import", "/opt/tsx/node_modules/tsx/dist/loader.mjs", "src/main.ts"]
