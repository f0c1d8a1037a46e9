// P4Runtime ids the way p4c assigns them, so that P4Info from this front-end matches p4c's: an @id value
// gets the resource type's prefix in its top byte; other objects get the Jenkins one-at-a-time hash of
// their fully qualified name (low 24 bits) under the prefix, assigned in sorted name order with linear
// probing past ids already taken.

export function jenkinsOneAtATime(key: string): number {
  let hash = 0;
  for (const byte of Buffer.from(key, 'utf8')) {
    hash = (hash + byte) >>> 0;
    hash = (hash + (hash << 10)) >>> 0;
    hash = (hash ^ (hash >>> 6)) >>> 0;
  }
  hash = (hash + (hash << 3)) >>> 0;
  hash = (hash ^ (hash >>> 11)) >>> 0;
  hash = (hash + (hash << 15)) >>> 0;
  return hash;
}

export interface IdRequest {
  prefix: number;
  name: string;
  /** The @id annotation value, if any. */
  explicit?: number;
  /** Where the object is declared, for error messages. */
  loc?: { file: string; line: number; col: number };
}

export interface IdProblem {
  message: string;
  loc?: { file: string; line: number; col: number };
}

export class IdAllocator {
  private readonly assigned = new Set<number>();
  private readonly byKey = new Map<string, number>();
  private readonly pending: IdRequest[] = [];
  /** The keys of `pending`, so that registering n objects takes O(n), not O(n²) (a program may have 10^5). */
  private readonly pendingKeys = new Set<string>();
  readonly problems: IdProblem[] = [];

  private key(prefix: number, name: string): string {
    return `${prefix}:${name}`;
  }

  /** Registers an object; explicit ids are taken at once (in registration order), others wait for `finish`. */
  add(req: IdRequest): void {
    const k = this.key(req.prefix, req.name);
    if (this.byKey.has(k) || this.pendingKeys.has(k)) return;
    if (req.explicit !== undefined) {
      const prefixBits = (req.explicit >>> 24) & 0xff;
      if (prefixBits !== 0 && prefixBits !== req.prefix) {
        this.problems.push({ message: `${req.name}: @id has the wrong 8-bit prefix`, loc: req.loc });
        this.defer({ prefix: req.prefix, name: req.name });
        return;
      }
      const id = ((req.prefix << 24) | (req.explicit & 0xffffff)) >>> 0;
      if (this.assigned.has(id)) {
        this.problems.push({
          message: `@id ${id} is assigned to multiple declarations (${req.name})`,
          loc: req.loc,
        });
        this.defer({ prefix: req.prefix, name: req.name });
        return;
      }
      this.assigned.add(id);
      this.byKey.set(k, id);
      return;
    }
    this.defer(req);
  }

  private defer(req: IdRequest): void {
    this.pending.push(req);
    this.pendingKeys.add(this.key(req.prefix, req.name));
  }

  finish(): void {
    const byPrefix = new Map<number, string[]>();
    for (const p of this.pending) {
      const names = byPrefix.get(p.prefix);
      if (names) names.push(p.name);
      else byPrefix.set(p.prefix, [p.name]);
    }
    for (const [prefix, names] of [...byPrefix].sort((a, b) => a[0] - b[0])) {
      // std::map<cstring, ...> order: byte-wise comparison.
      names.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
      for (const name of names) {
        const start = jenkinsOneAtATime(name);
        let v = start;
        const make = (x: number): number => ((prefix << 24) | (x & 0xffffff)) >>> 0;
        while (this.assigned.has(make(v))) v = (v + 1) >>> 0;
        const id = make(v);
        this.assigned.add(id);
        this.byKey.set(this.key(prefix, name), id);
      }
    }
    this.pending.length = 0;
    this.pendingKeys.clear();
  }

  get(prefix: number, name: string): number {
    const id = this.byKey.get(this.key(prefix, name));
    if (id === undefined) throw new Error(`no P4Runtime id for ${name}`);
    return id;
  }
}

/** p4c's alias: the shortest dot-separated suffix of the name that no other symbol shares. */
export function shortestUniqueSuffixes(names: string[]): Map<string, string> {
  const unique = [...new Set(names)];
  const counts = new Map<string, number>();
  const suffixes = (n: string): string[] => {
    const parts = n.split('.');
    return parts.map((_, i) => parts.slice(parts.length - 1 - i).join('.'));
  };
  for (const n of unique) for (const s of suffixes(n)) counts.set(s, (counts.get(s) ?? 0) + 1);
  const out = new Map<string, string>();
  for (const n of unique) out.set(n, suffixes(n).find((s) => counts.get(s) === 1) ?? n);
  return out;
}
