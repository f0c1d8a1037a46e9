// P4Runtime throughput against the embedded target over loopback: table entries written per second with
// batches of 1, 100 and 1000 updates per Write, and entries read back per second with one streamed Read.
// Usage: node --import tsx --conditions=development scripts/bench-p4runtime.ts [--entries N] [--batches 1,100,1000]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { P4RuntimeClient, type Update } from 'p4runtime-ts';
import { loadSwitch } from '../target/engine/index.js';
import { compileP4 } from '../target/compiler/index.js';
import type { FieldMatch } from '../target/engine/control-plane-api.js';
import { engineLoader } from '../target/p4runtime/engine-loader.js';
import { startP4RuntimeServer } from '../target/p4runtime/server.js';

const PROGRAM = fileURLToPath(new URL('../target/test/p4runtime/programs/pktio.p4', import.meta.url));
const argIndex = process.argv.indexOf('--entries');
const ENTRIES = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 20000;
const batchIndex = process.argv.indexOf('--batches');
const BATCHES = batchIndex > 0 ? (process.argv[batchIndex + 1] ?? '').split(',').map(Number) : [1, 100, 1000];

function inserts(client: P4RuntimeClient, count: number): Update[] {
  const out: Update[] = [];
  for (let i = 1; i <= count; i++) {
    out.push({
      type: 'INSERT',
      entity: client.codec.tableEntity({
        table: 'MyIngress.ipv4_lpm',
        match: { 'hdr.ipv4.dst_addr': { value: BigInt(i) << 8n, prefixLen: 24 } },
        action: { name: 'MyIngress.forward', params: { port: i % 512 } },
      }),
    });
  }
  return out;
}

const source = readFileSync(PROGRAM, 'utf8');
const compiled = compileP4({ path: PROGRAM, text: source });
if (!compiled.ok) throw new Error('benchmark program does not compile');

const rows: string[] = [];
for (const batch of BATCHES) {
  // A fresh server per run, so every run starts from an empty table.
  const server = await startP4RuntimeServer({ address: '127.0.0.1:0', deviceId: 1, loader: engineLoader() });
  const client = new P4RuntimeClient({
    address: server.address,
    deviceId: 1,
    electionId: 1n,
    reconnect: false,
  });
  await client.connect();
  await client.setPipeline({ p4info: compiled.p4info, deviceConfig: Buffer.from(source) });
  // Batches of one are slow by nature (one round trip each); a smaller count keeps the run short.
  const count = batch === 1 ? Math.min(ENTRIES, 5000) : ENTRIES;
  const updates = inserts(client, count);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await client.writeBatched(updates, batch);
  const writeS = (performance.now() - t0) / 1000;
  // Client and server share this process: CPU time is what the pair costs, whatever else the machine runs.
  const c1 = process.cpuUsage(c0);
  const writeCpu = (c1.user + c1.system) / 1e6;
  const t1 = performance.now();
  const read = await client.readAll([client.codec.tableReadEntity('MyIngress.ipv4_lpm')]);
  const readS = (performance.now() - t1) / 1000;
  if (read.length !== count) throw new Error(`read ${read.length} entries, wrote ${count}`);
  rows.push(
    `batch ${String(batch).padStart(4)}: wrote ${count} entries in ${writeS.toFixed(2)} s = ${Math.round(count / writeS)} entries/s ` +
      `(${Math.round(count / writeCpu)} per CPU-second); ` +
      `read back in ${readS.toFixed(2)} s = ${Math.round(count / readS)} entries/s`,
  );
  client.close();
  await server.stop(200);
}
console.log('P4Runtime over loopback (embedded target, table MyIngress.ipv4_lpm, lpm key + 1 param):');
for (const r of rows) console.log('  ' + r);

// The engine alone, without gRPC or codecs: what Switch.insertEntry/deleteEntry cost per entry.
const sw = loadSwitch(PROGRAM);
const table = sw.p4info.tables.find((t) => t.preamble.name === 'MyIngress.ipv4_lpm')!;
const fwd = sw.p4info.actions.find((a) => a.preamble.name === 'MyIngress.forward')!;
const keyOf = (i: number): Map<number, FieldMatch> =>
  new Map([[table.match_fields[0].id, { kind: 'lpm', value: BigInt(i) << 8n, prefixLen: 24 }]]);
const perCpu = (n: number, f: () => void): number => {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return Math.round(n / ((c.user + c.system) / 1e6));
};
const engineRows: string[] = [];
for (let round = 0; round < 3; round++) {
  const ins = perCpu(ENTRIES, () => {
    for (let i = 1; i <= ENTRIES; i++)
      sw.insertEntry({
        tableId: table.preamble.id,
        match: keyOf(i),
        priority: 0,
        action: { actionId: fwd.preamble.id, params: new Map([[fwd.params[0].id, BigInt(i % 512)]]) },
      });
  });
  const del = perCpu(ENTRIES, () => {
    for (let i = 1; i <= ENTRIES; i++)
      sw.deleteEntry({ tableId: table.preamble.id, match: keyOf(i), priority: 0 });
  });
  engineRows.push(`${ins} inserts, ${del} deletes`);
}
console.log(`Engine alone (Switch.insertEntry/deleteEntry, ${ENTRIES} entries, per CPU-second, 3 rounds):`);
for (const r of engineRows) console.log('  ' + r);
