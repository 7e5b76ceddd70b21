# Seeds the npm cache mount of the image builds (the Dockerfile's `--mount=type=cache,target=/root/.npm`) with the
# entries of the machine's npm cache that the lockfile needs (ADR 0076). The context is .data/images/npm-cache, made
# by tools/images/npm-cache-seed.ts. A separate build, so the seed never enters the cache key of an install layer.
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
RUN --mount=type=bind,target=/seed --mount=type=cache,target=/root/.npm \
    mkdir -p /root/.npm/_cacache && cp -a /seed/. /root/.npm/_cacache/
