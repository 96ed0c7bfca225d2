# syntax=docker/dockerfile:1
# Afspraakplanner: the server runs as one esbuild bundle with plain node (docs/decisions/006-server-bundle.md)
# and serves the Vite-built client from dist/web. Build: `docker build -t afspraakplanner .`
# Node 26, the Active LTS line (docs/decisions/005-node-26-runtime.md); CI runs the suite on it too.
ARG NODE_IMAGE=node:26-trixie-slim

# --- all dependencies, for building the client and the server bundle ------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install` with the committed lock rather than `npm ci`: the lock may lack other platforms'
# optional packages (e.g. tailwind's oxide builds), which makes `npm ci` refuse it (see .ci/run);
# `npm install` installs the same locked versions plus this platform's binaries.
RUN npm install --no-audit --no-fund

# --- the web client (Vite, plus the .br/.gz files the server sends) and the server bundle (esbuild) --
FROM deps AS build
COPY tsconfig.json vite.config.ts ./
COPY scripts/build-web.mjs scripts/
COPY src/web src/web
COPY src/core src/core
COPY src/contracts src/contracts
RUN node -e "import('./scripts/build-web.mjs').then((m) => m.ensureWebBuild())" \
 && test -f dist/web/index.html
# After the client's layer, so a change to the server alone does not build the client again.
COPY scripts/build-server.mjs scripts/
COPY src/server src/server
RUN node scripts/build-server.mjs \
 && test -f dist/server/main.js -a -f dist/server/embedded-backup.js -a -d dist/server/migrations

# --- production dependencies only (the browser's packages are devDependencies: built into dist/web) --
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime -------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only for the app: the process can write to /data (and /tmp) only. No sources:
# the bundle imports only node_modules (production dependencies) and reads its migrations beside it;
# package.json marks its .js as ES modules. build-server.mjs finds no sources here and builds nothing.
COPY --from=prod-deps /app/node_modules node_modules
COPY package.json ./
COPY scripts/backup.mjs scripts/restore.mjs scripts/build-server.mjs scripts/
COPY --from=build /app/dist/server dist/server
COPY --from=build /app/dist/web dist/web
RUN mkdir -p /data && chown node:node /data
USER node
# The embedded database, the generated app-secret (both unused with DATABASE_URL and APP_SECRET) and
# the lock socket server.sock: a second container on this volume refuses to start while one runs.
VOLUME ["/data"]
EXPOSE 3000
# main.ts drains on SIGTERM: no new connections, in-flight requests and running jobs finish (up to
# 30 s). Give it that long: `docker stop -t 40`, or stop_grace_period in docker-compose.yml.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1 (not npm or a shell), so SIGTERM reaches the server's handler. Both builds are
# done, so scripts/start.mjs (which would rebuild stale ones with Vite and esbuild) is not needed here.
CMD ["node", "dist/server/main.js"]
