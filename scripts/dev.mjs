#!/usr/bin/env node
// `npm run dev`: the server recompiles and restarts on change; Vite runs inside it in
// middleware mode, so the client hot-reloads.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, args, env = {}) =>
  spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

const first = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const children = [
  run('npx', ['tsc', '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput']),
  run('node', ['--watch-path=dist/server', 'dist/server/src/main.js'], { VITE_DEV: '1', NODE_ENV: process.env.NODE_ENV ?? 'development' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
