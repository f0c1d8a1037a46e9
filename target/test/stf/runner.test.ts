// runStf: pass, fail with a readable diff, and load errors. The `mlt stf` exit codes are tested in cli/test/stf.test.ts.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runStf, type StfResult } from '../../stf/index.js';
import { program as v1model } from '../frontend/helpers.js';

const PROGRAM = `
#include <core.p4>
#include <v1model.p4>
header eth_t { bit<48> dst; bit<48> src; bit<16> type; }
header ipv4_t {
  bit<4> version; bit<4> ihl; bit<6> dscp; bit<2> ecn; bit<16> totalLen; bit<16> id; bit<3> flags;
  bit<13> frag; bit<8> ttl; bit<8> proto; bit<16> csum; bit<32> src; bit<32> dst;
}
struct headers { eth_t eth; ipv4_t ipv4; }
struct metadata { }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.eth); transition select(hdr.eth.type) { 0x0800: ip; default: accept; } }
  state ip { pkt.extract(hdr.ipv4); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  counter(8, CounterType.packets) seen;
  direct_counter(CounterType.packets) acl_hits;
  register<bit<32>>(4) last;
  action fwd(bit<9> port) { sm.egress_spec = port; }
  action set_prio(bit<3> p) { sm.priority = p; }
  action drop() { mark_to_drop(sm); }
  table route { key = { hdr.ipv4.dst: lpm; } actions = { fwd; drop; } default_action = drop(); }
  table acl {
    key = { hdr.ipv4.dscp: ternary; hdr.ipv4.proto: range; }
    actions = { set_prio; NoAction; }
    default_action = NoAction();
    counters = acl_hits;
  }
  apply {
    seen.count((bit<32>) sm.ingress_port);
    if (hdr.ipv4.isValid()) {
      route.apply();
      acl.apply();
      last.write(0, hdr.ipv4.dst);
      hdr.ipv4.ttl = hdr.ipv4.ttl - 1;
    } else { drop(); }
  }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  apply { if (hdr.ipv4.isValid()) { hdr.ipv4.ecn = (bit<2>) sm.priority; } }
}
control CC(inout headers hdr, inout metadata meta) {
  apply {
    update_checksum(hdr.ipv4.isValid(),
      { hdr.ipv4.version, hdr.ipv4.ihl, hdr.ipv4.dscp, hdr.ipv4.ecn, hdr.ipv4.totalLen, hdr.ipv4.id, hdr.ipv4.flags,
        hdr.ipv4.frag, hdr.ipv4.ttl, hdr.ipv4.proto, hdr.ipv4.src, hdr.ipv4.dst },
      hdr.ipv4.csum, HashAlgorithm.csum16);
  }
}
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.eth); pkt.emit(hdr.ipv4); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;

// 10.1.2.3 -> 10.9.9.9, UDP, ttl 64, checksum computed for the packet after ttl-- and ecn = priority.
const IN = '000000000002 000000000001 0800 4500 0014 0000 0000 4011 0000 0a010203 0a090909';
const STF_PASS = `
# routes: a /8 written with wildcard nibbles and a /16 written VALUE/LEN
add Ing.route hdr.ipv4.dst:0x0a****** Ing.fwd(port:1)
add Ing.route hdr.ipv4.dst:0x0a090000/16 Ing.fwd(port:2)
add Ing.acl 5 hdr.ipv4.dscp:0x00&&&0x3f hdr.ipv4.proto:17..17 Ing.set_prio(p:3) = ACL1
packet 0 ${IN}
expect 2 000000000002 000000000001 0800 4503 0014 0000 0000 3f11 **** 0a010203 0a090909 $
packet 3 000000000002 000000000001 0806 00
check_counter Ing.seen(0) packets == 1
check_counter Ing.seen(3) == 1
check_counter Ing.acl_hits(ACL1) packets == 1
# p4c's files refer to a handle as $NAME
check_counter Ing.acl_hits($ACL1) packets == 1
register_read Ing.last 0 0x0a090909
`;

/** A table keyed on a validity bit and a header stack element. */
const KEYED_ON_VALIDITY = `
    #include <core.p4>
    #include <v1model.p4>
    header a_t { bit<8> x; }
    struct headers { a_t a; a_t[2] s; }
    struct metadata { }
    parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
      state start { pkt.extract(hdr.s.next); transition select(hdr.s[0].x) { 1: more; default: accept; } }
      state more { pkt.extract(hdr.a); transition accept; }
    }
    control VC(inout headers hdr, inout metadata meta) { apply { } }
    control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
      action fwd(bit<9> port) { sm.egress_spec = port; }
      table t { key = { hdr.a.isValid(): exact; hdr.s[0].x: exact; } actions = { fwd; } }
      apply { t.apply(); }
    }
    control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
    control CC(inout headers hdr, inout metadata meta) { apply { } }
    control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.s); pkt.emit(hdr.a); } }
    V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;`;

let scratch = '';
let made = 0;
function files(stf: string, program = PROGRAM): { dir: string; p4: string; test: string } {
  const dir = join(scratch, String(made++));
  mkdirSync(dir);
  const p4 = join(dir, 'prog.p4');
  const test = join(dir, 'prog.stf');
  writeFileSync(p4, program);
  writeFileSync(test, stf);
  return { dir, p4, test };
}

/** Runs an STF test of these lines against a program. */
async function run(lines: string[], program = PROGRAM): Promise<StfResult> {
  const f = files(lines.join('\n'), program);
  return runStf({ programPath: f.p4, stfPath: f.test });
}

describe('stf/runner', () => {
  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'mlt-stf-'));
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('passes a test with lpm (both forms), ternary+range priorities, counters and registers', async () => {
    const f = files(STF_PASS);
    const r = await runStf({ programPath: f.p4, stfPath: f.test });
    assert.equal(r.status, 'pass', r.report);
  });

  it('fails with a nibble diff when a packet differs, is missing or unexpected', async () => {
    const f = files(`
add Ing.route hdr.ipv4.dst:0x0a000000/8 Ing.fwd(port:1)
packet 0 ${IN}
expect 1 000000000002 000000000001 0800 4500 0014 0000 0000 4011 **** 0a010203 0a090909
expect 4 00
packet 0 ${IN.replace('0a090909', '0b090909')}
`);
    const r = await runStf({ programPath: f.p4, stfPath: f.test });
    assert.equal(r.status, 'fail');
    assert.match(r.report, /port 1: expected 1 packet\(s\), got 1/);
    assert.match(
      r.report,
      /expected: 00 00 00 00 00 02 00 00 00 00 00 01 08 00 45 00 00 14 00 00 00 00 40 11/,
    );
    assert.match(r.report, /\^\^/, 'differing nibbles are marked');
    assert.match(r.report, /port 4: expected 1 packet\(s\), got 0[\s\S]*missing/);
  });

  it('judges only the ports the test attaches (packet/expect lines), as p4c runs bmv2', async () => {
    const f = files(`add Ing.route hdr.ipv4.dst:0x0a000000/8 Ing.fwd(port:9)\npacket 0 ${IN}\n`);
    const r = await runStf({ programPath: f.p4, stfPath: f.test });
    assert.equal(r.status, 'pass', r.report);
    assert.match(r.report, /1 packet\(s\) left on port 9, which the test does not attach/);
    const g = files(`add Ing.route hdr.ipv4.dst:0x0a000000/8 Ing.fwd(port:0)\npacket 0 ${IN}\n`);
    const r2 = await runStf({ programPath: g.p4, stfPath: g.test });
    assert.equal(r2.status, 'fail', 'a packet on an attached port that nobody expects fails the test');
    assert.match(r2.report, /port 0: expected 0 packet\(s\), got 1[\s\S]*unexpected/);
  });

  it('fails on counter and register mismatches', async () => {
    const f = files(`
check_counter Ing.seen(0) packets == 1
register_read Ing.last 0 5
`);
    const r = await runStf({ programPath: f.p4, stfPath: f.test });
    assert.equal(r.status, 'fail');
    assert.match(r.report, /prog.stf:2: check_counter Ing.seen\(0\) packets: got 0, expected == 1/);
    assert.match(r.report, /prog.stf:3: register Ing.last\[0\] is 0, expected 5/);
  });

  it('fails, naming the packet, when the program aborts it, and runs nothing after (bmv2 would stop)', async () => {
    // A TTL of 0 fails the assert. The packet after it would leave on port 1 (reported as a note: the test
    // attaches no port 1), were it processed.
    const program = PROGRAM.replace('route.apply();', 'assert(hdr.ipv4.ttl != 0); route.apply();');
    const f = files(
      `add Ing.route hdr.ipv4.dst:0x0a000000/8 Ing.fwd(port:1)\npacket 0 ${IN.replace('4011', '0011')}\npacket 0 ${IN}\n`,
      program,
    );
    const r = await runStf({ programPath: f.p4, stfPath: f.test });
    assert.equal(r.status, 'fail', r.report);
    assert.match(
      r.report,
      /prog\.stf:2: the program aborted this packet \(assert at .*prog\.p4:\d+ failed\)/,
    );
    assert.match(r.report, /the test stops here/);
    assert.doesNotMatch(r.report, /port 1/);
    // Without the failing packet, the same file forwards the second one.
    const g = files(`add Ing.route hdr.ipv4.dst:0x0a000000/8 Ing.fwd(port:1)\npacket 0 ${IN}\n`, program);
    assert.match((await runStf({ programPath: g.p4, stfPath: g.test })).report, /left on port 1/);
  });

  it('reports load errors: bad STF syntax, unknown names, a program that does not compile', async () => {
    const syntax = files('packet zero 00');
    const r1 = await runStf({ programPath: syntax.p4, stfPath: syntax.test });
    assert.equal(r1.status, 'error');
    assert.match(r1.report, /prog\.stf:line 1: bad port/);
    const names = files('add Ing.nope k:1 Ing.fwd(port:1)');
    const r2 = await runStf({ programPath: names.p4, stfPath: names.test });
    assert.equal(r2.status, 'error');
    assert.match(r2.report, /line 1: no table named Ing.nope/);
    const bad = files('wait', 'control X( { }');
    const r3 = await runStf({ programPath: bad.p4, stfPath: bad.test });
    assert.equal(r3.status, 'error');
    assert.match(r3.report, /prog\.p4:1:\d+/);
  });

  it("takes names as paths from main through V1Switch's parameters (main.ig.route is Ing.route), quoted or not", async () => {
    const f = files(
      [
        'add "main.ig.route" "hdr.ipv4.dst":0x0a000000/8 "main.ig.fwd"("port":0x003)',
        'register_write main.ig.last 1 9',
        `packet 0 ${IN}`,
        'expect 3 000000000002 000000000001 0800 4500 0014 0000 0000 3f11 **** 0a010203 0a090909 $',
        'check_counter main.ig.seen(0) packets == 1',
        'register_read "main.ig.last" 1 9',
      ].join('\n'),
    );
    const r = await runStf({ programPath: f.p4, stfPath: f.test });
    assert.equal(r.status, 'pass', r.report);
    // A path through anything but one of V1Switch's parameters is an ordinary (unknown) name.
    const other = await run(['add main.xx.route hdr.ipv4.dst:0x0a000000/8 Ing.fwd(port:3)']);
    assert.match(other.report, /no table named main\.xx\.route/);
  });

  it("takes a top-level action named under the table's control (Ing.top for top), as P4Testgen names it", async () => {
    const program = KEYED_ON_VALIDITY.replace(
      'control Ing(',
      'action top(inout standard_metadata_t sm) { sm.egress_spec = 9; }\n    control Ing(',
    ).replace('actions = { fwd; }', 'actions = { fwd; top(sm); }');
    const r = await run(
      ['add "Ing.t" "hdr.a.$valid$":0 "hdr.s[0].x":3 "Ing.top"()', 'packet 0 03 77', 'expect 9 03 77'],
      program,
    );
    assert.equal(r.status, 'pass', r.report);
  });

  it('names validity keys as p4c does (h.$valid$, h.valid, hdr.h.$valid, hdr.h or valid) and header stack elements as h$0', async () => {
    const f = files(
      [
        'add t a.$valid$:1 s$0.x:1 fwd(port:4)',
        'add t a.valid:0 s$0.x:2 fwd(port:5)',
        'add t hdr.a:0 s$0.x:3 fwd(port:6)',
        'add t hdr.a.$valid:0 s$0.x:4 fwd(port:7)',
        'add t valid:0 s$0.x:5 fwd(port:8)',
        'packet 0 01 77',
        'expect 4 01 77',
        'packet 0 02 77',
        'expect 5 02 77',
        'packet 0 03 77',
        'expect 6 03 77',
        'packet 0 04 77',
        'expect 7 04 77',
        'packet 0 05 77',
        'expect 8 05 77',
      ].join('\n'),
      KEYED_ON_VALIDITY,
    );
    const r = await runStf({ programPath: f.p4, stfPath: f.test });
    assert.equal(r.status, 'pass', r.report);
  });

  it('takes an exact key the line leaves out as 0, as p4c fills it in for table_add', async () => {
    const f = files(
      [
        // Without the validity key, header a must be invalid; without s$0.x too, s[0].x must be 0.
        'add t s$0.x:6 fwd(port:4)',
        'add t fwd(port:5)',
        'packet 0 06 77',
        'expect 4 06 77',
        'packet 0 00 77',
        'expect 5 00 77',
      ].join('\n'),
      KEYED_ON_VALIDITY,
    );
    const r = await runStf({ programPath: f.p4, stfPath: f.test });
    assert.equal(r.status, 'pass', r.report);
  });

  it('fails a port given both a bare expect and expected packets, as p4c does', async () => {
    const f = files(
      ['add t s$0.x:6 fwd(port:4)', 'packet 0 06 77', 'expect 4', 'expect 4 06 77'].join('\n'),
      KEYED_ON_VALIDITY,
    );
    const r = await runStf({ programPath: f.p4, stfPath: f.test });
    assert.equal(r.status, 'fail');
    assert.match(r.report, /port 4: a bare 'expect 4' \(any packets\) and expected packets \(line 4\)/);
    // A bare expect alone takes whatever leaves.
    const g = files(
      ['add t s$0.x:6 fwd(port:4)', 'packet 0 06 77', 'expect 4'].join('\n'),
      KEYED_ON_VALIDITY,
    );
    assert.equal((await runStf({ programPath: g.p4, stfPath: g.test })).status, 'pass');
  });

  it("runs the simple_switch_CLI commands p4c's runner passes through (counters, registers, meters, mirroring, mc_node_update)", async () => {
    // The register's cell and the meter's colour leave in the EtherType: 0xRRCC.
    const MACS = '000000000001 000000000002';
    /** Expected frames on `port`, one per EtherType given. */
    const out = (port: number, ...types: string[]): string[] =>
      types.map((t) => `expect ${port} ${MACS} ${t}`);
    const program = v1model({
      locals: `
        counter(4, CounterType.packets_and_bytes) c;
        register<bit<8>>(4) r;
        meter(4, MeterType.packets) m;`,
      apply: `
        c.count(0);
        bit<8> a;
        r.read(a, 0);
        bit<32> color;
        m.execute_meter<bit<32>>(1, color);
        hdr.ethernet.etherType = (bit<16>) a << 8 | (bit<16>) color;
        if (a == 0) { standard_metadata.mcast_grp = 1; clone(CloneType.I2E, 5); }
        else { standard_metadata.egress_spec = 2; }`,
    });
    const setup = [
      'register_write MyIngress.r 0 9',
      'register_reset MyIngress.r',
      'counter_write MyIngress.c 0 5 100',
      'counter_read MyIngress.c 0',
      'mc_mgrp_create 1',
      'mc_node_create 0 3',
      'mc_node_associate 1 0',
      'mc_node_update 0 4 5',
      // One packet a second, bursts of one: the first packet is GREEN (0), the second RED (2).
      'meter_set_rates MyIngress.m 1 0.000001:1 0.000001 : 1',
      'meter_get_rates MyIngress.m 1',
      'mirroring_add_mc 5 1',
      'mirroring_get 5',
    ];
    const packets = [
      `packet 0 ${MACS} 0000`,
      `packet 0 ${MACS} 0000`,
      'check_counter MyIngress.c(0) packets == 7',
    ];
    // The clone session is deleted: only the multicast copies leave, on the node's updated ports.
    const r1 = await run(
      [...setup, 'mirroring_delete 5', ...packets, ...out(4, '0000', '0002'), ...out(5, '0000', '0002')],
      program,
    );
    assert.equal(r1.status, 'pass', r1.report);
    // Kept, it also clones each packet to every replica of group 1.
    const r2 = await run(
      [
        ...setup,
        ...packets,
        // An I2E clone is the packet as it entered ingress (EtherType 0000), and leaves before the original.
        ...out(4, '0000', '0000', '0000', '0002'),
        'expect 5',
      ],
      program,
    );
    assert.equal(r2.status, 'pass', r2.report);
    // A meter takes two rates (committed, peak); meter_array_set_rates sets every cell.
    const r3 = await run(['meter_array_set_rates MyIngress.m 1:10', `packet 0 ${MACS} 0000`], program);
    assert.equal(r3.status, 'error');
    assert.match(r3.report, /line 1: meter MyIngress\.m: 1 rate\(s\) given, a two-rate meter takes 2/);
    const r4 = await run(
      [
        'mc_mgrp_create 1',
        'mc_node_create 0 4',
        'mc_node_associate 1 0',
        'meter_array_set_rates MyIngress.m 0.000001:1 0.000001:1',
        ...packets.slice(0, 2),
        ...out(4, '0000', '0002'),
      ],
      program,
    );
    assert.equal(r4.status, 'pass', r4.report);
  });

  it('refuses counter_write on a direct counter, whose cells bmv2 names by entry handle', async () => {
    const r = await run(['counter_write Ing.acl_hits 0 1 1']);
    assert.equal(r.status, 'error');
    assert.match(r.report, /line 1: Ing\.acl_hits is a direct counter: STF cannot name the table entries/);
  });

  it("replicates to each port of a multicast node once, as bmv2 (which keeps a node's ports as a bitmap)", async () => {
    const program = PROGRAM.replace(
      'seen.count((bit<32>) sm.ingress_port);',
      'seen.count((bit<32>) sm.ingress_port); sm.mcast_grp = 1; return;',
    );
    const out = '000000000002 000000000001 0800 4500 0014 0000 0000 4011 **** 0a010203 0a090909';
    const f = files(
      `mc_mgrp_create 1\nmc_node_create 0 2 1 2\nmc_node_associate 1 0\npacket 0 ${IN}\nexpect 1 ${out}\nexpect 2 ${out}\n`,
      program,
    );
    const r = await runStf({ programPath: f.p4, stfPath: f.test });
    assert.equal(r.status, 'pass', r.report);
  });
});
