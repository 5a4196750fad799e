# The app image: built once, started without a build step.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && node scripts/render-artwork.mjs && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
# A font for the words on the tours' share cards (sharp draws them with librsvg through fontconfig),
# and the MariaDB client tools that `npm run backup` and `npm run restore` use on MySQL/MariaDB.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core mariadb-client && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production DATA_DIR=/app/data PORT=3000
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/package.json ./package.json
RUN mkdir -p /app/data/uploads /app/backups && chown -R node:node /app/data /app/backups
USER node
EXPOSE 3000
# A larger young generation: rendering pages allocates much that dies young, and fewer scavenges serve more pages.
CMD ["node", "--max-semi-space-size=64", "dist/server/src/main.js"]
