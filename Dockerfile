# syntax=docker/dockerfile:1
# One image for every app of the mesh; APP selects which one runs:
#   docker build -t ton-access .
#   docker run -e APP=gateway -e NATS_URL=... -e DATABASE_URL=... -p 8080:8080 ton-access
# Other entry points of the same image: `node dist/libs/database/src/migrate.js` (migrations) and
# `node dist/apps/localnet/src/cli.js` (the local network).
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: full dependencies, swc build of apps/ and libs/ into dist/
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- prod-deps: runtime dependencies only
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- runtime
FROM ${NODE_IMAGE} AS runtime
# tini as PID 1: forwards SIGTERM to node (Nest shutdown hooks) and reaps zombies.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
  PORT=8080 \
  METRICS_PORT=9100
COPY --chown=root:root package.json package-lock.json ./
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist/apps ./dist/apps
COPY --from=build --chown=root:root /app/dist/libs ./dist/libs
ARG APP=gateway
ENV APP=${APP}
# /shared: the compose volume where the localnet writes its global config for the other apps. A named
# volume mounted here takes this directory's owner, so the unprivileged user can write to it.
RUN mkdir -p /shared /app/.data && chown node:node /shared /app/.data
# The code is root-owned and read-only to the app; the app runs as the image's unprivileged `node` user.
USER node
EXPOSE 8080 9100
# The gateway answers /healthz on PORT; every other app serves /healthz beside /metrics on METRICS_PORT.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "const p=process.env.APP==='gateway'?process.env.PORT:process.env.METRICS_PORT;fetch('http://127.0.0.1:'+p+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["sh", "-c", "exec node dist/apps/${APP}/src/main.js"]
