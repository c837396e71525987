# syntax=docker/dockerfile:1
# SignaturePro: build once in a build stage, run the build on a production install as a non-root user.
#   docker build -t signaturepro .
#   docker run -p 5000:5000 -v signaturepro-data:/data signaturepro
# See docs/deploy.md for settings, compose.yaml for a full stack. tests/e2e/deploy-commands.test.ts
# runs the same install, build and start commands in a clean folder.
ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Build: every dependency (dev included), then `npm run build` (client, prerendered pages,
#    server bundle dist/server/server.js, migrations beside it).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Run-time dependencies only: no dev dependencies (and none of the dev-only optional peers that
#    better-auth makes npm install; scripts/runtime-packages.mjs).
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/runtime-packages.mjs ./scripts/runtime-packages.mjs
RUN npm ci --omit=dev --no-audit --no-fund \
 && node scripts/runtime-packages.mjs prune \
 && npm cache clean --force

# 3. The image: the build and the run-time packages, run as the unprivileged `node` user.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 5000
# Alive: /api/health answers without asking the database (a load balancer should use /api/ready).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/server.js"]
