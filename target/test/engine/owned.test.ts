// PendingIngress.owned: the engine may deparse into a buffer handed over to it. Whatever a program does
// (pop, push, resize, clone, multicast, truncate, recirculate), the frames that leave must be byte-identical
// to those of the copying path, and the payload bytes of the input must never change.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';
import { InstanceType, Switch, type EgressJob, type PendingIngress } from '../../engine/index.js';
import { PacketWriter, allocFrame, headroom } from '../../engine/packet.js';

const PROGRAM = `
#include <core.p4>
#include <v1model.p4>
header eth_t { bit<48> dst; bit<48> src; bit<16> type; }
header op_t { bit<8> a; bit<8> b; }
header sr_t { bit<8> v; }
struct headers { eth_t eth; op_t op; sr_t[4] sr; }
struct metadata { bit<8> round; }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.eth); pkt.extract(hdr.op); transition sr; }
  state sr { pkt.extract(hdr.sr.next); transition select(hdr.sr.last.v) { 0x80 &&& 0x80: accept; default: sr; } }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  apply {
    sm.egress_spec = 2;
    if (hdr.op.a == 1) { hdr.sr.push_front(1); hdr.sr[0].setValid(); hdr.sr[0].v = 0x11; }
    else if (hdr.op.a == 2) { hdr.op.b = 0x77; }
    else if (hdr.op.a == 7) { hdr.op.setInvalid(); }
    else { hdr.sr.pop_front(1); }
    if (hdr.op.a == 3) { clone(CloneType.I2E, 5); }
    if (hdr.op.a == 4) { sm.mcast_grp = 1; }
    if (hdr.op.a == 9 && sm.instance_type == 0) { resubmit_preserving_field_list(0); }
  }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  apply {
    if (hdr.op.isValid()) { hdr.op.b = hdr.op.b + (bit<8>) sm.instance_type; }
    if (hdr.op.a == 5 && sm.instance_type == 0) { clone(CloneType.E2E, 5); }
    if (hdr.op.a == 6) { truncate(20); }
    if (hdr.op.a == 8 && sm.instance_type == 0) { recirculate_preserving_field_list(0); }
  }
}
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.eth); pkt.emit(hdr.op); pkt.emit(hdr.sr); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;

function build(text: string, path = 'owned.p4'): Switch {
  const r = compileP4({ path, text });
  if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  const sw = new Switch(r.program, r.p4info);
  sw.setMirrorSession(5, 9);
  sw.setMulticastGroup(1, [
    { port: 3, rid: 1 },
    { port: 4, rid: 2 },
  ]);
  return sw;
}

const hex = (s: string): Uint8Array =>
  Uint8Array.from(s.replace(/\s/g, '').match(/../g) ?? [], (b) => parseInt(b, 16));
const toHex = (d: Uint8Array): string => Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
// Long enough that frames are over 64 bytes (shorter ones get no headroom: see allocFrame).
const PAYLOAD = `deadbeef 0102030405060708 a1a2a3a4a5a6a7a8a9 ${'5a'.repeat(64)}`;
const frame = (op: string, sr = '01 02 83'): Uint8Array =>
  hex(`000000000002 000000000001 1234 ${op} ${sr} ${PAYLOAD}`);

/** processPacket's order, with the first ingress handed its buffer. */
function run(sw: Switch, data: Uint8Array, owned: boolean): { port: number; data: string }[] {
  const out: { port: number; data: string }[] = [];
  const pending: PendingIngress[] = [{ port: 1, data, instanceType: InstanceType.NORMAL, owned }];
  const idle = { enqQdepth: 0, deqQdepth: 0, enqTimestamp: 0, deqTimedelta: 0 };
  for (let rounds = 0; pending.length > 0 && rounds < 8; rounds++) {
    const next = pending.shift() as PendingIngress;
    const r = sw.runIngress(next);
    pending.push(...r.again);
    const jobs: EgressJob[] = [...r.jobs];
    while (jobs.length > 0) {
      const job = jobs.shift() as EgressJob;
      const e = sw.runEgress(job, idle);
      for (const o of e.out) out.push({ port: o.port, data: toHex(o.data) });
      jobs.push(...e.clones);
      pending.push(...e.again);
    }
  }
  return out;
}

describe('engine/owned input buffers', () => {
  const sw = build(PROGRAM);
  const cases: [string, string][] = [
    ['pop (shrinks)', '00 00'],
    ['push (grows: copied)', '01 00'],
    ['same size', '02 00'],
    ['I2E clone', '03 00'],
    ['multicast', '04 00'],
    ['E2E clone', '05 00'],
    ['truncate', '06 00'],
    ['header removed', '07 00'],
    ['recirculate', '08 00'],
    ['resubmit', '09 00'],
  ];
  for (const [name, op] of cases)
    it(`${name}: same frames as the copying path, payload untouched`, () => {
      const expected = run(sw, frame(op), false);
      assert.ok(expected.length > 0);
      const input = frame(op);
      const payloadAt = input.length - hex(PAYLOAD).length;
      assert.deepEqual(run(sw, input, true), expected);
      assert.equal(toHex(input.subarray(payloadAt)), toHex(hex(PAYLOAD)));
      // A frame with headroom (allocFrame) may also grow in place.
      const roomy = allocFrame(input.length);
      roomy.set(frame(op));
      assert.deepEqual(run(sw, roomy, true), expected);
      assert.equal(toHex(roomy.subarray(payloadAt)), toHex(hex(PAYLOAD)));
    });

  it('without the flag the input is never written; with it a shrinking frame is a view of the input', () => {
    const input = frame('00 00');
    const copy = input.slice();
    const r = sw.runIngress({ port: 1, data: input, instanceType: 0 });
    const out = sw.runEgress(r.jobs[0], { enqQdepth: 0, deqQdepth: 0, enqTimestamp: 0, deqTimedelta: 0 }).out;
    assert.deepEqual(input, copy);
    assert.notEqual(out[0].data.buffer, input.buffer);

    const r2 = sw.runIngress({ port: 1, data: input, instanceType: 0, owned: true });
    const idle = { enqQdepth: 0, deqQdepth: 0, enqTimestamp: 0, deqTimedelta: 0 };
    const out2 = sw.runEgress(r2.jobs[0], idle).out;
    assert.equal(out2[0].data.buffer, input.buffer);
    assert.equal(out2[0].data.byteOffset, input.byteOffset + 1);
    assert.equal(toHex(out2[0].data), toHex(out[0].data));
  });

  it('a frame from allocFrame grows in place into its headroom; engine output frames have headroom', () => {
    const f = frame('01 00'); // push: one byte more
    const input = allocFrame(f.length);
    input.set(f);
    assert.equal(headroom(input), 64);
    const idle = { enqQdepth: 0, deqQdepth: 0, enqTimestamp: 0, deqTimedelta: 0 };
    const r = sw.runIngress({ port: 1, data: input, instanceType: 0, owned: true });
    const out = sw.runEgress(r.jobs[0], idle).out[0].data;
    assert.equal(out.buffer, input.buffer);
    assert.equal(out.byteOffset, input.byteOffset - 1);
    assert.equal(toHex(out), run(sw, frame('01 00'), false)[0].data);
    assert.equal(headroom(out), 63);
    // A copied output (no owned input) is itself a frame with headroom: the next hop can grow it in place.
    const copied = sw.runEgress(
      sw.runIngress({ port: 1, data: frame('01 00'), instanceType: 0 }).jobs[0],
      idle,
    ).out[0].data;
    assert.equal(headroom(copied), 64);
    assert.equal(headroom(hex('0102')), 0);
  });

  it('an owned subarray of a larger buffer writes only inside its own bytes', () => {
    const f = frame('00 00');
    const big = new Uint8Array(f.length + 8).fill(0x5a);
    big.set(f, 4);
    const view = big.subarray(4, 4 + f.length);
    const expected = run(sw, f.slice(), false);
    assert.deepEqual(run(sw, view, true), expected);
    assert.equal(toHex(big.subarray(0, 4)), '5a5a5a5a');
    assert.equal(toHex(big.subarray(4 + f.length)), '5a5a5a5a');
  });

  it('mlt.p4: source-route pop hops give the same frames from an owned buffer', () => {
    const mlt = readFileSync(new URL('../../../p4/mlt.p4', import.meta.url), 'utf8');
    const m = build(mlt, 'mlt.p4');
    // Ethernet 0x88B5 | hop 0x0003 | hop 0x8004 | IPv4 (checksum valid) | UDP | payload.
    const ip = hex('45 02 0024 0000 4000 40 11 0000 c0a80001 0a000001');
    let sum = 0;
    for (let i = 0; i < 20; i += 2) sum += (ip[i] << 8) | ip[i + 1];
    while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
    ip[10] = (~sum >> 8) & 0xff;
    ip[11] = ~sum & 0xff;
    const f = hex(`000000000002 000000000001 88b5 0003 8004 ${toHex(ip)} 1000 12b7 0010 0000 ${PAYLOAD}`);
    const first = run(m, f.slice(), false);
    assert.equal(first.length, 1);
    assert.equal(first[0].port, 3);
    const owned = f.slice();
    assert.deepEqual(run(m, owned, true), first);
    // The second pop restores IPv4.
    const second = run(m, hex(first[0].data), true);
    assert.deepEqual(second, run(m, hex(first[0].data), false));
    assert.equal(second[0].port, 4);
    assert.equal(second[0].data.slice(24, 28), '0800');
  });

  // The engine deparses an owned frame straight into place when the deparser is a plain list of emits (it
  // then knows the headers' size beforehand); other deparsers go through its own buffer. Both must agree.
  const deparsers: [string, string, boolean][] = [
    ['emits of a whole struct', 'pkt.emit(hdr);', true],
    [
      'emits of stack entries by constant index',
      'pkt.emit(hdr.eth); pkt.emit(hdr.op); pkt.emit(hdr.sr[0]); pkt.emit(hdr.sr[1]); pkt.emit(hdr.sr[2]); pkt.emit(hdr.sr[3]);',
      true,
    ],
    [
      'an emit under a condition',
      'pkt.emit(hdr.eth); if (hdr.op.isValid()) { pkt.emit(hdr.op); } pkt.emit(hdr.sr);',
      false,
    ],
  ];
  for (const [name, body, known] of deparsers)
    it(`deparser with ${name}: same frames owned or copied`, () => {
      const text = PROGRAM.replace(
        'apply { pkt.emit(hdr.eth); pkt.emit(hdr.op); pkt.emit(hdr.sr); }',
        `apply { ${body} }`,
      );
      assert.notEqual(text, PROGRAM);
      const v = build(text);
      assert.equal(v.generated.source.includes('deparsedBits() { return -1; }'), !known);
      for (const [, op] of cases) {
        const expected = run(sw, frame(op), false);
        assert.deepEqual(run(v, frame(op), false), expected);
        const roomy = allocFrame(frame(op).length);
        roomy.set(frame(op));
        assert.deepEqual(run(v, roomy, true), expected);
      }
    });

  it('headers that are not whole bytes deparse with their padding, in place too', () => {
    const text = `
#include <core.p4>
#include <v1model.p4>
header a_t { bit<4> x; }
header b_t { bit<12> y; }
struct headers { a_t a; b_t b; }
struct metadata { }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.a); pkt.extract(hdr.b); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  apply { sm.egress_spec = 1; hdr.b.y = hdr.b.y + 1; if (hdr.a.x == 1) { hdr.a.setInvalid(); } }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.a); pkt.emit(hdr.b); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;
    const v = build(text);
    assert.ok(!v.generated.source.includes('deparsedBits() { return -1; }'));
    // As p4c's bmv2 back end lays them out, a takes a byte and b two, each padded after its field: the padding
    // bits leave as they came. 0x2 | 0xff5: y + 1; 0x1...: header a, and its byte, removed.
    for (const first of ['2f', '1f']) {
      const f = hex(`${first} ff ${'5a'.repeat(80)}`);
      const expected = run(v, f.slice(), false);
      const roomy = allocFrame(f.length);
      roomy.set(f);
      assert.deepEqual(run(v, roomy, true), expected);
    }
    assert.equal(run(v, hex(`2f ff ${'5a'.repeat(80)}`), true)[0].data.slice(0, 8), '2fff6a5a');
    assert.equal(run(v, hex(`1f ff ${'5a'.repeat(80)}`), true)[0].data.slice(0, 6), 'ff6a5a');
  });

  it('PacketWriter.finishInPlace declines partial bytes and growth', () => {
    const w = new PacketWriter(16);
    const data = hex('0102030405');
    w.small(8, 0xaa);
    assert.equal(toHex(w.finishInPlace(data, 2) ?? new Uint8Array()), 'aa030405');
    assert.equal(toHex(data), '01aa030405');
    w.reset();
    w.small(16, 0xbbcc);
    assert.equal(w.finishInPlace(data, 1), null);
    w.reset();
    w.small(4, 0xb);
    assert.equal(w.finishInPlace(data, 2), null);
    w.reset();
    w.small(16, 0xbbcc);
    assert.equal(w.finishInPlace(data, 2), data);
    assert.equal(toHex(data), 'bbcc030405');
  });
});
