// Making the directory an operator names for output (`--pcap DIR`, `--out DIR`), missing parents included.
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * `mkdir -p` that always ends: each missing directory is made on its own, from the top down, and the first
 * the file system refuses is thrown. Node's own recursive mkdir loops forever where a parent exists but a
 * child is refused as missing: `mkdirSync('/proc/x', { recursive: true })` never returns.
 */
export function makeDirectory(dir: string): void {
  const missing: string[] = [];
  for (let p = resolve(dir); !isDirectory(p); p = dirname(p)) {
    missing.push(p);
    if (dirname(p) === p) break;
  }
  for (const d of missing.reverse()) mkdirSync(d);
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}
