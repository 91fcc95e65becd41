# syntax=docker/dockerfile:1
# Multi-stage build on the current Node LTS: compile with dev dependencies, ship only the
# compiled code and production dependencies, run as the unprivileged `node` user.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY tsconfig.json tsconfig.build.json tsconfig.browser.json ./
COPY src ./src
COPY scripts ./scripts
RUN npm run build

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --chown=root:root package.json ./
USER node
EXPOSE 8080
# No curl in the image: the probe is Node's own fetch against the health endpoint.
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself (graceful shutdown, decisions D9.3).
# One V8 platform thread, and garbage collected by the thread that allocated it: the engine
# workers already keep every core busy, and collection shared with helper threads kept the event
# loop from a CPU (docs/operations.md, Sizing). The same flags as `npm start`;
# test/bench/server-flags.test.ts keeps them in step.
CMD ["node", "--v8-pool-size=1", "--single-threaded-gc", "dist/src/server.js"]
