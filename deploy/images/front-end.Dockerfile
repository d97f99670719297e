# One recipe for the image of each front end (shell, mf-parent, mf-student, mf-sessions): every one is built, tagged
# and released on its own, named by WORKSPACE (build context: the repository root), as static files on an unprivileged
# nginx with the front ends' one server configuration:
#   docker build -f deploy/images/front-end.Dockerfile --build-arg WORKSPACE=mf-sessions --build-arg GIT_COMMIT=… .
ARG NODE_IMAGE=node:26-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:stable-alpine

FROM ${NODE_IMAGE} AS build
ARG WORKSPACE
WORKDIR /app
ENV MONGOMS_DISABLE_POSTINSTALL=1 npm_config_update_notifier=false
# The commit this image is built from, written into version.json.
ARG GIT_COMMIT=unknown
COPY package.json package-lock.json ./
COPY packages packages
COPY scripts/frontEndRelease.ts scripts/federationShared.ts scripts/remoteViteConfig.ts scripts/screenFrames.ts scripts/standaloneRemote.tsx scripts/
COPY ${WORKSPACE} ${WORKSPACE}
RUN test -n "${WORKSPACE}" \
  && npm install --no-audit --no-fund --workspace ${WORKSPACE} --include-workspace-root=false \
  && GIT_COMMIT=${GIT_COMMIT} NODE_ENV=production npm run build --workspace ${WORKSPACE} \
  && test -f ${WORKSPACE}/dist/version.json

FROM ${NGINX_IMAGE}
ARG WORKSPACE
COPY deploy/nginx/front-end.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/${WORKSPACE}/dist /usr/share/nginx/html
USER 101
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s CMD wget -q -O /dev/null http://127.0.0.1:8080/health || exit 1
STOPSIGNAL SIGQUIT
