// Demo step: a controller drives an embedded switch over P4Runtime, exactly as it would drive
// simple_switch_grpc. The switch runs as its own process (`mlt target`), so nothing here reaches into it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { P4RuntimeClient, WriteError, codeName, type Update } from 'p4runtime-ts';
import { loadSolveConfig } from '../controller/config/index.js';
import { solve } from '../controller/solver/index.js';
import { installedThreshold } from '../controller/policy/index.js';

const PORTS = [1, 2, 3, 4];

/** DSCP class selector CS(q) = 8q marks traffic for queue q (MLT senders set DSCP from the layer). */
const dscpForQueue = (q: number): number => 8 * q;

async function startTarget(
  mltArgs: string[],
  root: string,
): Promise<{ address: string; stop: () => Promise<number> }> {
  process.stdout.write(`$ mlt ${mltArgs.join(' ')} &\n`);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=development', 'cli/mlt.ts', ...mltArgs],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.setEncoding('utf8');
  const address = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`mlt target exited with ${code}: ${out}`)));
  });
  process.stdout.write(`${out.trimEnd().replace(/^/gm, '  ')}\n`);
  return {
    address,
    stop: async () => {
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      return code ?? -1;
    },
  };
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

export async function p4runtimeSession(root: string): Promise<boolean> {
  const target = await startTarget(['target', '--p4', 'p4/mlt.p4', '--grpc', '127.0.0.1:0'], root);
  const controller = new P4RuntimeClient({ address: target.address, electionId: 10n, reconnect: false });
  const backup = new P4RuntimeClient({ address: target.address, electionId: 5n, reconnect: false });
  let ok = true;
  try {
    say(
      `controller: P4Runtime ${await controller.capabilities()}, primary: ${(await controller.connect()).primary}`,
    );
    const p4info = await controller.fetchP4Info();
    say(`controller: pipeline has ${p4info.tables.length} tables, ${p4info.counters.length} counters`);

    // The thresholds come from the solver, for the port profile of configs/solve-resnet50.yaml.
    const solution = solve(loadSolveConfig('configs/solve-resnet50.yaml').problem, { model: 'exact' });
    const data = solution.queues.filter((q) => q.role === 'data');
    const updates: Update[] = [];
    for (const q of data)
      updates.push(
        controller.update(
          'INSERT',
          controller.codec.tableEntity({
            table: 'MLTIngress.dscp_to_priority',
            match: { 'hdr.ipv4.dscp': dscpForQueue(q.queue) },
            action: { name: 'MLTIngress.set_priority', params: { priority: q.queue } },
          }),
        ),
      );
    for (const port of PORTS)
      for (const q of data)
        updates.push(
          controller.update(
            'INSERT',
            controller.codec.tableEntity({
              table: 'MLTEgress.queue_thresholds',
              match: { 'standard_metadata.egress_port': port, 'standard_metadata.priority': q.queue },
              action: {
                name: 'MLTEgress.set_thresholds',
                params: { s_threshold: installedThreshold(q.S), l_threshold: installedThreshold(q.L) },
              },
            }),
          ),
        );
    await controller.write(updates, 'ROLLBACK_ON_ERROR');
    say(
      `controller: installed ${updates.length} entries in one atomic batch (DSCP map + S/L on ports ${PORTS.join(',')})`,
    );

    const installed = await controller.readTableEntries('MLTEgress.queue_thresholds');
    say(
      'controller: read back MLTEgress.queue_thresholds for port 1 (enq_qdepth limits: model T installed as T - 1):',
    );
    say('  queue     S     L');
    for (const e of installed) {
      const port = e.match['standard_metadata.egress_port'];
      const prio = e.match['standard_metadata.priority'];
      if (port?.kind !== 'exact' || port.value !== 1n || prio?.kind !== 'exact') continue;
      const p = e.action?.params ?? {};
      say(
        `  ${String(prio.value).padStart(5)} ${String(p.s_threshold).padStart(5)} ${String(p.l_threshold).padStart(5)}`,
      );
    }
    ok &&= installed.length === PORTS.length * data.length;

    // The spec's answers to two common mistakes: a duplicate insert, and a write from a backup controller.
    try {
      await controller.write([updates[0]]);
      ok = false;
    } catch (e) {
      const code = e instanceof WriteError ? codeName(e.failed[0]?.canonical_code ?? -1) : String(e);
      say(`controller: inserting the same DSCP entry again -> ${code}`);
      ok &&= code === 'ALREADY_EXISTS';
    }
    say(`backup (election id 5): primary: ${(await backup.connect()).primary}`);
    try {
      await backup.write([updates[0]]);
      ok = false;
    } catch (e) {
      const code = e instanceof Error && 'code' in e ? codeName(e.code as number) : String(e);
      say(`backup: write -> ${code}`);
      ok &&= code === 'PERMISSION_DENIED';
    }
  } finally {
    backup.close();
    controller.close();
    const code = await target.stop();
    say(`$ kill -TERM %1   (mlt target exited with status ${code})`);
    ok &&= code === 0;
  }
  return ok;
}
