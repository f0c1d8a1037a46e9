// A worker thread of `mlt experiment --jobs N`: runs the runs the main thread hands it, one at a time, and
// posts back each run's progress and result (see pool.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { PushFailed } from './fabric.js';
import type { FromWorker, ToWorker, WorkerData } from './pool.js';
import { runOne } from './run.js';

const port = parentPort;
if (port === null) throw new Error('cli/experiment/worker runs as a worker thread of the experiment pool');
const { exp, iterations, abandon } = workerData as WorkerData;
const post = (m: FromWorker): void => port.postMessage(m);

port.on('message', (m: ToWorker) => {
  // With the port closed and its runs' channels and servers shut, nothing keeps the thread alive: it exits.
  if (m.kind === 'stop') return port.close();
  const { index, spec } = m;
  runOne(exp, spec, {
    iterations,
    onProgress: (done) => post({ kind: 'progress', index, done }),
    // Read while the simulation runs, when no message can arrive: the pool sets it once another run failed.
    abandoned: () => Atomics.load(abandon, 0) !== 0,
  }).then(
    (result) => post({ kind: 'result', index, result }),
    (err: unknown) =>
      post(
        err instanceof PushFailed
          ? { kind: 'push-failed', index, results: err.results }
          : {
              kind: 'error',
              index,
              message: err instanceof Error ? err.message : String(err),
              stack: err instanceof Error ? err.stack : undefined,
            },
      ),
  );
});
