// Builds small v1model programs around a fragment, and compiles them from memory.
import assert from 'node:assert/strict';
import {
  compileP4,
  formatDiagnostic,
  type CheckedProgram,
  type CompileResult,
} from '../../compiler/index.js';
import type { P4Info } from '../../p4info/types.js';

export interface Fragment {
  /** Top-level declarations after the standard headers. */
  top?: string;
  /** Extra fields of struct metadata. */
  meta?: string;
  /** Declarations inside MyParser, before its states. */
  parserLocals?: string;
  /** Parser states after `start` (which extracts ethernet then goes to `parse_more`). */
  states?: string;
  /** The body of `start` (replaces the default). */
  start?: string;
  /** Declarations inside MyIngress. */
  locals?: string;
  /** The apply block of MyIngress. */
  apply?: string;
}

export function program(f: Fragment): string {
  return `#include <core.p4>
#include <v1model.p4>
header ethernet_t { bit<48> dst; bit<48> src; bit<16> etherType; }
header ipv4_t { bit<4> version; bit<4> ihl; bit<8> tos; bit<16> len; bit<16> id; bit<3> flags;
  bit<13> frag; bit<8> ttl; bit<8> proto; bit<16> csum; bit<32> src; bit<32> dst; }
${f.top ?? ''}
struct metadata { bit<8> m8; bit<16> m16; bit<32> m32; ${f.meta ?? ''} }
struct headers { ethernet_t ethernet; ipv4_t ipv4; }
parser MyParser(packet_in packet, out headers hdr, inout metadata meta, inout standard_metadata_t standard_metadata) {
  ${f.parserLocals ?? ''}
  state start { ${f.start ?? 'packet.extract(hdr.ethernet); transition accept;'} }
  ${f.states ?? ''}
}
control MyVerifyChecksum(inout headers hdr, inout metadata meta) { apply { } }
control MyIngress(inout headers hdr, inout metadata meta, inout standard_metadata_t standard_metadata) {
  ${f.locals ?? ''}
  apply { ${f.apply ?? ''} }
}
control MyEgress(inout headers hdr, inout metadata meta, inout standard_metadata_t standard_metadata) { apply { } }
control MyComputeChecksum(inout headers hdr, inout metadata meta) { apply { } }
control MyDeparser(packet_out packet, in headers hdr) { apply { packet.emit(hdr.ethernet); packet.emit(hdr.ipv4); } }
V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(), MyComputeChecksum(), MyDeparser()) main;
`;
}

export function compileText(text: string, path = 'test.p4'): CompileResult {
  return compileP4({ path, text });
}

/** Compiles and asserts success, showing the diagnostics otherwise. */
function compiled(text: string): Extract<CompileResult, { ok: true }> {
  const r = compileText(text);
  assert.ok(r.ok, `expected success, got:\n${r.diagnostics.map(formatDiagnostic).join('\n')}`);
  return r;
}

/** The checked program of `text`, which must compile. */
export function ok(text: string): CheckedProgram {
  return compiled(text).program;
}

/** The P4Info of `text`, which must compile. */
export function okP4Info(text: string): P4Info {
  return compiled(text).p4info;
}

/** Compiles and asserts failure; returns the first error. */
export function fails(text: string): { line: number; col: number; message: string } {
  const r = compileText(text);
  assert.ok(!r.ok, 'expected the program to be rejected');
  const e = r.diagnostics.find((d) => d.severity === 'error');
  assert.ok(e, 'expected an error diagnostic');
  return e;
}

/** 1-based line and column of the first occurrence of `needle` in `text` (after the end of `after`, if given). */
export function locate(text: string, needle: string, after?: string): { line: number; col: number } {
  const marker = after === undefined ? 0 : text.indexOf(after);
  assert.ok(marker >= 0, `marker '${after}' not found`);
  const start = after === undefined ? 0 : marker + after.length;
  const i = text.indexOf(needle, start);
  assert.ok(i >= 0, `'${needle}' not found`);
  const before = text.slice(0, i).split('\n');
  return { line: before.length, col: before[before.length - 1]!.length + 1 };
}
