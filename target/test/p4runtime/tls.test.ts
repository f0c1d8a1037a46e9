import { strict as assert } from 'node:assert';
import * as grpc from '@grpc/grpc-js';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { P4RuntimeClient, P4RuntimeError } from 'p4runtime-ts';
import { engineLoader } from '../../p4runtime/engine-loader.js';
import { startP4RuntimeServer, type RunningP4RuntimeServer } from '../../p4runtime/server.js';

describe('p4runtime-ts over TLS', () => {
  let dir: string;
  let cert: Buffer;
  let server: RunningP4RuntimeServer;

  before(async function () {
    dir = mkdtempSync(join(tmpdir(), 'p4rt-tls-'));
    try {
      // A self-signed certificate for the loopback address, made fresh for this run.
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=DNS:localhost,IP:127.0.0.1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
    } catch {
      this.skip();
    }
    cert = readFileSync(join(dir, 'cert.pem'));
    server = await startP4RuntimeServer({
      address: '127.0.0.1:0',
      loader: engineLoader(),
      credentials: grpc.ServerCredentials.createSsl(null, [
        { cert_chain: cert, private_key: readFileSync(join(dir, 'key.pem')) },
      ]),
    });
  });

  after(async () => {
    await server?.stop(200);
    rmSync(dir, { recursive: true, force: true });
  });

  it('connects with the server certificate as root and arbitrates', async () => {
    const c = new P4RuntimeClient({
      address: server.address,
      tls: { rootCerts: cert },
      reconnect: false,
      // SNI must be a host name; the certificate also names localhost.
      channelOptions: { 'grpc.ssl_target_name_override': 'localhost' },
    });
    try {
      assert.match(await c.capabilities(), /^1\./);
      assert.equal((await c.connect()).primary, true);
    } finally {
      c.close();
    }
  });

  it('fails to talk plaintext to a TLS server', async () => {
    const c = new P4RuntimeClient({ address: server.address, reconnect: false });
    try {
      await assert.rejects(c.capabilities(), (e: P4RuntimeError) => e.code === grpc.status.UNAVAILABLE);
    } finally {
      c.close();
    }
  });
});
