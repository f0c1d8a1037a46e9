// Fuzzing the STF parser and runner (issue 14): random STF files from the format's grammar, and the
// project's STF suite with lines mutated, run on mlt.p4. Each must give a result or a located error
// (StfSyntaxError, or an error result), never another exception, and never take long.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { loadSwitch, type Switch } from '../../engine/index.js';
import { ControlPlaneError } from '../../engine/control-plane-api.js';
import { runCommands, StfError } from '../../stf/index.js';
import { parseStf, StfSyntaxError } from '../../stf/parser.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SUITE = readdirSync(`${ROOT}bmv2-tests`)
  .filter((f) => f.endsWith('.stf'))
  .map((f) => readFileSync(`${ROOT}bmv2-tests/${f}`, 'utf8').split('\n'));

const word = fc.oneof(
  fc.constantFrom(
    'MLTIngress.ipv4_route',
    'MLTIngress.dscp_to_priority',
    'MLTEgress.queue_thresholds',
    'route_to_port',
    'set_priority',
    'hdr.ipv4.dst_addr',
    'hdr.ipv4.dscp',
    'standard_metadata.egress_port',
    'MLTEgress.queue_forwarded',
    'MLTIngress.spray_rr_next',
  ),
  fc.stringMatching(/^[A-Za-z_][\w.$]{0,12}$/),
);
const num = fc.oneof(
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.stringMatching(/^0x[0-9a-fA-F*]{1,20}$/),
  fc.stringMatching(/^0b[01*]{1,40}$/),
  fc.constantFrom('0', '1', '511', '99999', '-1', '0x', '1_000'),
);
const key = fc.oneof(
  fc.tuple(word, num).map(([w, n]) => `${w}:${n}`),
  fc.tuple(word, num, num).map(([w, a, b]) => `${w}:${a}&&&${b}`),
  fc.tuple(word, num, fc.integer({ min: -2, max: 140 })).map(([w, a, l]) => `${w}:${a}/${l}`),
  fc.tuple(word, num, num).map(([w, a, b]) => `${w}:${a}..${b}`),
);
const call = fc
  .tuple(word, fc.array(fc.tuple(fc.stringMatching(/^[a-z_]{1,8}$/), num), { maxLength: 3 }))
  .map(([a, args]) => `${a}(${args.map(([n, v]) => `${n}:${v}`).join(', ')})`);
const hex = fc.uint8Array({ maxLength: 80 }).map((b) => Buffer.from(b).toString('hex'));
const line = fc.oneof(
  fc
    .tuple(word, fc.option(fc.integer({ min: -1, max: 20 })), fc.array(key, { maxLength: 3 }), call)
    .map(([t, p, ks, c]) => `add ${t}${p === null ? '' : ` ${p}`} ${ks.join(' ')} ${c}`),
  fc.tuple(word, call).map(([t, c]) => `setdefault ${t} ${c}`),
  fc.tuple(fc.integer({ min: -1, max: 600 }), hex).map(([p, h]) => `packet ${p} ${h}`),
  fc
    .tuple(fc.integer({ min: 0, max: 600 }), fc.stringMatching(/^[0-9a-f*]{0,40}\$?$/))
    .map(([p, h]) => `expect ${p} ${h}`),
  fc
    .tuple(word, num, fc.constantFrom('packets', 'bytes', 'x'), fc.constantFrom('==', '<', '>=', '~'), num)
    .map(([c, i, f, op, v]) => `check_counter ${c}(${i}) ${f} ${op} ${v}`),
  fc.tuple(word, num, num).map(([r, i, v]) => `register_write ${r} ${i} ${v}`),
  fc
    .tuple(word, num, fc.option(num))
    .map(([r, i, v]) => `register_read ${r} ${i}${v === null ? '' : ` ${v}`}`),
  fc.tuple(num, num).map(([s, p]) => `mirroring_add ${s} ${p}`),
  // The simple_switch_CLI commands p4c's runner passes through.
  fc
    .tuple(fc.constantFrom('mirroring_add_mc', 'mirroring_delete', 'mirroring_get'), num, num)
    .map(([c, s, g]) => `${c} ${s} ${g}`),
  fc.tuple(num, fc.array(num, { maxLength: 4 })).map(([n, ps]) => `mc_node_update ${n} ${ps.join(' ')}`),
  fc.tuple(word).map(([r]) => `register_reset ${r}`),
  fc
    .tuple(fc.constantFrom('counter_read', 'meter_get_rates'), word, num)
    .map(([c, w, i]) => `${c} ${w} ${i}`),
  fc.tuple(word, num, num, num).map(([c, i, p, b]) => `counter_write ${c} ${i} ${p} ${b}`),
  fc
    .tuple(
      fc.constantFrom('meter_set_rates', 'meter_array_set_rates'),
      word,
      num,
      fc.array(
        fc.tuple(
          fc.oneof(
            fc.stringMatching(/^\d{1,8}(\.\d{0,8})?$/),
            fc.constantFrom('1e9', 'inf', '-1', '.5', '9'.repeat(40)),
          ),
          num,
        ),
        { maxLength: 3 },
      ),
    )
    .map(([c, m, i, rs]) => `${c} ${m} ${i} ${rs.map(([r, b]) => `${r}:${b}`).join(' ')}`),
  fc.constantFrom(
    'wait',
    'remove all',
    '# comment',
    '',
    'mc_mgrp_create 1',
    'mc_node_create 0 1 2',
    'mc_node_associate 1 0',
  ),
  fc.string({ maxLength: 30 }),
);
const randomFile = fc.array(line, { maxLength: 12 }).map((ls) => ls.join('\n'));
const mutatedSuite = fc
  .tuple(fc.constantFrom(...SUITE), fc.array(fc.tuple(fc.nat(), line), { minLength: 1, maxLength: 3 }))
  .map(([lines, edits]) => {
    const out = [...lines];
    for (const [at, l] of edits) out[at % out.length] = l;
    return out.join('\n');
  });

describe('STF fuzzing: random and mutated files into the parser and the runner on mlt.p4', function () {
  this.timeout(60_000);
  let sw: Switch;
  before(() => {
    sw = loadSwitch(`${ROOT}p4/mlt.p4`);
  });

  const property = (text: string): void => {
    const t0 = Date.now();
    let commands;
    try {
      commands = parseStf(text);
    } catch (e) {
      assert.ok(e instanceof StfSyntaxError, `parser threw ${String(e)}`);
      assert.match(e.message, /^line \d+: /);
      return;
    }
    // A located error (StfError, or the control plane's refusal, both naming the line) or a result;
    // anything else is a bug of the runner or the engine.
    try {
      const r = runCommands(sw, commands, 'fuzz.stf');
      assert.ok(['pass', 'fail', 'error'].includes(r.status));
    } catch (e) {
      assert.ok(e instanceof StfError || e instanceof ControlPlaneError, `runner threw ${String(e)}`);
      assert.match(e.message, /^line \d+: /);
    }
    assert.ok(Date.now() - t0 < 5000, 'took too long');
    for (const e of sw.readEntries()) sw.deleteEntry(e);
  };

  it('random files', () => {
    fc.assert(fc.property(randomFile, property), { numRuns: 300 });
  });

  it('the bmv2-tests suite with lines replaced', () => {
    fc.assert(fc.property(mutatedSuite, property), { numRuns: 150 });
  });
});
