#
# One image recipe for every service of the monorepo, selected by the SERVICE build argument:
#
#   docker build --build-arg SERVICE=gateway  -t kingdom-marketplace/gateway:local .
#   docker build --build-arg SERVICE=identity --build-arg HTTP_PORT=3001 -t kingdom-marketplace/identity:local .
#
# Adding a service (services/<name>) needs no change here. The gateway image also carries the built SPA (web/dist).
# Stages: manifests -> deps (npm install) -> compiled (nx, everything once, tests left out) -> build (one service's files)
#         | services-deps (npm install --omit=dev, every service once) -> prod-deps (pruned to one service) -> runtime.
# The stages shared by the seven images (deps, compiled, services-deps) have no SERVICE argument, so they are built
# once; the npm installs prefer the npm cache mount, which `npm run images` seeds from the machine's cache (ADR 0076).

ARG SERVICE
# Base images. The defaults are Docker Hub's Node images; `npm run images` builds the same recipe from base images it
# makes on this machine instead (tools/images, ADR 0068): nothing is pulled, and no `# syntax=` frontend is fetched.
ARG BUILD_IMAGE=node:20-bookworm
ARG SLIM_IMAGE=node:20-bookworm-slim
ARG RUNTIME_IMAGE=node:20-bookworm-slim

# ---------------------------------------------------------------------------------------------------------------
# manifests: only package.json files and the lockfile, so the npm layers below are cached until a manifest changes.
FROM ${SLIM_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir -p /manifests \
 && cp package.json package-lock.json /manifests/ \
 && find $(ls -d libs services web tools e2e 2>/dev/null) -name node_modules -prune -o -name dist -prune \
         -o -name package.json -type f -exec cp --parents {} /manifests/ \;

# ---------------------------------------------------------------------------------------------------------------
# deps: the install (dev dependencies included) that the build needs: the root's and those of the libraries, services
# and the SPA; not those of tools/ and e2e/ (browsers, Lighthouse, load tools), which no build uses (ADR 0076).
FROM ${BUILD_IMAGE} AS deps
WORKDIR /app
ENV NX_DAEMON=false \
    NX_NO_CLOUD=true \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY --from=manifests /manifests/ ./
# The optional secrets "npmrc" and "ca" carry the builder's npm settings and CA bundle, for registries behind a proxy
# with its own certificate (`npm run images` passes the machine's); they are mounted for the one command, never kept.
RUN --mount=type=cache,target=/root/.npm \
    --mount=type=secret,id=npmrc,target=/root/.npmrc \
    --mount=type=secret,id=ca,target=/etc/ssl/certs/ca-certificates.crt \
    npm install --workspace=libs --workspace=services --workspace=web --include-workspace-root --prefer-offline --no-audit --no-fund

# ---------------------------------------------------------------------------------------------------------------
# compiled: every library, service and the SPA, built once whatever the SERVICE (no ARG here), so the seven images
# share this layer and a repeat build of an unchanged tree takes it from the cache. The tests (tests/, the test/
# folders, *.spec.* and *.test.* files) are deleted first: no image carries them, so they are not compiled (ADR 0076).
FROM deps AS compiled
COPY . .
RUN rm -rf tests libs/*/test services/*/test \
 && find libs services web -name node_modules -prune -o -type f \( -name '*.spec.ts' -o -name '*.spec.tsx' -o -name '*.test.ts' -o -name '*.test.tsx' \) -exec rm {} + \
 && npx nx run-many -t build --output-style=static

# build: the artefacts one service's runtime needs, gathered in /out (compiled tests are left behind).
FROM compiled AS build
ARG SERVICE
RUN test -n "${SERVICE}" || { echo 'build with --build-arg SERVICE=<name of a folder in services/>' >&2; exit 1; } \
 && test -f "services/${SERVICE}/package.json" || { echo "unknown service: ${SERVICE}" >&2; exit 1; }
RUN mkdir -p /out \
 && for lib in libs/*; do if [ -d "${lib}/dist" ]; then cp -a --parents "${lib}/dist" /out/; fi; done \
 && cp -a --parents "services/${SERVICE}/dist" /out/ \
 && if [ -d "services/${SERVICE}/demo" ]; then cp -a --parents "services/${SERVICE}/demo" /out/; fi \
 && if [ "${SERVICE}" = "gateway" ]; then cp -a --parents web/dist /out/; fi \
 && rm -rf /out/services/*/dist/test \
 && find /out \( -name '*.spec.js' -o -name '*.spec.js.map' -o -name '*.spec.d.ts' -o -name '*.tsbuildinfo' \) -delete

# ---------------------------------------------------------------------------------------------------------------
# services-deps: the production dependencies of every service, installed once for the seven images (ADR 0076).
# Type declarations, source maps and read-mes of the dependencies are not needed to run them: they are dropped.
FROM ${BUILD_IMAGE} AS services-deps
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm \
    --mount=type=secret,id=npmrc,target=/root/.npmrc \
    --mount=type=secret,id=ca,target=/etc/ssl/certs/ca-certificates.crt \
    npm install --omit=dev --workspace=services --include-workspace-root=false --prefer-offline --no-audit --no-fund \
 && find node_modules -type f \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' -o -name '*.md' \) -delete

# prod-deps: the production dependencies of this one workspace (and of the libs it links), nothing else: the packages
# its dependencies do not reach are deleted (tools/images/prune-to-workspace.cjs, with npm's own Arborist). The
# lockfile fixes where each package sits, so this is the tree an install of the one workspace makes.
FROM services-deps AS prod-deps
ARG SERVICE
RUN --mount=type=bind,source=tools/images/prune-to-workspace.cjs,target=/tmp/prune-to-workspace.cjs \
    node /tmp/prune-to-workspace.cjs "services/${SERVICE}"

# ---------------------------------------------------------------------------------------------------------------
# runtime: slim image, root-owned read-only code, run as the unprivileged "node" user (uid 1000).
FROM ${RUNTIME_IMAGE} AS runtime
ARG SERVICE
ARG HTTP_PORT=3000
LABEL org.opencontainers.image.title="kingdom-marketplace-${SERVICE}"
ENV NODE_ENV=production \
    SERVICE_NAME=${SERVICE} \
    HTTP_PORT=${HTTP_PORT} \
    SERVICE_ENTRY=services/${SERVICE}/dist/src/main.js \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app
# manifests + node_modules (root and any nested ones) of the one workspace
COPY --from=prod-deps /app/ ./
# compiled libs, the service, and web/dist for the gateway
COPY --from=build /out/ ./
# the media service's renditions job runs ffmpeg (WAV/WEBM → M4A/MP4 for the podcast feed)
# (the base made by `npm run images` for media already has it)
RUN if [ "${SERVICE}" = "media" ] && ! command -v ffmpeg >/dev/null; then apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*; fi
# the gateway's copies of stored media (ADR 0023): compose mounts a volume here, which takes this owner
# (made with node itself: the runtime base made by `npm run images` has no coreutils)
RUN if [ "${SERVICE}" = "gateway" ]; then node -e "const fs = require('fs'); fs.mkdirSync('/var/cache/km-media', { recursive: true }); fs.chownSync('/var/cache/km-media', 1000, 1000)"; fi
USER node
EXPOSE ${HTTP_PORT}
# HTTP_PORT is expanded by the shell when the check runs, so an HTTP_PORT set at run time is honoured.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:${HTTP_PORT}/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Exec-form CMD cannot expand a build ARG, so the entry baked into SERVICE_ENTRY is started through `exec`:
# node replaces the shell and is PID 1 (receives SIGTERM directly).
CMD ["/bin/sh", "-c", "exec node \"$SERVICE_ENTRY\""]
