// The runs of an experiment on worker threads, N at a time. Runs are independent (each builds its own fabric,
// seeded by the experiment), so a run's result is the same whichever thread runs it and whatever runs beside
// it; results come back in the runs' order.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SwitchPushResult } from '../../controller/push/index.js';
import type { Experiment } from './config.js';
import { PushFailed } from './fabric.js';
import type { RunResult, RunSpec } from './run.js';

/** How long a worker told to stop may take to exit by itself. */
const STOP_GRACE_MS = 10_000;

/** What every worker gets when it starts. */
export interface WorkerSetup {
  exp: Experiment;
  iterations: number | undefined;
}

/** What a worker is started with: the setup, and a flag the pool raises to have its current run abandoned. */
export interface WorkerData extends WorkerSetup {
  abandon: Int32Array;
}

/** A run for a worker (`index` is the run's place in the experiment), or the word to stop once it is idle. */
export type ToWorker = { kind: 'run'; index: number; spec: RunSpec } | { kind: 'stop' };

export type FromWorker =
  | { kind: 'progress'; index: number; done: number }
  | { kind: 'result'; index: number; result: RunResult }
  | { kind: 'push-failed'; index: number; results: SwitchPushResult[] }
  | { kind: 'error'; index: number; message: string; stack: string | undefined };

export interface PoolCallbacks {
  onRunStart?: (index: number) => void;
  onRunDone?: (index: number, result: RunResult) => void;
  onProgress?: (index: number, iterationsDone: number) => void;
}

/** Run `specs` on `jobs` worker threads; rejects with the first failure (PushFailed as in a serial run). */
export function runInWorkers(
  setup: WorkerSetup,
  specs: readonly RunSpec[],
  jobs: number,
  callbacks: PoolCallbacks = {},
): Promise<RunResult[]> {
  return new Promise((resolve, reject) => {
    const results: RunResult[] = [];
    const workers: Worker[] = [];
    /** Workers told to stop because no run was left for them, and workers that have exited. */
    const retired = new Set<Worker>();
    const exited = new Set<Worker>();
    let next = 0;
    let finished = 0;
    let settled = false;
    let done: RunResult[] | undefined;
    const abandon = new Int32Array(new SharedArrayBuffer(4));
    // An idle worker is told to stop and exits by itself once its P4Runtime channels and servers have closed:
    // terminate() while HTTP/2 data is still arriving can abort the whole process inside Node
    // ("Assertion failed: onread->IsFunction()"). The results are given once every worker has exited.
    const retire = (w: Worker): void => {
      if (retired.has(w)) return;
      retired.add(w);
      w.postMessage({ kind: 'stop' } satisfies ToWorker);
      // Should something keep the thread alive, it is stopped anyway, long after any channel has closed.
      setTimeout(() => void w.terminate(), STOP_GRACE_MS).unref();
    };
    const end = (err?: Error): void => {
      if (settled) return;
      settled = true;
      if (err) {
        // A failed run: the others abandon theirs at their next progress check and exit as an idle worker
        // does, their channels closed (never terminate() one that may be pushing over P4Runtime: see retire).
        Atomics.store(abandon, 0, 1);
        for (const w of workers) retire(w);
        reject(err);
        return;
      }
      done = results;
      for (const w of workers) retire(w);
      if (exited.size === workers.length) resolve(done);
    };
    const assign = (w: Worker): void => {
      if (next >= specs.length) return retire(w);
      const index = next++;
      callbacks.onRunStart?.(index);
      w.postMessage({ kind: 'run', index, spec: specs[index]! } satisfies ToWorker);
    };
    const count = Math.max(1, Math.min(jobs, specs.length));
    for (let i = 0; i < count && !settled; i++) {
      const w = startWorker({ ...setup, abandon });
      workers.push(w);
      w.on('message', (m: FromWorker) => {
        if (settled) return;
        switch (m.kind) {
          case 'progress':
            callbacks.onProgress?.(m.index, m.done);
            return;
          case 'result':
            results[m.index] = m.result;
            callbacks.onRunDone?.(m.index, m.result);
            if (++finished === specs.length) end();
            else assign(w);
            return;
          case 'push-failed':
            end(new PushFailed(m.results));
            return;
          case 'error': {
            const err = new Error(m.message);
            if (m.stack !== undefined) err.stack = m.stack;
            end(err);
            return;
          }
        }
      });
      w.on('error', (err) => end(err));
      w.on('exit', (code) => {
        exited.add(w);
        if (!retired.has(w) && code !== 0)
          end(new Error(`an experiment worker thread exited with status ${code}`));
        else if (done && exited.size === workers.length) resolve(done);
      });
      assign(w);
    }
  });
}

/**
 * A worker running worker.ts. Compiled (dist/), that is worker.js. From TypeScript source (tests, `tsx`), Node 20
 * does not pass `--import tsx` on to worker threads, so the worker registers tsx's loader itself first.
 */
function startWorker(setup: WorkerData): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./worker.js', here), { workerData: setup });
  const entry = new URL('./worker.ts', here).href;
  const boot = `import(${JSON.stringify(tsxApi(here))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true, workerData: setup });
}

/** The ES module of tsx's `tsx/esm/api`, found from `from` (code a worker evaluates has no location to resolve
 *  from, and require.resolve would give the CommonJS one, which cannot register the loader in a worker). */
function tsxApi(from: string): string {
  const require = createRequire(from);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as { exports: Record<string, { import: { default: string } }> };
  return new URL(exports['./esm/api']!.import.default, pathToFileURL(manifest)).href;
}
