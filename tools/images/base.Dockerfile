# Base images for the service images, made on this machine without pulling anything (ADR 0068): `npm run images`
# imports a Debian root filesystem made by mmdebstrap as km/debian:bookworm and builds these targets with the
# machine's own Node (copied into the build context as node/ and npm/).
#   node-build    Debian minbase + Node + npm: the Dockerfile's deps, build and prod-deps stages
#   node-runtime  nothing but Node, the shared libraries it and the services' native modules load, /bin/sh, the CA
#                 bundle and the "node" user (uid 1000): the runtime stage of every service but media
#   node-media    node-runtime plus ffmpeg and its libraries (media's renditions job)

FROM km/debian:bookworm AS node-build
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/sh --create-home node
CMD ["node"]

# The files a runtime needs, gathered under /rootfs: every shared library the given programs and native modules
# load (ldd's closure), the dynamic loader, dash as /bin/sh, the CA bundle and the users.
FROM node-build AS gather
ARG EXTRA_PACKAGES=""
RUN if [ -n "${EXTRA_PACKAGES}" ]; then apt-get update && apt-get install -y --no-install-recommends ${EXTRA_PACKAGES} && rm -rf /var/lib/apt/lists/*; fi
COPY native/ /native/
RUN set -e; mkdir -p /rootfs/bin /rootfs/etc/ssl/certs /rootfs/tmp /rootfs/usr/local/bin /rootfs/home/node; \
    chmod 1777 /rootfs/tmp; chown 1000:1000 /rootfs/home/node; \
    programs="/usr/local/bin/node /bin/dash $(command -v ffmpeg || true) $(command -v ffprobe || true) $(find /native -name '*.node' -o -name '*.so*' -type f)"; \
    for p in $programs; do ldd "$p" 2>/dev/null | awk '/=> \//{print $3} /^\t\/lib/{print $1}'; done | sort -u > /libs.txt; \
    for lib in $(cat /libs.txt); do cp -L --parents "$lib" /rootfs/; done; \
    cp -L --parents /lib64/ld-linux-x86-64.so.2 /rootfs/; \
    cp /usr/local/bin/node /rootfs/usr/local/bin/node; cp /bin/dash /rootfs/bin/sh; \
    for p in ffmpeg ffprobe; do if command -v $p >/dev/null; then cp "$(command -v $p)" /rootfs/usr/local/bin/$p; fi; done; \
    cp /etc/ssl/certs/ca-certificates.crt /rootfs/etc/ssl/certs/; \
    grep -E '^(root|nobody|node):' /etc/passwd > /rootfs/etc/passwd; grep -E '^(root|nogroup|node):' /etc/group > /rootfs/etc/group; \
    echo 'hosts: files dns' > /rootfs/etc/nsswitch.conf

FROM scratch AS node-runtime
COPY --from=gather /rootfs/ /
ENV PATH=/usr/local/bin:/bin SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
