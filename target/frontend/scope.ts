// Nested name scopes: values (overloadable for functions) and types, looked up outwards.
import type { NameRef, Type } from './ast.js';

export class Scope {
  readonly values = new Map<string, NameRef[]>();
  readonly types = new Map<string, Type>();
  constructor(readonly parent?: Scope) {}

  lookupValue(name: string): NameRef[] | undefined {
    return this.values.get(name) ?? this.parent?.lookupValue(name);
  }

  lookupType(name: string): Type | undefined {
    return this.types.get(name) ?? this.parent?.lookupType(name);
  }

  addValue(name: string, ref: NameRef): void {
    const list = this.values.get(name);
    if (list) list.push(ref);
    else this.values.set(name, [ref]);
  }
}
