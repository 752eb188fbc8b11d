# Used by docker-compose.yml. Builds the Rust binaries and the web app, then a slim runtime.
FROM rust:1.95-bookworm AS rust
WORKDIR /src
COPY . .
RUN cargo build --release -p api -p worker -p cli -p sandbox

FROM node:20-bookworm AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=rust /src/target/release/api /src/target/release/worker /src/target/release/dropline /src/target/release/sandbox /app/
COPY --from=web /src/web/dist /app/web/dist
COPY config /app/config
ENV DROPLINE_CONFIG_DIR=/app/config
EXPOSE 8080
