#!/usr/bin/env node
// `npm run lint:openapi`: the two OpenAPI documents the app serves (the public one at
// /api/docs/openapi.json, the staff one at /api/admin/openapi.json) checked by Redocly's linter
// with its recommended rules. Starts the built server on SQLite in a temporary DATA_DIR, signs
// in as a staff member made for the purpose, and exits with the linter's status. With
// OPENAPI_OUT=dir the two documents are also written there, to read.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureBuild } from './ensure-build.mjs';
import { startApp } from './lib/start-app.mjs';

const STAFF = { email: 'openapi-lint@norrsken.test', password: 'a long linting password' };

ensureBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-openapi-'));
// The documents name PUBLIC_URL as their server: the real site's, not a local address.
const app = await startApp({ DATA_DIR: dataDir, ADMIN_EMAIL: STAFF.email, ADMIN_PASSWORD: STAFF.password, PUBLIC_URL: 'https://www.norrsken-arctic.se' });
let status = 1;
try {
  const login = await fetch(`${app.url}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(STAFF) });
  if (!login.ok) throw new Error(`Could not sign in to read the staff document: ${login.status}`);
  const { token } = await login.json();
  const documents = {
    'public.json': await (await fetch(`${app.url}/api/docs/openapi.json`)).json(),
    'staff.json': await (await fetch(`${app.url}/api/admin/openapi.json`, { headers: { Authorization: `Bearer ${token}` } })).json(),
  };
  const files = Object.entries(documents).map(([name, document]) => {
    if (process.env.OPENAPI_OUT) writeFileSync(join(process.env.OPENAPI_OUT, name), JSON.stringify(document, null, 2));
    const file = join(dataDir, name);
    writeFileSync(file, JSON.stringify(document, null, 2));
    return file;
  });
  const redocly = join(import.meta.dirname, '..', 'node_modules', '.bin', 'redocly');
  status = spawnSync(redocly, ['lint', '--extends', 'recommended', '--format', 'stylish', ...process.argv.slice(2), ...files], { stdio: 'inherit' }).status ?? 1;
} finally {
  app.child.kill('SIGTERM');
  await new Promise((resolve) => app.child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
