import { strict as assert } from 'node:assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { P4RuntimeClient } from 'p4runtime-ts';
import { readPcap } from '../../target/pcap/index.js';
import { PROGRAM_PATH } from '../../target/test/p4runtime/harness.js';

const MLT = fileURLToPath(new URL('../mlt.ts', import.meta.url));

function startTarget(
  args: string[],
  stdin: 'ignore' | 'pipe' = 'ignore',
): {
  child: ChildProcess;
  address: Promise<string>;
  exit: Promise<number | null>;
  stderr: () => string;
} {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=development', MLT, 'target', ...args],
    {
      stdio: [stdin, 'pipe', 'pipe'],
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
  // 'close', not 'exit': by then the child's stderr has been read to its end.
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, address, exit, stderr: () => err };
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
    // Numbers as an operator writes them: decimal, and none that leaves a server refusing every request.
    for (const [flag, value] of [
      ['--cpu-port', '0x1f'],
      ['--device-id', ''],
      ['--max-batch', '0'],
      ['--max-message-mib', '0'],
    ] as const) {
      const t = startTarget(['--p4', PROGRAM_PATH, '--grpc', '127.0.0.1:0', flag, value]);
      assert.equal(await t.exit, 2, `${flag} ${value}`);
      assert.match(
        t.stderr(),
        new RegExp(`${flag} <n>' argument '${value}' is invalid\\. expected an integer`),
      );
    }
  });

  it('--pcap writes each frame a PacketOut sends out of a port as it leaves, stamped with the wall clock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mlt-target-pcap-'));
    const caps = join(dir, 'caps');
    const t = startTarget(['--p4', PROGRAM_PATH, '--grpc', '127.0.0.1:0', '--pcap', caps]);
    try {
      const address = await t.address;
      const c = new P4RuntimeClient({ address, deviceId: 0, electionId: 1n, reconnect: false });
      try {
        await c.connect();
        await c.fetchP4Info();
        const before = Math.floor(Date.now() / 1000);
        // pktio.p4 sends a PacketOut out of the port its packet_out header names.
        const frame = Buffer.from('0000000012340000000000010800' + 'ab'.repeat(46), 'hex');
        c.packetOut(frame, { egress_port: 7 });
        c.packetOut(frame, { egress_port: 7 });
        c.packetOut(frame, { egress_port: 3 });
        const file = join(caps, 'port7_out.pcap');
        // Written through as they leave: readable while the target runs.
        for (let i = 0; i < 100 && !(existsSync(file) && readPcap(readFileSync(file)).length === 2); i++)
          await new Promise((r) => setTimeout(r, 50));
        const frames = readPcap(readFileSync(file));
        assert.equal(frames.length, 2);
        assert.deepEqual(Buffer.from(frames[0]!.data), frame);
        const after = Math.ceil(Date.now() / 1000);
        for (const f of frames) assert.ok(f.seconds >= before && f.seconds <= after, `${f.seconds} s`);
        assert.ok(frames[0]!.nanoseconds < 1e9);
      } finally {
        c.close();
      }
      t.child.kill('SIGTERM');
      assert.equal(await t.exit, 0);
      assert.deepEqual(readdirSync(caps).sort(), ['port3_out.pcap', 'port7_out.pcap']);
      assert.equal(readPcap(readFileSync(join(caps, 'port3_out.pcap'))).length, 1);

      const bad = startTarget(['--p4', PROGRAM_PATH, '--grpc', '127.0.0.1:0', '--pcap', PROGRAM_PATH]);
      assert.equal(await bad.exit, 2);
    } finally {
      t.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--commands runs simple_switch_CLI port commands from standard input, and says why it refuses one', async () => {
    const t = startTarget(['--p4', PROGRAM_PATH, '--grpc', '127.0.0.1:0', '--commands'], 'pipe');
    try {
      await t.address;
      t.child.stdin!.write('port_remove 7\nport_up 7\nport_add veth7 7\n');
      for (let i = 0; i < 100 && !/port 7 up/.test(t.stderr()); i++)
        await new Promise((r) => setTimeout(r, 50));
      assert.match(
        t.stderr(),
        /\[target\] port 7 down\n\[target\] error: unknown command 'port_up'[^\n]*\n\[target\] port 7 up\n/,
      );
      // Standard input left open: SIGTERM still stops the target.
      t.child.kill('SIGTERM');
      assert.equal(await t.exit, 0);
    } finally {
      t.child.kill('SIGKILL');
    }
  });
});
