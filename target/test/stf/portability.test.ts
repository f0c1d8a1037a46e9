// Warnings for STF files whose state changes follow a packet: p4c's runner cannot order those on real bmv2.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runStf } from '../../stf/index.js';
import { parseStf } from '../../stf/parser.js';
import { portabilityWarnings } from '../../stf/portability.js';

const PACKET = 'packet 0 000000000002 000000000001 0800 4500';

describe('stf/portability', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mlt-stf-portability-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('says nothing when every state change comes before the first packet', () => {
    const stf = [
      'add T k:1 a()',
      'setdefault T a()',
      'register_write R 0 1',
      'mirroring_add 1 2',
      'mc_mgrp_create 1',
      'mc_node_create 0 1 2',
      'mc_node_associate 1 0',
      PACKET,
      'expect 1 00',
      'wait',
      'check_counter C(0) packets == 1',
      'register_read R 0 1',
    ].join('\n');
    assert.deepEqual(portabilityWarnings(parseStf(stf), 't.stf'), []);
    assert.deepEqual(portabilityWarnings(parseStf('add T k:1 a()\n'), 't.stf'), []);
  });

  it('warns with file and line for each table, register, mirroring or multicast change after a packet', () => {
    const stf = [
      '# state, then traffic',
      'add T k:1 a()',
      PACKET,
      'expect 1 00',
      'add T k:2 a()',
      'setdefault T a()',
      'register_write R 0 1',
      'mirroring_add 1 2',
      'mc_mgrp_create 1',
      'mc_node_create 0 1 2',
      'mc_node_associate 1 0',
      'remove all',
      PACKET,
      'check_counter C(0) packets == 1',
    ].join('\n');
    const warnings = portabilityWarnings(parseStf(stf), 'dir/t.stf');
    const kinds = [
      'add',
      'setdefault',
      'register_write',
      'mirroring_add',
      'mc_mgrp_create',
      'mc_node_create',
      'mc_node_associate',
      'remove all',
    ];
    assert.equal(warnings.length, kinds.length);
    kinds.forEach((k, i) =>
      assert.equal(
        warnings[i],
        `dir/t.stf:${i + 5}: warning: '${k}' after the first packet (line 3): p4c's STF runner applies it on ` +
          'bmv2 unordered with the packets, so this test cannot mean the same there; set all state before ' +
          'the first packet',
      ),
    );
  });

  it('comes with the result of a run, which it does not change', async () => {
    const program = fileURLToPath(new URL('../../../p4/mlt.p4', import.meta.url));
    const test = join(dir, 'late.stf');
    // A non-IP frame with no other_ethertype entry is dropped; the late entry then forwards the next one.
    writeFileSync(
      test,
      [
        'packet 1 000000000002 000000000001 88cc 00',
        'add MLTIngress.other_ethertype hdr.ethernet.ether_type:0x88CC MLTIngress.forward_to_port(port:1)',
        'packet 0 000000000002 000000000001 88cc 00',
        'expect 1 000000000002 000000000001 88cc 00$',
        '',
      ].join('\n'),
    );
    const r = await runStf({ programPath: program, stfPath: test });
    assert.equal(r.status, 'pass', r.report);
    assert.deepEqual(
      r.warnings?.map((w) => w.split(': warning: ')[0]),
      [`${test}:2`],
    );
  });
});
