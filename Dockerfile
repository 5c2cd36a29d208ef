# syntax=docker/dockerfile:1
# One image for every Felt process (issue 12 point 4): the studio server (default command), the edge
# agent and the simulators / demo devices (`felt studio --server-url …`, `felt sim …`). Multi-stage:
# `build` compiles TypeScript and the web apps with every dependency; `deps` installs production
# dependencies only; the final stage copies the two together and runs as the unprivileged `node` user.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- manifests only: the dependency layers are cached until a package.json or the lockfile changes ----
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/games/package.json libs/games/
COPY libs/protocol/package.json libs/protocol/
COPY libs/client-sdk/package.json libs/client-sdk/
COPY libs/ui/package.json libs/ui/
COPY hardware-sim/package.json hardware-sim/
COPY apps/cli/package.json apps/cli/
COPY apps/edge-agent/package.json apps/edge-agent/
COPY apps/studio-server/package.json apps/studio-server/
COPY apps/dealer-console/package.json apps/dealer-console/
COPY apps/player-client/package.json apps/player-client/
COPY apps/pit-boss/package.json apps/pit-boss/

# ---- build: every dependency, tsc -b + the web apps' Vite builds ----
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json tsconfig.build.json ./
COPY scripts scripts
COPY libs libs
COPY hardware-sim hardware-sim
COPY apps apps
RUN npm run build

# ---- deps: production dependencies only (no TypeScript, vitest, Vite, eslint…) ----
FROM manifests AS deps
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    FELT_DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules node_modules
COPY --from=deps /app/package.json package.json
# each workspace: its manifest (the node_modules/@felt-studio/* links point here) and its build output
COPY --from=build /app/libs/games/package.json libs/games/package.json
COPY --from=build /app/libs/games/dist libs/games/dist
COPY --from=build /app/libs/protocol/package.json libs/protocol/package.json
COPY --from=build /app/libs/protocol/dist libs/protocol/dist
COPY --from=build /app/libs/client-sdk/package.json libs/client-sdk/package.json
COPY --from=build /app/libs/client-sdk/dist libs/client-sdk/dist
COPY --from=build /app/hardware-sim/package.json hardware-sim/package.json
COPY --from=build /app/hardware-sim/dist hardware-sim/dist
COPY --from=build /app/apps/edge-agent/package.json apps/edge-agent/package.json
COPY --from=build /app/apps/edge-agent/dist apps/edge-agent/dist
COPY --from=build /app/apps/studio-server/package.json apps/studio-server/package.json
COPY --from=build /app/apps/studio-server/dist apps/studio-server/dist
COPY --from=build /app/apps/cli/package.json apps/cli/package.json
COPY --from=build /app/apps/cli/dist apps/cli/dist
COPY --from=build /app/apps/cli/bin apps/cli/bin
# the web apps the server serves at /play, /dealer, /pit
COPY --from=build /app/apps/player-client/dist apps/player-client/dist
COPY --from=build /app/apps/dealer-console/dist apps/dealer-console/dist
COPY --from=build /app/apps/pit-boss/dist apps/pit-boss/dist
RUN mkdir -p /data /var/lib/felt-edge && chown node:node /data /var/lib/felt-edge
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) stops the server within 5 s, finishing in-flight commits (ops/stop.ts).
STOPSIGNAL SIGTERM
# Other processes of the same image:
#   edge agent:  node apps/edge-agent/dist/main.js --config /config/edge.json
#   simulators:  node apps/cli/bin/felt.js studio --server-url http://studio-server:3000 --mqtt-url mqtt://mosquitto:1883
#                node apps/cli/bin/felt.js sim shaker --mqtt-url … (see `felt sim --help`)
CMD ["node", "apps/studio-server/dist/main.js"]
