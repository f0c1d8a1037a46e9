import { strict as assert } from 'node:assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { P4RuntimeClient } from 'p4runtime-ts';
import { PROGRAM_PATH } from '../../target/test/p4runtime/harness.js';

const MLT = fileURLToPath(new URL('../mlt.ts', import.meta.url));

function startTarget(args: string[]): {
  child: ChildProcess;
  address: Promise<string>;
  exit: Promise<number | null>;
} {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=development', MLT, 'target', ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  const address = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', () => reject(new Error(`target exited early: ${err}`)));
  });
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  // Tests that expect an early exit never await the address.
  address.catch(() => {});
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, address, exit };
}

describe('mlt target', () => {
  it('serves the given program over P4Runtime and stops cleanly on SIGTERM', async () => {
    const t = startTarget(['--p4', PROGRAM_PATH, '--grpc', '127.0.0.1:0', '--device-id', '3']);
    try {
      const address = await t.address;
      const c = new P4RuntimeClient({ address, deviceId: 3, electionId: 1n, reconnect: false });
      try {
        assert.equal((await c.connect()).primary, true);
        const p4info = await c.fetchP4Info();
        assert.equal(p4info.tables.length, 3);
        await c.insert({ table: 'dmac', match: { 'hdr.ethernet.dst_addr': 1 }, action: { name: 'drop' } });
        assert.equal((await c.readTableEntries('dmac')).length, 1);
      } finally {
        c.close();
      }
      t.child.kill('SIGTERM');
      assert.equal(await t.exit, 0);
    } finally {
      t.child.kill('SIGKILL');
    }
  });

  it('refuses a non-loopback address (exit 2, as for any bad input) and a program that does not compile', async () => {
    const remote = startTarget(['--p4', PROGRAM_PATH, '--grpc', '0.0.0.0:9559']);
    assert.equal(await remote.exit, 2);
    const bad = startTarget(['--p4', fileURLToPath(import.meta.url), '--grpc', '127.0.0.1:0']);
    assert.equal(await bad.exit, 2);
  });
});
