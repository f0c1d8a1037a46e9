#!/usr/bin/env node
// The `mlt` command. Runs the compiled CLI; `make build` (or `npm run build`) produces it.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const entry = join(root, 'dist', 'cli', 'mlt.js');
if (!existsSync(entry)) {
  process.stderr.write('mlt: not built yet; run `make build` (or `npm run build`) first\n');
  process.exit(2);
}
await import(pathToFileURL(entry).href);
