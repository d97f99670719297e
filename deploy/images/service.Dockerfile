# One recipe for the image of each service and of the gateway: every one is built, tagged and released on its own,
# named by WORKSPACE (build context: the repository root):
#   docker build -f deploy/images/service.Dockerfile --build-arg WORKSPACE=svc-logbook --build-arg PORT=4004 .
# The gateway carries no front end: those are images of their own (front-end.Dockerfile), reached through SHELL_URL
# and MF_*_URL.
ARG NODE_IMAGE=node:26-slim

# Compiles the workspace, with the workspace packages it uses, to one JavaScript file.
FROM ${NODE_IMAGE} AS build
ARG WORKSPACE
WORKDIR /app
ENV MONGOMS_DISABLE_POSTINSTALL=1 npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY packages/contracts packages/contracts
COPY packages/service-kit packages/service-kit
COPY scripts/build-service.mjs scripts/paths.mjs scripts/
COPY ${WORKSPACE}/package.json ${WORKSPACE}/
COPY ${WORKSPACE}/src ${WORKSPACE}/src
RUN test -n "${WORKSPACE}" \
  && npm install --no-audit --no-fund --workspace ${WORKSPACE} --include-workspace-root=false \
  && npm run build --workspace ${WORKSPACE}

# Production dependencies only: no embedded database, no TypeScript runner, no build tools.
FROM ${NODE_IMAGE} AS deps
ARG WORKSPACE
WORKDIR /app
ENV MONGOMS_DISABLE_POSTINSTALL=1 npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/service-kit/package.json packages/service-kit/
COPY ${WORKSPACE}/package.json ${WORKSPACE}/
RUN npm install --omit=dev --no-audit --no-fund --workspace ${WORKSPACE} --include-workspace-root=false

FROM ${NODE_IMAGE}
ARG WORKSPACE
# The port it listens on, and the path of its health check (the gateway's is /api/health).
ARG PORT
ARG HEALTH_PATH=/health
# The commit this image is built from and when, reported by its release information.
ARG GIT_COMMIT=unknown
ARG BUILD_TIME
ENV NODE_ENV=production WORKSPACE=${WORKSPACE} PORT=${PORT} HEALTH_PATH=${HEALTH_PATH} \
  GIT_COMMIT=${GIT_COMMIT} BUILD_TIME=${BUILD_TIME}
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY ${WORKSPACE}/package.json ${WORKSPACE}/
COPY --from=build /app/${WORKSPACE}/dist ${WORKSPACE}/dist
USER node
EXPOSE ${PORT}
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+process.env.HEALTH_PATH).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
# The shell only finds the workspace's file, then gives way to node (exec), which receives SIGTERM itself.
CMD ["/bin/sh", "-c", "exec node --enable-source-maps \"$WORKSPACE/dist/server.js\""]
