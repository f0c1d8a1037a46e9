import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { P4Codec, type MatchValue } from '../src/codec.js';
import { ValueError } from '../src/bytes.js';
import { P4InfoLookupError } from '../src/p4info.js';
import type { TableEntry, TableEntryMsg } from '../src/types.js';
import { FIXTURE_P4INFO } from './fixture-p4info.js';

const codec = new P4Codec(FIXTURE_P4INFO);

/** The shape a TableEntry has after a trip over the wire with this library's loader options. */
function asReceived(e: TableEntry): TableEntryMsg {
  return {
    table_id: e.table_id ?? 0,
    match: (e.match ?? []).map(
      (m) => ({ field_id: m.field_id ?? 0, ...m }) as TableEntryMsg['match'][number],
    ),
    action: (e.action ?? null) as TableEntryMsg['action'],
    priority: e.priority ?? 0,
    controller_metadata: '0',
    meter_config: null,
    counter_data: null,
    is_default_action: e.is_default_action ?? false,
    idle_timeout_ns: '0',
    time_since_last_hit: null,
    metadata: Buffer.from(e.metadata ?? []),
    meter_counter_data: null,
    const: false,
  };
}

const bits = (w: number) => fc.bigInt({ min: 0n, max: (1n << BigInt(w)) - 1n });

describe('P4Codec', () => {
  it('encodes an lpm entry by name with canonical bytes', () => {
    const e = codec.tableEntry({
      table: 'ingress.ipv4_lpm',
      match: { 'hdr.ipv4.dst': '10.1.0.0/16' },
      action: { name: 'ingress.forward', params: { port: 1, dmac: '00:00:00:00:00:0a' } },
    });
    assert.equal(e.table_id, 0x02000001);
    assert.deepEqual(e.match, [{ field_id: 1, lpm: { value: Buffer.from([10, 1, 0, 0]), prefix_len: 16 } }]);
    assert.deepEqual(e.action, {
      action: {
        action_id: 0x01000001,
        params: [
          { param_id: 1, value: Buffer.from([1]) },
          { param_id: 2, value: Buffer.from([10]) },
        ],
      },
    });
  });

  it('lpm and ternary/range round trips through decode (property)', () => {
    const lpm = fc
      .integer({ min: 1, max: 32 })
      .chain((len) => bits(32).map((v) => ({ value: v & ~((1n << BigInt(32 - len)) - 1n), prefixLen: len })));
    fc.assert(
      fc.property(lpm, bits(9), bits(48), (m, port, dmac) => {
        const spec = {
          table: 'ingress.ipv4_lpm',
          match: { 'hdr.ipv4.dst': m },
          action: { name: 'ingress.forward', params: { port, dmac } },
        };
        const d = codec.decodeTableEntry(asReceived(codec.tableEntry(spec)));
        assert.deepEqual(d.match['hdr.ipv4.dst'], { kind: 'lpm', value: m.value, prefixLen: m.prefixLen });
        assert.deepEqual(d.action?.params, { port, dmac });
        assert.equal(d.table, 'ingress.ipv4_lpm');
      }),
    );
    const ternary = fc
      .tuple(bits(48), bits(48))
      .filter(([, m]) => m !== 0n)
      .map(([v, m]) => ({ value: v & m, mask: m }));
    const range = fc
      .tuple(bits(16), bits(16))
      .map(([a, b]) => (a <= b ? { low: a, high: b } : { low: b, high: a }))
      .filter((r) => !(r.low === 0n && r.high === 0xffffn));
    fc.assert(
      fc.property(
        ternary,
        range,
        bits(9),
        bits(128),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (t, r, p, ip, prio) => {
          const spec = {
            table: 'ingress.acl',
            match: {
              'hdr.ethernet.src': t,
              'hdr.udp.dport': r,
              'meta.port': p,
              'hdr.ipv6.dst': ip,
            } as Record<string, MatchValue>,
            priority: prio,
            action: { name: 'ingress.drop' },
          };
          const d = codec.decodeTableEntry(asReceived(codec.tableEntry(spec)));
          assert.deepEqual(d.match, {
            'hdr.ethernet.src': { kind: 'ternary', ...t },
            'hdr.udp.dport': { kind: 'range', ...r },
            'meta.port': { kind: 'optional', value: p },
            'hdr.ipv6.dst': { kind: 'exact', value: ip },
          });
          assert.equal(d.priority, prio);
        },
      ),
    );
  });

  it("omits don't-care matches as the spec requires", () => {
    const e = codec.tableEntry({
      table: 'ingress.acl',
      match: {
        'hdr.ethernet.src': { value: 0, mask: 0 },
        'hdr.udp.dport': { low: 0, high: 0xffff },
        'hdr.ipv6.dst': '::1',
      },
      priority: 1,
      action: { name: 'ingress.drop' },
    });
    assert.deepEqual(
      e.match?.map((m) => m.field_id),
      [4],
    );
    const d = codec.tableEntry({
      table: 'ingress.ipv4_lpm',
      match: { 'hdr.ipv4.dst': '0.0.0.0/0' },
      action: { name: 'ingress.drop' },
    });
    assert.deepEqual(d.match, []);
  });

  it('rejects bad values, names and shapes', () => {
    const fwd = (params: Record<string, number | string>) => ({
      table: 'ingress.ipv4_lpm',
      match: { 'hdr.ipv4.dst': '10.0.0.0/8' },
      action: { name: 'ingress.forward', params },
    });
    assert.throws(
      () => codec.tableEntry(fwd({ port: 512, dmac: 1 })),
      /parameter port: value 512 does not fit in 9 bits/,
    );
    assert.throws(() => codec.tableEntry(fwd({ port: 1 })), /missing parameter dmac/);
    assert.throws(() => codec.tableEntry(fwd({ port: 1, dmac: 1, extra: 1 })), P4InfoLookupError);
    assert.throws(
      () => codec.tableEntry({ table: 'ingress.ipv4_lpm', match: { 'hdr.ipv4.dst': '10.0.0.1/8' } }),
      /beyond the \/8 prefix/,
    );
    assert.throws(
      () => codec.tableEntry({ table: 'ingress.ipv4_lpm', match: { 'hdr.ipv4.dst': '10.0.0.0/33' } }),
      /prefix length 33/,
    );
    assert.throws(
      () =>
        codec.tableEntry({
          table: 'ingress.acl',
          match: { 'hdr.ethernet.src': '0x3&&&0x1', 'hdr.ipv6.dst': 1 },
          priority: 1,
        }),
      /outside the mask/,
    );
    assert.throws(
      () =>
        codec.tableEntry({
          table: 'ingress.acl',
          match: { 'hdr.ipv6.dst': 1 },
          action: { name: 'ingress.drop' },
        }),
      /priority/,
    );
    assert.throws(
      () => codec.tableEntry({ table: 'ingress.acl', match: {}, priority: 1 }),
      /exact field hdr.ipv6.dst/,
    );
    assert.throws(() => codec.tableEntry({ table: 'nope' }), P4InfoLookupError);
    assert.throws(
      () =>
        codec.tableEntry({
          table: 'ingress.acl',
          match: { 'hdr.udp.dport': { low: 5, high: 4 }, 'hdr.ipv6.dst': 1 },
          priority: 1,
        }),
      ValueError,
    );
  });

  it('finds objects by alias as well as by full name', () => {
    const e = codec.tableEntry({ table: 'ipv4_lpm', isDefault: true, action: { name: 'drop' } });
    assert.equal(e.table_id, 0x02000001);
    assert.equal(e.is_default_action, true);
    assert.deepEqual(e.match, undefined);
  });

  it('builds counter, register and meter entities with wildcard indexes', () => {
    assert.deepEqual(codec.counterEntity('ingress.pkts'), { counter_entry: { counter_id: 0x12000001 } });
    assert.deepEqual(codec.counterEntity('pkts', 3, { packets: 1n, bytes: 64n }), {
      counter_entry: {
        counter_id: 0x12000001,
        index: { index: '3' },
        data: { byte_count: '64', packet_count: '1' },
      },
    });
    assert.deepEqual(codec.registerEntity('last_seen', 2, 0x0a), {
      register_entry: {
        register_id: 0x16000001,
        index: { index: '2' },
        data: { bitstring: Buffer.from([10]) },
      },
    });
    assert.throws(() => codec.registerEntity('last_seen', 2, 1n << 48n), ValueError);
    assert.deepEqual(codec.meterEntity(undefined), { meter_entry: { meter_id: 0 } });
    const dc = codec.directCounterEntity({ table: 'ingress.acl', match: { 'hdr.ipv6.dst': 1 }, priority: 7 });
    assert.equal(dc.direct_counter_entry?.table_entry?.priority, 7);
  });

  it("sizes a register of a user-defined type by type_info's description of it", () => {
    const typed = (newType: object): P4Codec =>
      new P4Codec({
        registers: [
          { preamble: { id: 0x16000002, name: 'c.ports' }, size: 2, type_spec: { new_type: { name: 'T' } } },
        ],
        type_info: { new_types: { T: newType } },
      });
    const plain = typed({ original_type: { bitstring: { bit: { bitwidth: 9 } } } });
    assert.deepEqual(plain.registerEntity('c.ports', 0, 511).register_entry?.data, {
      bitstring: Buffer.from([1, 255]),
    });
    assert.throws(() => plain.registerEntity('c.ports', 0, 512), ValueError);
    const translated = typed({ translated_type: { uri: 'example.org/T', sdn_bitwidth: 32 } });
    assert.ok(translated.registerEntity('c.ports', 0, 2 ** 32 - 1));
    assert.throws(() => typed({}).registerEntity('c.ports', 0, 1), P4InfoLookupError);
  });

  it("sizes a register of a serializable enum by its underlying type's width", () => {
    const enumCodec = new P4Codec({
      registers: [
        {
          preamble: { id: 0x16000003, name: 'c.types' },
          size: 1,
          type_spec: { serializable_enum: { name: 'EthTypes' } },
        },
      ],
      type_info: { serializable_enums: { EthTypes: { underlying_type: { bitwidth: 16 } } } },
    });
    assert.deepEqual(enumCodec.registerEntity('c.types', 0, 0x0800).register_entry?.data, {
      bitstring: Buffer.from([8, 0]),
    });
    assert.throws(() => enumCodec.registerEntity('c.types', 0, 1 << 16), ValueError);
  });

  it('encodes packet_out and decodes packet_in metadata by name', () => {
    assert.deepEqual(codec.packetOutMetadata({ egress_port: 3 }), [
      { metadata_id: 1, value: Buffer.from([3]) },
    ]);
    assert.throws(() => codec.packetOutMetadata({ egress_port: 600 }), ValueError);
    assert.throws(() => codec.packetOutMetadata({ nope: 1 }), /no metadata field nope/);
    fc.assert(
      fc.property(bits(9), bits(7), (port, reason) => {
        const md = [
          { metadata_id: 1, value: Buffer.from(port.toString(16).padStart(4, '0'), 'hex') },
          { metadata_id: 2, value: Buffer.from([Number(reason)]) },
        ];
        assert.deepEqual(codec.decodePacketInMetadata(md), { ingress_port: port, reason });
      }),
    );
  });
});
