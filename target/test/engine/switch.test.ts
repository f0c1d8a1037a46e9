// The Switch as a whole: bmv2 pipeline rules, the ingress/egress seam, replication, and the control-plane API.
import assert from 'node:assert/strict';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';
import { Switch, type SwitchOptions } from '../../engine/index.js';
import type { FieldMatch } from '../../engine/control-plane-api.js';
import { controlPlaneCode } from './control-plane-code.js';

const PRELUDE = `
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
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.eth); pkt.emit(hdr.data); } }
`;

function build(body: string, options: SwitchOptions = {}): Switch {
  const text = `${PRELUDE}\n${body}\nV1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;\n`;
  const r = compileP4({ path: 'test.p4', text });
  if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  return new Switch(r.program, r.p4info, options);
}

const EGRESS_NOP = `control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }`;
const hex = (s: string): Uint8Array =>
  Uint8Array.from(s.replace(/\s/g, '').match(/../g) ?? [], (b) => parseInt(b, 16));
const toHex = (d: Uint8Array): string => Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
const ETH = '000000000002 000000000001';
const pkt = (data: string): Uint8Array => hex(`${ETH} 9000 ${data}`);

describe('engine/switch', () => {
  it('egress_spec defaults to 0; port 511 and mark_to_drop drop', () => {
    const sw = build(`
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply {
          if (hdr.data.a == 1) { sm.egress_spec = 511; }
          else if (hdr.data.a == 2) { mark_to_drop(sm); }
          else if (hdr.data.a == 3) { sm.egress_spec = 7; }
        }
      }
      ${EGRESS_NOP}`);
    assert.deepEqual(
      sw.processPacket(3, pkt('00 00 0000 00000000')).map((o) => o.port),
      [0],
    );
    assert.deepEqual(sw.processPacket(3, pkt('01 00 0000 00000000')), []);
    assert.deepEqual(sw.processPacket(3, pkt('02 00 0000 00000000')), []);
    assert.deepEqual(
      sw.processPacket(3, pkt('03 00 0000 00000000')).map((o) => o.port),
      [7],
    );
  });

  it('a parser error reaches ingress with parser_error set; headers extracted before it stay valid', () => {
    const sw = build(`
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply {
          sm.egress_spec = 1;
          if (sm.parser_error == error.PacketTooShort) { hdr.eth.type = 0xdead; }
          if (!hdr.data.isValid()) { hdr.eth.dst = 0xffffffffffff; }
        }
      }
      ${EGRESS_NOP}`);
    const [o] = sw.processPacket(0, pkt('01 02'));
    // eth emitted (modified), data invalid so not emitted, the unparsed bytes follow as payload.
    assert.equal(toHex(o.data), 'ffffffffffff000000000001dead0102');
  });

  it('a parser that loops without consuming input ends with ParserTimeout instead of hanging', () => {
    const text = `
      #include <core.p4>
      #include <v1model.p4>
      header h_t { bit<8> a; }
      struct headers { h_t h; }
      struct metadata { }
      parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        state start { transition select(pkt.lookahead<bit<8>>()) { 0: start; default: take; } }
        state take { pkt.extract(hdr.h); transition accept; }
      }
      control VC(inout headers hdr, inout metadata meta) { apply { } }
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply { sm.egress_spec = 1; if (sm.parser_error == error.ParserTimeout) { hdr.h.setValid(); hdr.h.a = 0xee; } }
      }
      control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
      control CC(inout headers hdr, inout metadata meta) { apply { } }
      control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.h); } }
      V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;`;
    const r = compileP4({ path: 'loop.p4', text });
    if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
    const sw = new Switch(r.program, r.p4info);
    assert.equal(toHex(sw.processPacket(0, hex('07'))[0].data), '07');
    assert.equal(toHex(sw.processPacket(0, hex('0001'))[0].data), 'ee0001');
  });

  it('instance_type, packet_length and header validity in egress', () => {
    const sw = build(`
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply { sm.egress_spec = 2; hdr.data.d = sm.packet_length; }
      }
      control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply { hdr.data.a = (bit<8>) sm.instance_type; hdr.data.b = (bit<8>) sm.egress_port; hdr.data.c = (bit<16>) sm.egress_spec; }
      }`);
    const [o] = sw.processPacket(0, pkt('ff ff ffff 00000000 aabb'));
    assert.equal(toHex(o.data), toHex(pkt('00 02 0000 00000018 aabb')));
  });

  it('priorities: queue = priority; a priority beyond the configured queues is dropped', () => {
    const body = `
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply { sm.egress_spec = 1; sm.priority = (bit<3>) hdr.data.a; }
      }
      control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply { hdr.data.b = (bit<8>) sm.priority; }
      }`;
    const eight = build(body);
    assert.equal(
      toHex(eight.processPacket(0, pkt('05 00 0000 00000000'))[0].data),
      toHex(pkt('05 05 0000 00000000')),
    );
    const logs: string[] = [];
    const one = build(body, { priorityQueues: 1, log: (l) => logs.push(l) });
    assert.equal(one.processPacket(0, pkt('00 00 0000 00000000')).length, 1);
    assert.deepEqual(one.processPacket(0, pkt('01 00 0000 00000000')), []);
    assert.match(logs.join('\n'), /Priority out of range/);
  });

  it('the ingress/egress seam carries queueing metadata into egress', () => {
    const sw = build(`
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply { sm.egress_spec = 4; sm.priority = 3; meta.m = 9; }
      }
      control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply { hdr.data.a = (bit<8>) sm.enq_qdepth; hdr.data.b = (bit<8>) sm.deq_qdepth; hdr.data.c = (bit<16>) sm.deq_timedelta; hdr.data.d = sm.enq_timestamp + (bit<32>) meta.m; }
      }`);
    const r = sw.runIngress({ port: 0, data: pkt('00 00 0000 00000000'), instanceType: 0 });
    assert.equal(r.jobs.length, 1);
    assert.equal(r.jobs[0].egressPort, 4);
    assert.equal(r.jobs[0].priority, 3);
    const e = sw.runEgress(r.jobs[0], { enqQdepth: 5, deqQdepth: 2, enqTimestamp: 100, deqTimedelta: 7 });
    assert.equal(toHex(e.out[0].data), toHex(pkt('05 02 0007 0000006d')));
  });

  it('multicast replicas get egress_rid and instance_type 5; E2E clones go to the mirror port', () => {
    const sw = build(`
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply { sm.mcast_grp = (bit<16>) hdr.data.c; }
      }
      control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply {
          hdr.data.a = (bit<8>) sm.instance_type;
          hdr.data.b = (bit<8>) sm.egress_rid;
          if (sm.instance_type == 5 && sm.egress_port == 2) { clone(CloneType.E2E, 7); }
        }
      }`);
    sw.setMulticastGroup(1, [
      { port: 1, rid: 10 },
      { port: 2, rid: 20 },
    ]);
    sw.setMirrorSession(7, 9);
    const out = sw.processPacket(0, pkt('00 00 0001 00000000'));
    assert.deepEqual(
      out.map((o) => [o.port, toHex(o.data)]),
      [
        [1, toHex(pkt('05 0a 0001 00000000'))],
        [2, toHex(pkt('05 14 0001 00000000'))],
        [9, toHex(pkt('02 00 0001 00000000'))],
      ],
    );
    // Group 2 does not exist: nothing leaves.
    assert.deepEqual(sw.processPacket(0, pkt('00 00 0002 00000000')), []);
  });

  it('a mirroring session to a multicast group clones once per replica, egress_rid set, then to its port', () => {
    // simple_switch's mirroring_add_mc: multicast() of the clone, then the clone itself to the session's port
    // (left with the last replica's rid). PI programs every P4Runtime clone session this way.
    const sw = build(`
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply {
          sm.egress_spec = 4;
          if (hdr.data.c == 1) { clone(CloneType.I2E, 3); }
        }
      }
      control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply {
          hdr.data.a = (bit<8>) sm.instance_type;
          hdr.data.b = (bit<8>) sm.egress_rid;
          if (hdr.data.c == 2 && sm.instance_type == 0) { clone(CloneType.E2E, 3); }
        }
      }`);
    sw.setMulticastGroup(40, [
      { port: 6, rid: 1 },
      { port: 5, rid: 2 },
    ]);
    sw.setMirrorSession(3, { mgid: 40, port: 8 });
    const i2e = sw.processPacket(0, pkt('00 00 0001 00000000'));
    assert.deepEqual(i2e.map((o) => [o.port, toHex(o.data)]).sort(), [
      [4, toHex(pkt('00 00 0001 00000000'))],
      [5, toHex(pkt('01 02 0001 00000000'))],
      [6, toHex(pkt('01 01 0001 00000000'))],
      [8, toHex(pkt('01 02 0001 00000000'))],
    ]);
    sw.setMirrorSession(3, { mgid: 40 });
    const e2e = sw.processPacket(0, pkt('00 00 0002 00000000'));
    assert.deepEqual(
      e2e.map((o) => [o.port, toHex(o.data)]),
      [
        [4, toHex(pkt('00 00 0002 00000000'))],
        [6, toHex(pkt('02 01 0002 00000000'))],
        [5, toHex(pkt('02 02 0002 00000000'))],
      ],
    );
    // A session whose group does not exist clones nothing; a deleted session neither.
    sw.setMirrorSession(3, { mgid: 41 });
    assert.deepEqual(
      sw.processPacket(0, pkt('00 00 0001 00000000')).map((o) => o.port),
      [4],
    );
    sw.setMirrorSession(3, undefined);
    assert.deepEqual(
      sw.processPacket(0, pkt('00 00 0002 00000000')).map((o) => o.port),
      [4],
    );
  });
  it('random is deterministic for a seed; hash and log_msg', () => {
    const body = `
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply {
          sm.egress_spec = 1;
          random(hdr.data.d, 32w0, 32w0xffffffff);
          hash(hdr.data.c, HashAlgorithm.crc16, 16w0, { hdr.eth.dst }, 17w65536);
          log_msg("a={} b={}", { hdr.data.a, hdr.data.b });
        }
      }
      ${EGRESS_NOP}`;
    const lines: string[] = [];
    const a = build(body, { seed: 5, log: (l) => lines.push(l) });
    const b = build(body, { seed: 5 });
    const c = build(body, { seed: 6 });
    const p = pkt('03 04 0000 00000000');
    const ra = toHex(a.processPacket(0, p)[0].data);
    assert.equal(ra, toHex(b.processPacket(0, p)[0].data));
    assert.notEqual(ra, toHex(c.processPacket(0, p)[0].data));
    // crc16 (ARC) of 00 00 00 00 00 02 is 0x2400... computed independently by the hash module's check values;
    // here we only check it is stable and lands in bytes 16..17.
    assert.equal(ra.slice(32, 36), toHex(b.processPacket(0, p)[0].data).slice(32, 36));
    assert.deepEqual(lines, ['a=3 b=4']);
  });

  it('assert(false) aborts the packet with an error', () => {
    const sw = build(`
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply { assert(hdr.data.a != 0); sm.egress_spec = 1; }
      }
      ${EGRESS_NOP}`);
    assert.equal(sw.processPacket(0, pkt('01 00 0000 00000000')).length, 1);
    assert.throws(() => sw.processPacket(0, pkt('00 00 0000 00000000')), /assert/);
  });

  it('a loop that never ends aborts its packet once the block passes the iteration budget', () => {
    const sw = build(`
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply {
          // bit<8> is always <= 255 (runaway when a != 0); a = 0 takes two short loops of 3.
          bit<8> n = 0;
          for (bit<8> i = 0; hdr.data.a != 0 && i <= 255; i = i + 1) { n = n + 1; }
          for (bit<8> i in 1 .. 3) { for (bit<8> j in 1 .. 3) { n = n + 1; } }
          hdr.data.a = n;
          sm.egress_spec = 1;
        }
      }
      ${EGRESS_NOP}`);
    assert.throws(() => sw.processPacket(0, pkt('01 00 0000 00000000')), /ran past 16777216 iterations/);
    // The budget is per run of a block: the next packet starts from zero.
    const out = sw.processPacket(0, pkt('00 00 0000 00000000'));
    assert.equal(out.length, 1);
    assert.equal(out[0]!.data[14], 9);
  });

  describe('control plane', () => {
    const BODY = `
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        direct_counter(CounterType.packets_and_bytes) hits;
        counter(4, CounterType.packets_and_bytes) ports;
        register<bit<16>>(8) regs;
        action fwd(bit<9> port) { sm.egress_spec = port; }
        action keep() { }
        table t {
          key = { hdr.data.a: exact; hdr.data.b: ternary; }
          actions = { fwd; @defaultonly keep; }
          default_action = keep();
          counters = hits;
          size = 2;
        }
        table fixed {
          key = { hdr.data.a: exact; }
          actions = { fwd; }
          const default_action = fwd(5);
          const entries = { 9: fwd(6); }
        }
        apply {
          ports.count((bit<32>) hdr.data.b);
          bit<16> v;
          regs.read(v, (bit<32>) hdr.data.a);
          regs.write((bit<32>) hdr.data.a, v + 1);
          if (!t.apply().hit && (hdr.data.a == 1 || hdr.data.a == 9)) { fixed.apply(); }
        }
      }
      ${EGRESS_NOP}`;

    const ids = (sw: Switch) => {
      const id = (list: { preamble: { name: string; id: number } }[], name: string): number => {
        const x = list.find((e) => e.preamble.name === name);
        assert.ok(x, `P4Info has ${name}`);
        return x.preamble.id;
      };
      return {
        t: id(sw.p4info.tables, 'Ing.t'),
        fixed: id(sw.p4info.tables, 'Ing.fixed'),
        fwd: id(sw.p4info.actions, 'Ing.fwd'),
        keep: id(sw.p4info.actions, 'Ing.keep'),
        ports: id(sw.p4info.counters, 'Ing.ports'),
        regs: id(sw.p4info.registers, 'Ing.regs'),
      };
    };
    const key = (a: number, b?: [number, number]): Map<number, FieldMatch> => {
      const m = new Map<number, FieldMatch>([[1, { kind: 'exact', value: BigInt(a) }]]);
      if (b) m.set(2, { kind: 'ternary', value: BigInt(b[0]), mask: BigInt(b[1]) });
      return m;
    };

    it('entries, priorities, direct counters, defaults and const tables', () => {
      const sw = build(BODY);
      const i = ids(sw);
      const fwd = (port: number) => ({ actionId: i.fwd, params: new Map([[1, BigInt(port)]]) });
      sw.insertEntry({ tableId: i.t, match: key(1, [0, 0xf0]), priority: 10, action: fwd(2) });
      sw.insertEntry({ tableId: i.t, match: key(1, [0x05, 0xff]), priority: 20, action: fwd(3) });
      assert.equal(
        controlPlaneCode(() => sw.insertEntry({ tableId: i.t, match: key(2), priority: 1, action: fwd(1) })),
        'RESOURCE_EXHAUSTED',
      );
      assert.equal(
        controlPlaneCode(() =>
          sw.insertEntry({ tableId: i.t, match: key(1, [0x05, 0xff]), priority: 20, action: fwd(1) }),
        ),
        'ALREADY_EXISTS',
      );
      assert.equal(
        controlPlaneCode(() =>
          sw.insertEntry({ tableId: i.fixed, match: key(1), priority: 0, action: fwd(1) }),
        ),
        'PERMISSION_DENIED',
      );
      assert.equal(
        controlPlaneCode(() => sw.setDefaultAction(i.fixed, fwd(1))),
        'PERMISSION_DENIED',
      );
      const keepEntry = {
        tableId: i.t,
        match: key(7, [0, 0]),
        priority: 1,
        action: { actionId: i.keep, params: new Map() },
      };
      assert.equal(
        controlPlaneCode(() => sw.insertEntry(keepEntry)),
        'INVALID_ARGUMENT',
        '@defaultonly action in an entry',
      );
      assert.equal(
        controlPlaneCode(() => sw.setDefaultAction(i.t, { actionId: 12345, params: new Map() })),
        'INVALID_ARGUMENT',
      );
      assert.equal(
        controlPlaneCode(() => sw.setDefaultAction(i.t, { actionId: i.fwd, params: new Map([[1, 512n]]) })),
        'INVALID_ARGUMENT',
      );

      const port = (a: number, b: number): number[] =>
        sw
          .processPacket(
            0,
            pkt(`${a.toString(16).padStart(2, '0')} ${b.toString(16).padStart(2, '0')} 0000 00000000`),
          )
          .map((o) => o.port);
      assert.deepEqual(port(1, 0x05), [3]); // priority 20 beats 10
      assert.deepEqual(port(1, 0x06), [2]);
      assert.deepEqual(port(1, 0x16), [5]); // miss -> fixed misses -> const default fwd(5)
      assert.deepEqual(port(9, 0x16), [6]); // const entry
      const entries = sw.readEntries(i.t);
      assert.equal(entries.length, 2);
      assert.deepEqual(
        entries.map((e) => [e.priority, e.counter?.packets]),
        [
          [10, 1n],
          [20, 1n],
        ],
      );
      assert.deepEqual(sw.readDirectCounter({ tableId: i.t, match: key(1, [0x05, 0xff]), priority: 20 }), {
        packets: 1n,
        bytes: 22n,
      });
      sw.modifyEntry({ tableId: i.t, match: key(1, [0x05, 0xff]), priority: 20, action: fwd(4) });
      assert.deepEqual(port(1, 0x05), [4]);
      sw.deleteEntry({ tableId: i.t, match: key(1, [0x05, 0xff]), priority: 20 });
      assert.deepEqual(port(1, 0x05), [2]);
      assert.equal(
        controlPlaneCode(() => sw.deleteEntry({ tableId: i.t, match: key(1, [0x05, 0xff]), priority: 20 })),
        'NOT_FOUND',
      );

      sw.setDefaultAction(i.t, fwd(8));
      assert.deepEqual(port(3, 0), [8]);
      assert.deepEqual(sw.getDefaultAction(i.t), fwd(8));
      sw.resetDefaultAction(i.t);
      assert.equal(sw.getDefaultAction(i.t).actionId, i.keep);
      assert.equal(sw.readEntries(i.fixed).length, 1);
    });

    it('counters and registers, with range checks and reset', () => {
      const sw = build(BODY);
      const i = ids(sw);
      sw.processPacket(0, pkt('02 01 0000 00000000'));
      sw.processPacket(0, pkt('02 01 0000 00000000'));
      sw.processPacket(0, pkt('03 07 0000 00000000')); // counter index 7 is out of range: not counted
      assert.deepEqual(sw.readCounter(i.ports, 1), [{ index: 1, data: { packets: 2n, bytes: 44n } }]);
      assert.equal(sw.readCounter(i.ports).length, 4);
      assert.equal(
        controlPlaneCode(() => sw.readCounter(i.ports, 4)),
        'OUT_OF_RANGE',
      );
      assert.deepEqual(sw.readRegister(i.regs, 2), [{ index: 2, value: 2n }]);
      sw.writeRegister(i.regs, 2, 0xfffen);
      sw.processPacket(0, pkt('02 01 0000 00000000'));
      sw.processPacket(0, pkt('02 01 0000 00000000'));
      assert.deepEqual(sw.readRegister(i.regs, 2), [{ index: 2, value: 0n }], 'bit<16> wraps around');
      assert.equal(
        controlPlaneCode(() => sw.writeRegister(i.regs, 2, 0x10000n)),
        'INVALID_ARGUMENT',
      );
      assert.equal(
        controlPlaneCode(() => sw.readRegister(i.regs, 8)),
        'OUT_OF_RANGE',
      );
      sw.writeCounter(i.ports, undefined, { packets: 5n, bytes: 6n });
      assert.deepEqual(sw.readCounter(i.ports, 3)[0].data, { packets: 5n, bytes: 6n });
      sw.reset();
      assert.deepEqual(sw.readCounter(i.ports, 3)[0].data, { packets: 0n, bytes: 0n });
      assert.deepEqual(sw.readRegister(i.regs, 2)[0].value, 0n);
      assert.equal(sw.readEntries(i.fixed).length, 1, 'const entries survive a reset');
    });
  });
});
