// v1model digest() as bmv2 simple_switch runs it. p4c's bmv2 back end turns `digest<T>(receiver, data)` into
// a learn list (the fields `data` names) and a `generate_digest` primitive that only records the list's id in
// the packet; simple_switch reads the list's fields once ingress has finished (after an ingress clone, before
// resubmit, multicast and the drop check) and hands the sample to its learn engine. So:
// - a field changed after the call is reported with its value at the end of ingress;
// - of several digest() calls for one packet, the last one wins;
// - a call in egress records an id nobody reads: no digest.
// The receiver argument is ignored, as bmv2 ignores it.
import type { Type } from '../frontend/ast.js';
import { bitOf } from './types.js';

/** A value a digest carries: bit<W>/int<W>/enum/error fields as unsigned bigints (int<W> in two's
 *  complement), bools, and structs and headers of them with their fields in declaration order. */
export type DigestValue = bigint | boolean | DigestStruct | DigestHeader;

export interface DigestStruct {
  readonly kind: 'struct';
  readonly fields: ReadonlyMap<string, DigestValue>;
}

export interface DigestHeader {
  readonly kind: 'header';
  readonly valid: boolean;
  readonly fields: ReadonlyMap<string, DigestValue>;
}

/** One digest of one packet: the struct T's control-plane name (P4Info names the digest after it) and its data. */
export interface DigestSample {
  readonly name: string;
  readonly data: DigestStruct;
}

export type DigestSink = (sample: DigestSample) => void;

/** What a digest() call leaves in the packet's state: which digest, and how to read its data (its fields are
 *  read when ingress ends, values computed at the call are already in the closure). */
export interface DigestReq {
  readonly id: number;
  readonly read: () => unknown;
}

/** A digest the program can make: its name and the struct type T of its data. */
export interface DigestInfo {
  readonly name: string;
  readonly type: Type & { kind: 'struct' };
}

type Obj = { readonly [k: string]: unknown };

function fieldsOf(v: Obj, decl: { fields: { name: string; type: Type }[] }): Map<string, DigestValue> {
  const m = new Map<string, DigestValue>();
  for (const f of decl.fields)
    m.set(f.name, digestValue(Object.hasOwn(v, f.name) ? v[f.name] : undefined, f.type));
  return m;
}

/** A copy of the engine's value v of type t, detached from the packet's state. */
export function digestValue(v: unknown, t: Type): DigestValue {
  if (t.kind === 'bool') return v === true;
  if (t.kind === 'struct') return { kind: 'struct', fields: fieldsOf(v as Obj, t.decl) };
  if (t.kind === 'header')
    return { kind: 'header', valid: (v as Obj).$valid === true, fields: fieldsOf(v as Obj, t.decl) };
  const bt = bitOf(t);
  // The checker admits nothing else (front-end check/digest.ts).
  if (!bt) throw new Error(`a digest cannot carry a value of type ${t.kind}`);
  return BigInt.asUintN(bt.width, typeof v === 'bigint' ? v : BigInt(v as number));
}
