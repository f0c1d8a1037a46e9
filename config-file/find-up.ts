// Finding data files shipped next to the code, both when run from source and from a compiled `dist/`.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest ancestor directory of `from` (a module's `import.meta.url`, or a path) that contains
 * `name` (a file or a relative path such as `configs/schemas`); throws if there is none.
 */
export function findUp(from: string | URL, name: string): string {
  let dir = dirname(typeof from === 'string' && !from.startsWith('file:') ? from : fileURLToPath(from));
  for (;;) {
    if (existsSync(join(dir, name))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error(`cannot find ${name} in any directory above ${from.toString()}`);
    dir = up;
  }
}
