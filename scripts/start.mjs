#!/usr/bin/env node
// `npm start`: build if needed, then run the server in this process (so SIGTERM reaches it directly).
import { createRequire } from 'node:module';

import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
createRequire(import.meta.url)('../dist/server/src/main.js');
