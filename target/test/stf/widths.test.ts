// STF values wider than their field are errors that name the line (issue 14), as p4c's STF runner refuses
// them, instead of being wrapped silently (99999 for a bit<9> port used to become port 159).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runStf } from '../../stf/index.js';

const PROGRAM = `
#include <core.p4>
#include <v1model.p4>
header eth_t { bit<48> dst; bit<48> src; bit<16> type; }
struct headers { eth_t eth; }
struct metadata { }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.eth); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  register<bit<8>>(4) r8;
  action fwd(bit<9> port) { sm.egress_spec = port; }
  action drop() { mark_to_drop(sm); }
  table by_type { key = { hdr.eth.type: exact; } actions = { fwd; drop; } default_action = drop(); }
  table by_dst { key = { hdr.eth.dst: ternary; } actions = { fwd; drop; } default_action = drop(); }
  table by_src { key = { hdr.eth.src: exact; } actions = { fwd; } implementation = action_profile(32w4); }
  apply { by_type.apply(); by_dst.apply(); by_src.apply(); }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.eth); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;

describe('STF value widths', () => {
  let dir: string;
  let program: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mlt-stf-width-'));
    program = join(dir, 'p.p4');
    writeFileSync(program, PROGRAM);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  async function run(lines: string[]) {
    const stf = join(dir, 't.stf');
    writeFileSync(stf, `${lines.join('\n')}\n`);
    return runStf({ programPath: program, stfPath: stf });
  }

  it('refuses an action parameter wider than its field, naming the line', async () => {
    const r = await run(['# set up', 'add by_type hdr.eth.type:0x0800 fwd(port:99999)']);
    assert.equal(r.status, 'error');
    assert.match(
      r.report,
      /t\.stf: line 2: action \S*fwd parameter port: value 99999 does not fit in 9 bits/,
    );
  });

  it('refuses too-wide keys, masks and register values; accepts the largest that fit', async () => {
    for (const [line, what] of [
      [
        'add by_type hdr.eth.type:0x10000 fwd(port:1)',
        /key hdr\.eth\.type: value 0x10000 does not fit in 16 bits/,
      ],
      ['add by_dst 1 hdr.eth.dst:0x1&&&0x1000000000000 fwd(port:1)', /does not fit in 48 bits/],
      ['register_write Ing.r8 0 256', /register Ing\.r8: value 256 does not fit in 8 bits/],
    ] as const) {
      const r = await run([line]);
      assert.equal(r.status, 'error', line);
      assert.match(r.report, /line 1: /);
      assert.match(r.report, what);
    }
    const ok = await run([
      'add by_type hdr.eth.type:0xffff fwd(port:511)',
      'register_write Ing.r8 0 255',
      'packet 0 000000000001 000000000002 ffff',
      'expect 511',
    ]);
    assert.notEqual(ok.status, 'error', ok.report);
  });

  it('refuses an add to a table with an action profile, as bmv2 refuses table_add there', async () => {
    const r = await run(['add by_src hdr.eth.src:1 fwd(port:1)']);
    assert.equal(r.status, 'error');
    assert.match(
      r.report,
      /t\.stf: line 1: table Ing\.by_src has an action profile \(implementation\): bmv2 refuses table_add on it/,
    );
  });
});
