// gRPC keepalive (issue 14): a primary whose process freezes keeps its TCP connection open but answers no
// HTTP/2 ping; the server closes the connection after the keepalive timeout, the primary's stream ends,
// and the backup with the next highest election id becomes primary.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import {
  closeClients,
  compiledP4Info,
  DEVICE_ID,
  newClient,
  once,
  PROGRAM_SOURCE,
  startServer,
} from './harness.js';

const CHILD = fileURLToPath(new URL('./fixtures/primary-then-freeze.ts', import.meta.url));

describe('P4Runtime server: keepalive takes the role from a silent primary', function () {
  this.timeout(60_000);
  let server: RunningP4RuntimeServer;
  before(async () => {
    server = await startServer(false, { keepaliveTimeMs: 500, keepaliveTimeoutMs: 500 });
  });
  after(async () => {
    closeClients();
    await server.stop(500);
  });

  it('a frozen primary loses its role to the backup after the keepalive timeout', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=development', CHILD, server.address, String(DEVICE_ID), '50'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      const said = await new Promise<string>((resolve, reject) => {
        child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
        child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
      });
      assert.equal(said, 'primary');
      const backup = newClient(server, { electionId: 20n });
      assert.equal((await backup.connect()).primary, false);
      const promoted = once(backup, 'primary', 30_000);
      const frozenAt = Date.now();
      child.kill('SIGSTOP');
      await promoted;
      const tookMs = Date.now() - frozenAt;
      // keepalive time + timeout is 1 s; allow for a loaded machine, but not for "never".
      assert.ok(tookMs < 25_000, `took ${tookMs} ms`);
      // The server agrees: the new primary may push a pipeline (a backup would get PERMISSION_DENIED).
      await backup.setPipeline({ p4info: compiledP4Info(), deviceConfig: Buffer.from(PROGRAM_SOURCE) });
    } finally {
      child.kill('SIGKILL');
    }
  });
});
