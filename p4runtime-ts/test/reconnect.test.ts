import { strict as assert } from 'node:assert';
import { createServer } from 'node:net';
import { status } from '@grpc/grpc-js';
import { P4RuntimeClient } from '../src/client.js';
import { P4RuntimeError } from '../src/errors.js';

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('P4RuntimeClient reconnect backoff', () => {
  it('retries with growing delays up to maxAttempts when the server is unreachable', async () => {
    const port = await closedPort();
    const c = new P4RuntimeClient({
      address: `127.0.0.1:${port}`,
      reconnect: { initialDelayMs: 10, factor: 2, maxDelayMs: 35, maxAttempts: 3 },
    });
    const attempts: { attempt: number; delayMs: number }[] = [];
    c.on('reconnecting', (a) => attempts.push(a));
    let downs = 0;
    c.on('disconnected', () => downs++);
    try {
      await assert.rejects(c.connect(), (e: P4RuntimeError) => e.code === status.UNAVAILABLE);
      // Initial failure plus three retries, then it gives up.
      const deadline = Date.now() + 5000;
      while (downs < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 150));
      assert.deepEqual(attempts, [
        { attempt: 1, delayMs: 10 },
        { attempt: 2, delayMs: 20 },
        { attempt: 3, delayMs: 35 },
      ]);
      assert.equal(downs, 4);
    } finally {
      c.close();
    }
  });

  it('does not retry after close()', async () => {
    const port = await closedPort();
    const c = new P4RuntimeClient({ address: `127.0.0.1:${port}`, reconnect: { initialDelayMs: 10 } });
    let attempts = 0;
    c.on('reconnecting', () => attempts++);
    await assert.rejects(c.connect());
    c.close();
    const seen = attempts;
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(attempts, seen);
  });
});
