// Meters: bmv2's trTCM (RFC 2698, colour-blind) per cell on the virtual clock, checked against colour
// sequences worked out by hand from the token counts, and the meter half of the control-plane API.
import assert from 'node:assert/strict';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';
import { Switch } from '../../engine/index.js';
import { GREEN, MeterCell, RED, YELLOW } from '../../engine/meter.js';
import type { FieldMatch, MeterConfig } from '../../engine/control-plane-api.js';
import { controlPlaneCode } from './control-plane-code.js';

// Header m carries the colours out: p from a packets meter (cell m.idx), b from a bytes meter (cell 0), d from
// the direct meter of table t (keyed on m.key; a miss leaves d as sent).
const PROGRAM = `
#include <core.p4>
#include <v1model.p4>
header eth_t { bit<48> dst; bit<48> src; bit<16> type; }
header m_t { bit<8> p; bit<8> b; bit<8> d; bit<16> key; bit<32> idx; }
struct headers { eth_t eth; m_t m; }
struct metadata { }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.eth); pkt.extract(hdr.m); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  meter(4, MeterType.packets) by_packets;
  meter(2, MeterType.bytes) by_bytes;
  direct_meter<bit<8>>(MeterType.packets) per_flow;
  action mark() { per_flow.read(hdr.m.d); }
  action nop() { }
  action late_read() { hdr.m.d = 0x55; per_flow.read(hdr.m.d); }
  action local_read() { bit<8> c = 0x33; per_flow.read(c); hdr.m.p = c; }
  table flows {
    key = { hdr.m.key: exact; }
    actions = { mark; nop; late_read; local_read; }
    meters = per_flow;
    default_action = nop();
  }
  table plain { key = { hdr.m.key: exact; } actions = { nop; } }
  apply {
    by_packets.execute_meter(hdr.m.idx, hdr.m.p);
    by_bytes.execute_meter((bit<32>) 0, hdr.m.b);
    flows.apply();
    plain.apply();
    sm.egress_spec = 1;
  }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.eth); pkt.emit(hdr.m); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;

function build(): Switch {
  const r = compileP4({ path: 'meters.p4', text: PROGRAM });
  if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  return new Switch(r.program, r.p4info);
}

const HEADER_BYTES = 14 + 9;

/** A packet of `length` bytes (>= 23) for meter cell idx and flow key; d is sent as 0x77. */
function packet(idx: number, key: number, length = HEADER_BYTES): Uint8Array {
  const d = new Uint8Array(length);
  d[12] = 0x08;
  d[16] = 0x77;
  d[17] = key >> 8;
  d[18] = key & 0xff;
  new DataView(d.buffer).setUint32(19, idx);
  return d;
}

interface Colours {
  p: number;
  b: number;
  d: number;
}

function send(sw: Switch, atUs: number, idx: number, key: number, length?: number): Colours {
  sw.nowUs = atUs;
  const out = sw.processPacket(0, packet(idx, key, length));
  assert.equal(out.length, 1);
  const o = out[0].data;
  return { p: o[14], b: o[15], d: o[16] };
}

const ids = (sw: Switch) => {
  const byName = (list: { preamble: { id: number; name: string } }[], name: string): number => {
    const x = list.find((e) => e.preamble.name.endsWith(name));
    assert.ok(x, name);
    return x.preamble.id;
  };
  return {
    packets: byName(sw.p4info.meters, 'by_packets'),
    bytes: byName(sw.p4info.meters, 'by_bytes'),
    flows: byName(sw.p4info.tables, 'flows'),
    plain: byName(sw.p4info.tables, 'plain'),
    mark: byName(sw.p4info.actions, 'mark'),
    nop: byName(sw.p4info.actions, 'nop'),
    lateRead: byName(sw.p4info.actions, 'late_read'),
    localRead: byName(sw.p4info.actions, 'local_read'),
  };
};

const keyOf = (v: number): Map<number, FieldMatch> => new Map([[1, { kind: 'exact', value: BigInt(v) }]]);

const cfg = (cir: number, cburst: number, pir: number, pburst: number): MeterConfig => ({
  cir: BigInt(cir),
  cburst: BigInt(cburst),
  pir: BigInt(pir),
  pburst: BigInt(pburst),
});

describe('engine: meters (bmv2 trTCM on virtual time)', () => {
  it('a packets meter marks a hand-computed timeline', () => {
    const sw = build();
    const i = ids(sw);
    // 1000 pkt/s committed (0.001 per µs), burst 2; 2000 pkt/s peak (0.002 per µs), burst 3.
    sw.writeMeter(i.packets, 0, cfg(1000, 2, 2000, 3));
    const seen = [0, 0, 0, 0, 500, 1000, 1000, 10_000].map((t) => send(sw, t, 0, 9).p);
    // t=0: P 3->2 C 2->1 G; P 2->1 C 1->0 G; P 1->0, C empty: Y; P empty: R.
    // t=500: P gets floor(500*0.002)=1 -> pays; C floor(0.5)=0: Y. t=1000: P +1, C +1: G; then P empty: R.
    // t=10000: both refill to their bursts: G.
    assert.deepEqual(seen, [GREEN, GREEN, YELLOW, RED, YELLOW, GREEN, RED, GREEN]);
    // Other cells are independent and unconfigured: GREEN whatever the rate; an index past the end too.
    for (let k = 0; k < 5; k++) assert.equal(send(sw, 10_000, 1, 9).p, GREEN);
    assert.equal(send(sw, 10_000, 99, 9).p, GREEN);
  });

  it('a bytes meter counts the bytes each packet arrived with', () => {
    const sw = build();
    const i = ids(sw);
    // 1 B/µs committed, burst 50; 2 B/µs peak, burst 60; 30-byte packets.
    sw.writeMeter(i.bytes, 0, cfg(1_000_000, 50, 2_000_000, 60));
    const seen = [0, 0, 0, 10, 20].map((t) => send(sw, t, 0, 9, 30).b);
    // t=0: P 60->30 C 50->20 G; P 30->0, C 20 < 30: Y; P 0: R. t=10: P +20 = 20 < 30: R.
    // t=20: P +20 = 40 -> 10; C +20 (floor(20*1)) = 40 -> 10: G.
    assert.deepEqual(seen, [GREEN, YELLOW, RED, RED, GREEN]);
    // Rewriting the config refills both buckets; then a 23-byte packet fits the peak bucket a 30-byte one
    // did not (P 53 -> 23: 30 is RED, 23 passes; C 50 -> 20 < 23: YELLOW).
    sw.writeMeter(i.bytes, 0, cfg(0, 50, 0, 53));
    const small = [30, 30, 23].map((len) => send(sw, 20, 0, 9, len).b);
    assert.deepEqual(small, [GREEN, RED, YELLOW]);
  });

  it('runs a direct meter on a table hit only, per entry', () => {
    const sw = build();
    const i = ids(sw);
    const mark = { actionId: i.mark, params: new Map<number, bigint>() };
    // cir 0 with burst 1: one GREEN, then the committed bucket never refills; peak 1 per µs, burst 1.
    sw.insertEntry({
      tableId: i.flows,
      match: keyOf(1),
      priority: 0,
      action: mark,
      meterConfig: cfg(0, 1, 1e6, 1),
    });
    sw.insertEntry({ tableId: i.flows, match: keyOf(2), priority: 0, action: mark });
    const d = [0, 0, 1, 2, 2].map((t) => send(sw, t, 1, 1).d);
    assert.deepEqual(d, [GREEN, RED, YELLOW, YELLOW, RED]);
    // An entry whose meter is unconfigured marks GREEN; a miss (default action) leaves the field as sent.
    assert.equal(send(sw, 3, 1, 2).d, GREEN);
    assert.equal(send(sw, 3, 1, 3).d, 0x77);
    // As on bmv2, a hit writes the colour to read()'s argument whichever action the entry runs: an entry
    // running nop still marks m.d (GREEN, then RED with an empty peak bucket at the same instant).
    const nop = { actionId: i.nop, params: new Map<number, bigint>() };
    sw.insertEntry({
      tableId: i.flows,
      match: keyOf(4),
      priority: 0,
      action: nop,
      meterConfig: cfg(0, 1, 1e6, 1),
    });
    assert.deepEqual(
      [5, 5].map((t) => send(sw, t, 1, 4).d),
      [GREEN, RED],
    );
    sw.deleteEntry({ tableId: i.flows, match: keyOf(4), priority: 0 });
    // The colour lands before the action runs and read() itself does nothing (p4c compiles it away), so
    // an assignment the action makes first is what remains.
    const late = { actionId: i.lateRead, params: new Map<number, bigint>() };
    sw.insertEntry({ tableId: i.flows, match: keyOf(5), priority: 0, action: late });
    assert.equal(send(sw, 5, 1, 5).d, 0x55);
    sw.deleteEntry({ tableId: i.flows, match: keyOf(5), priority: 0 });
    // An argument local to the action gets this packet's colour from read() itself.
    const local = { actionId: i.localRead, params: new Map<number, bigint>() };
    sw.insertEntry({
      tableId: i.flows,
      match: keyOf(6),
      priority: 0,
      action: local,
      meterConfig: cfg(0, 1, 0, 1),
    });
    assert.deepEqual(
      [5, 5].map((t) => send(sw, t, 1, 6).p),
      [GREEN, RED],
    );
    sw.deleteEntry({ tableId: i.flows, match: keyOf(6), priority: 0 });
    // The config reads back with the entry and through readDirectMeter.
    const [e1, e2] = sw.readEntries(i.flows);
    assert.deepEqual(e1.match, keyOf(1));
    assert.deepEqual(e1.meterConfig, cfg(0, 1, 1e6, 1));
    assert.equal(e2.meterConfig, undefined);
    assert.deepEqual(
      sw.readDirectMeter({ tableId: i.flows, match: keyOf(1), priority: 0 }),
      cfg(0, 1, 1e6, 1),
    );
    // Modify with a new config refills the buckets (bmv2 set_rates starts them full).
    sw.modifyEntry({
      tableId: i.flows,
      match: keyOf(1),
      priority: 0,
      action: mark,
      meterConfig: cfg(0, 1, 1e6, 1),
    });
    assert.equal(send(sw, 3, 1, 1).d, GREEN);
    // Deleting the entry drops its meter: re-inserted, it is unconfigured.
    sw.deleteEntry({ tableId: i.flows, match: keyOf(1), priority: 0 });
    sw.insertEntry({ tableId: i.flows, match: keyOf(1), priority: 0, action: mark });
    assert.equal(sw.readDirectMeter({ tableId: i.flows, match: keyOf(1), priority: 0 }), undefined);
    for (let k = 0; k < 3; k++) assert.equal(send(sw, 3, 1, 1).d, GREEN);
  });

  it('reads, writes and resets meters through the control plane, with its error codes', () => {
    const sw = build();
    const i = ids(sw);
    assert.deepEqual(
      sw.readMeter(i.packets),
      [0, 1, 2, 3].map((index) => ({ index, config: undefined })),
    );
    sw.writeMeter(i.packets, undefined, cfg(10, 5, 20, 5));
    assert.ok(sw.readMeter(i.packets).every((c) => c.config?.pir === 20n));
    sw.writeMeter(i.packets, 2, undefined);
    assert.equal(sw.readMeter(i.packets, 2)[0].config, undefined);
    assert.deepEqual(sw.readMeter(i.packets, 3), [{ index: 3, config: cfg(10, 5, 20, 5) }]);
    assert.equal(
      controlPlaneCode(() => sw.readMeter(i.packets, 4)),
      'OUT_OF_RANGE',
    );
    assert.equal(
      controlPlaneCode(() => sw.writeMeter(i.packets, -1, cfg(1, 1, 1, 1))),
      'OUT_OF_RANGE',
    );
    assert.equal(
      controlPlaneCode(() => sw.writeMeter(0x14ffffff, 0, cfg(1, 1, 1, 1))),
      'NOT_FOUND',
    );
    assert.equal(
      controlPlaneCode(() => sw.writeMeter(i.packets, 0, cfg(30, 5, 20, 5))),
      'INVALID_ARGUMENT',
    );
    assert.equal(
      controlPlaneCode(() => sw.writeMeter(i.packets, 0, cfg(10, 0, 20, 5))),
      'INVALID_ARGUMENT',
    );
    assert.equal(
      controlPlaneCode(() => sw.writeMeter(i.packets, 0, cfg(10, 5, 20, 0))),
      'INVALID_ARGUMENT',
    );
    assert.equal(
      controlPlaneCode(() => sw.writeMeter(i.packets, 0, cfg(-1, 5, 20, 5))),
      'INVALID_ARGUMENT',
    );
    // A rejected write changes nothing.
    assert.deepEqual(sw.readMeter(i.packets, 0)[0].config, cfg(10, 5, 20, 5));

    const key = { tableId: i.flows, match: keyOf(7), priority: 0 };
    assert.equal(
      controlPlaneCode(() => sw.readDirectMeter(key)),
      'NOT_FOUND',
    );
    assert.equal(
      controlPlaneCode(() => sw.writeDirectMeter(key, cfg(1, 1, 1, 1))),
      'NOT_FOUND',
    );
    assert.equal(
      controlPlaneCode(() => sw.readDirectMeter({ ...key, tableId: i.plain })),
      'INVALID_ARGUMENT',
    );
    const nop = { actionId: i.nop, params: new Map<number, bigint>() };
    // A bad config on insert leaves no entry behind; a meter config on a table without one is rejected.
    assert.equal(
      controlPlaneCode(() => sw.insertEntry({ ...key, action: nop, meterConfig: cfg(2, 1, 1, 1) })),
      'INVALID_ARGUMENT',
    );
    assert.equal(sw.readEntries(i.flows).length, 0);
    assert.equal(
      controlPlaneCode(() =>
        sw.insertEntry({ ...key, tableId: i.plain, action: nop, meterConfig: cfg(1, 1, 1, 1) }),
      ),
      'INVALID_ARGUMENT',
    );
    sw.insertEntry({ ...key, action: nop });
    sw.writeDirectMeter(key, cfg(1, 2, 3, 4));
    assert.deepEqual(sw.readDirectMeter(key), cfg(1, 2, 3, 4));
    assert.equal(
      controlPlaneCode(() => sw.writeDirectMeter(key, cfg(4, 2, 3, 4))),
      'INVALID_ARGUMENT',
    );
    sw.writeDirectMeter(key, undefined);
    assert.equal(sw.readDirectMeter(key), undefined);

    // reset() forgets every meter configuration.
    sw.writeDirectMeter(key, cfg(1, 2, 3, 4));
    sw.reset();
    assert.ok(sw.readMeter(i.packets).every((c) => c.config === undefined));
  });

  it('MeterCell: unconfigured is GREEN; a step back in time adds no tokens', () => {
    const c = new MeterCell();
    for (let k = 0; k < 3; k++) assert.equal(c.execute(0, 1_000_000), GREEN);
    c.configure(cfg(1_000_000, 1, 1_000_000, 1));
    assert.equal(c.execute(100, 1), GREEN);
    assert.equal(c.execute(50, 1), RED);
    assert.equal(c.execute(101, 1), GREEN);
    assert.deepEqual(c.config, cfg(1_000_000, 1, 1_000_000, 1));
  });
});
