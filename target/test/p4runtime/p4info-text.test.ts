import { strict as assert } from 'node:assert';
import { parseP4InfoText } from 'p4runtime-ts';
import { compileP4, p4infoToText } from '../../compiler/index.js';
import { p4InfoMismatch } from '../../p4runtime/p4info-wire.js';
import { PROGRAM_SOURCE } from './harness.js';

describe('P4Info text written by the front-end, read by p4runtime-ts', () => {
  it('describes the same program', () => {
    const r = compileP4({ path: 'pktio.p4', text: PROGRAM_SOURCE });
    assert.ok(r.ok);
    const parsed = parseP4InfoText(p4infoToText(r.p4info));
    assert.equal(p4InfoMismatch(parsed, r.p4info), undefined);
    assert.equal(parsed.tables.length, r.p4info.tables.length);
    assert.deepEqual(
      parsed.controller_packet_metadata.map((h) => h.metadata.map((m) => [m.name, m.bitwidth])),
      r.p4info.controller_packet_metadata.map((h) => h.metadata.map((m) => [m.name, m.bitwidth])),
    );
  });
});
