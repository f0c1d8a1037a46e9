// Pipelines pushed over P4Runtime compile in a sandbox (issue 14): only the target's core.p4/v1model.p4 and
// files under the operator's include directories can be included; a refusal reads the same whether the
// file exists or not and never quotes it; a FIFO is never opened for a blocking read.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { status } from '@grpc/grpc-js';
import { P4RuntimeError, type P4RuntimeClient } from 'p4runtime-ts';
import { compileP4 } from '../../compiler/index.js';
import { engineLoader } from '../../p4runtime/engine-loader.js';
import { startP4RuntimeServer, type RunningP4RuntimeServer } from '../../p4runtime/server.js';
import { closeClients, compiledP4Info, CPU_PORT, DEVICE_ID, newClient, PROGRAM_SOURCE } from './harness.js';

const SECRET = 'SECRET_TOKEN_4711';

describe('P4Runtime server: the include sandbox of pushed pipelines', () => {
  let root: string;
  let allowed: string;
  let outside: string;
  let server: RunningP4RuntimeServer;
  let c: P4RuntimeClient;

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'mlt-sandbox-'));
    allowed = join(root, 'allowed');
    outside = join(root, 'outside');
    mkdirSync(allowed);
    mkdirSync(outside);
    // A file the server can read but no client may: its first token would show in a parse error.
    writeFileSync(join(outside, 'secret.p4'), `${SECRET} = 1;\n`);
    writeFileSync(join(allowed, 'consts.p4'), 'const bit<9> LIB_PORT = 9w7;\n');
    symlinkSync(join(outside, 'secret.p4'), join(allowed, 'link.p4'));
    execFileSync('mkfifo', [join(allowed, 'fifo.p4')]);
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  beforeEach(async () => {
    server = await startP4RuntimeServer({
      address: '127.0.0.1:0',
      deviceId: DEVICE_ID,
      cpuPort: CPU_PORT,
      loader: engineLoader({ cpuPort: CPU_PORT, includeDirs: [allowed] }),
    });
    c = newClient(server, { electionId: 5n });
    assert.equal((await c.connect()).primary, true);
  });
  afterEach(async () => {
    closeClients();
    await server.stop(500);
  });

  /** Push `PROGRAM_SOURCE` with `line` in front; resolve with the refusal's message. */
  async function refusal(line: string): Promise<string> {
    const source = `${line}\n${PROGRAM_SOURCE}`;
    try {
      await c.setPipeline({ p4info: compiledP4Info(), deviceConfig: Buffer.from(source) });
    } catch (e) {
      assert.ok(e instanceof P4RuntimeError, String(e));
      assert.equal(e.code, status.INVALID_ARGUMENT);
      return e.details;
    }
    throw new Error(`pushing a program with ${line} succeeded`);
  }

  it('includes core.p4, v1model.p4 and files under an allowed directory', async () => {
    const source = `#include "consts.p4"\n${PROGRAM_SOURCE}`;
    const r = await c.setPipeline({ p4info: compiledP4Info(), deviceConfig: Buffer.from(source) });
    assert.equal(r.pushed, true);
  });

  it('refuses a readable file outside, a missing one, a symlink out and a ../ escape with one message', async () => {
    const cases = [
      join(outside, 'secret.p4'),
      join(outside, 'missing.p4'),
      'link.p4',
      '../outside/secret.p4',
      '/etc/passwd',
      '/etc/no-such-file',
    ];
    const messages: string[] = [];
    for (const target of cases) {
      const m = await refusal(`#include "${target}"`);
      assert.ok(!m.includes(SECRET), m);
      assert.ok(!m.includes('root:'), m);
      messages.push(m.replace(target, '<target>'));
    }
    assert.equal(new Set(messages).size, 1, messages.join('\n'));
    assert.match(messages[0]!, /only core\.p4, v1model\.p4 and files in the operator's include directories/);
  });

  it('never opens a FIFO, even inside an allowed directory (the server keeps serving)', async () => {
    const m = await refusal('#include "fifo.p4"');
    assert.equal(m, (await refusal('#include "nothing-here.p4"')).replace('nothing-here.p4', 'fifo.p4'));
    assert.equal((await c.capabilities()).length > 0, true);
  });

  it('the same sandbox holds for the program given at start-up', () => {
    const load = engineLoader({ cpuPort: CPU_PORT, includeDirs: [allowed] });
    assert.throws(
      () => load(`#include "${join(outside, 'secret.p4')}"\n${PROGRAM_SOURCE}`, 'initial.p4'),
      (e: Error) => !e.message.includes(SECRET) && /operator's include directories/.test(e.message),
    );
  });

  it('outside a sandbox (mlt compile) a FIFO is refused as not a regular file instead of blocking', () => {
    const r = compileP4({ path: 'main.p4', text: `#include "${join(allowed, 'fifo.p4')}"\n` });
    assert.equal(r.ok, false);
    assert.match(r.diagnostics[0]?.message ?? '', /not a regular file/);
  });
});
