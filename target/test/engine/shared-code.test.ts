// Switches running the same program share its compiled code, never its state: each keeps its own tables,
// registers, counters, random stream and log, and produces what it would produce alone.
import assert from 'node:assert/strict';
import { compileP4, formatDiagnostic, type CheckedProgram } from '../../compiler/index.js';
import { Switch, type SwitchOptions } from '../../engine/index.js';
import type { P4Info } from '../../p4info/types.js';

const TEXT = `
#include <core.p4>
#include <v1model.p4>
header eth_t { bit<48> dst; bit<48> src; bit<16> type; }
header data_t { bit<8> a; bit<8> b; bit<16> c; bit<32> d; }
struct headers { eth_t eth; data_t data; }
struct metadata { bit<8> m; }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.eth); transition select(hdr.eth.type) { 0x9000: data; default: accept; } }
  state data { pkt.extract(hdr.data); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  counter(4, CounterType.packets_and_bytes) ports;
  register<bit<16>>(8) regs;
  action fwd(bit<9> port) { sm.egress_spec = port; }
  action other() { sm.egress_spec = 7; }
  table t {
    key = { hdr.data.a: exact; }
    actions = { fwd; other; }
    default_action = other();
  }
  apply {
    ports.count((bit<32>) hdr.data.b);
    bit<16> v;
    regs.read(v, (bit<32>) hdr.data.a);
    regs.write((bit<32>) hdr.data.a, v + 1);
    hdr.data.c = v;
    random(hdr.data.d, 32w0, 32w0xffffffff);
    log_msg("a={}", { hdr.data.a });
    t.apply();
  }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.eth); pkt.emit(hdr.data); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;

function compile(): { program: CheckedProgram; p4info: P4Info } {
  const r = compileP4({ path: 'shared.p4', text: TEXT });
  if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  return { program: r.program, p4info: r.p4info };
}

const hex = (s: string): Uint8Array =>
  Uint8Array.from(s.replace(/\s/g, '').match(/../g) ?? [], (b) => parseInt(b, 16));
const toHex = (d: Uint8Array): string => Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
const pkt = (a: number, b: number): Uint8Array =>
  hex(
    `000000000002 000000000001 9000 ${a.toString(16).padStart(2, '0')} ${b.toString(16).padStart(2, '0')} 0000 00000000`,
  );
const out = (sw: Switch, a: number, b: number): string =>
  sw
    .processPacket(0, pkt(a, b))
    .map((o) => `${o.port}:${toHex(o.data)}`)
    .join(',');

function ids(sw: Switch): { t: number; fwd: number; ports: number; regs: number } {
  const id = (list: { preamble: { name: string; id: number } }[], name: string): number => {
    const x = list.find((e) => e.preamble.name === name);
    assert.ok(x, `P4Info has ${name}`);
    return x.preamble.id;
  };
  return {
    t: id(sw.p4info.tables, 'Ing.t'),
    fwd: id(sw.p4info.actions, 'Ing.fwd'),
    ports: id(sw.p4info.counters, 'Ing.ports'),
    regs: id(sw.p4info.registers, 'Ing.regs'),
  };
}

/** What a switch outputs for these packets, one string per packet. */
function run(sw: Switch, packets: [number, number][]): string[] {
  return packets.map(([a, b]) => out(sw, a, b));
}

const PACKETS: [number, number][] = [
  [1, 0],
  [2, 1],
  [1, 2],
  [3, 3],
  [1, 0],
];

describe('engine/switch: switches of one program share code, not state', () => {
  for (const how of ['one compiled program', 'two compilations of the same text'] as const) {
    it(`keeps tables, registers, counters, random draws and logs apart (${how})`, () => {
      const c1 = compile();
      const c2 = how === 'one compiled program' ? c1 : compile();
      const logA: string[] = [];
      const logB: string[] = [];
      const optsA: SwitchOptions = { seed: 3, log: (l) => logA.push(l) };
      const optsB: SwitchOptions = { seed: 3, log: (l) => logB.push(l) };
      // What A does alone, as the reference.
      const refA = new Switch(c1.program, c1.p4info, { seed: 3 });
      const a = new Switch(c1.program, c1.p4info, optsA);
      const b = new Switch(c2.program, c2.p4info, optsB);
      const ia = ids(a);
      const ib = ids(b);
      // Only A (and its reference) gets a table entry: a=1 goes to port 2 there and to port 7 on B.
      const entry = (i: typeof ia) => ({
        tableId: i.t,
        match: new Map([[1, { kind: 'exact' as const, value: 1n }]]),
        priority: 0,
        action: { actionId: i.fwd, params: new Map([[1, 2n]]) },
      });
      a.insertEntry(entry(ia));
      refA.insertEntry(entry(ids(refA)));
      const wantA = run(refA, PACKETS);
      // Interleaved: B runs twice as many packets, so shared random draws or registers would show.
      const gotA: string[] = [];
      const gotB: string[] = [];
      for (const [x, y] of PACKETS) {
        gotB.push(out(b, x, y));
        gotA.push(out(a, x, y));
        gotB.push(out(b, x, y));
      }
      // What B does alone with its packets in the order it ran them (each packet twice).
      const wantB = run(
        new Switch(c2.program, c2.p4info, { seed: 3 }),
        PACKETS.flatMap((p) => [p, p]),
      );
      assert.deepEqual(gotA, wantA);
      assert.deepEqual(gotB, wantB);
      // The same seed draws the same random stream on each switch: A's first packet is B's first.
      assert.equal(gotA[0].slice(-8), gotB[0].slice(-8));
      assert.ok(gotA.filter((s) => s.startsWith('2:')).length === 3, 'A forwards a=1 by its entry');
      assert.ok(
        gotB.every((s) => s.startsWith('7:')),
        'B has no entry',
      );
      // Registers: A saw a=1 three times, B six times.
      assert.equal(a.readRegister(ia.regs, 1)[0].value, 3n);
      assert.equal(b.readRegister(ib.regs, 1)[0].value, 6n);
      // Counters: per switch.
      assert.equal(a.readCounter(ia.ports, 0)[0].data.packets, 2n);
      assert.equal(b.readCounter(ib.ports, 0)[0].data.packets, 4n);
      // Tables: per switch.
      assert.equal(a.readEntries(ia.t).length, 1);
      assert.equal(b.readEntries(ib.t).length, 0);
      // Logs: each switch's own.
      assert.deepEqual(
        logA,
        PACKETS.map(([x]) => `a=${x}`),
      );
      assert.deepEqual(
        logB,
        PACKETS.flatMap(([x]) => [`a=${x}`, `a=${x}`]),
      );
      // Writing one switch's state leaves the other's alone.
      a.writeRegister(ia.regs, 1, 100n);
      b.reset();
      assert.equal(a.readRegister(ia.regs, 1)[0].value, 100n);
      assert.equal(a.readEntries(ia.t).length, 1);
      assert.equal(b.readRegister(ib.regs, 1)[0].value, 0n);
    });
  }

  it('keeps them apart when ingress and egress of different switches interleave, as in a fabric', () => {
    const r = compileP4({
      path: 'split.p4',
      text: `
#include <core.p4>
#include <v1model.p4>
header h_t { bit<8> a; bit<8> b; }
struct headers { h_t h; }
struct metadata { }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.h); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  apply { sm.egress_spec = 1; }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  register<bit<8>>(1) base;
  apply { bit<8> v; base.read(v, 0); hdr.h.b = v + hdr.h.a; base.write(0, v + 1); }
}
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.h); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`,
    });
    if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
    const [a, b] = [new Switch(r.program, r.p4info), new Switch(r.program, r.p4info)];
    const regs = r.p4info.registers[0]!.preamble.id;
    a.writeRegister(regs, 0, 10n);
    b.writeRegister(regs, 0, 100n);
    const idle = { enqQdepth: 0, deqQdepth: 0, enqTimestamp: 0, deqTimedelta: 0 };
    const ja = a.runIngress({ port: 0, data: Uint8Array.from([1, 0]), instanceType: 0 }).jobs[0]!;
    const jb = b.runIngress({ port: 0, data: Uint8Array.from([2, 0]), instanceType: 0 }).jobs[0]!;
    const jb2 = b.runIngress({ port: 0, data: Uint8Array.from([3, 0]), instanceType: 0 }).jobs[0]!;
    assert.deepEqual([...a.runEgress(ja, idle).out[0]!.data], [1, 11]);
    assert.deepEqual([...b.runEgress(jb, idle).out[0]!.data], [2, 102]);
    const ja2 = a.runIngress({ port: 0, data: Uint8Array.from([4, 0]), instanceType: 0 }).jobs[0]!;
    assert.deepEqual([...b.runEgress(jb2, idle).out[0]!.data], [3, 104]);
    assert.deepEqual([...a.runEgress(ja2, idle).out[0]!.data], [4, 15]);
    assert.equal(a.readRegister(regs, 0)[0]!.value, 12n);
    assert.equal(b.readRegister(regs, 0)[0]!.value, 102n);
  });
});
