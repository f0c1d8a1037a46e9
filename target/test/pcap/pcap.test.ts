// The capture file format: what PcapWriter writes, read back field by field and by readPcap.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PcapDir, PcapWriter, readPcap, SNAPLEN } from '../../pcap/index.js';

describe('pcap files', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mlt-pcap-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the libpcap header: nanosecond magic, version 2.4, snaplen 65535, Ethernet', () => {
    const path = join(dir, 'empty.pcap');
    new PcapWriter(path).close();
    const b = readFileSync(path);
    assert.equal(b.length, 24);
    assert.equal(b.readUInt32LE(0), 0xa1b23c4d);
    assert.deepEqual([b.readUInt16LE(4), b.readUInt16LE(6)], [2, 4]);
    assert.equal(b.readUInt32LE(16), 65535);
    assert.equal(b.readUInt32LE(20), 1);
    assert.deepEqual(readPcap(b), []);
  });

  it('keeps frames, their order and their nanosecond timestamps across many buffer flushes', () => {
    const path = join(dir, 'many.pcap');
    const w = new PcapWriter(path);
    const frames: { t: number; data: Uint8Array }[] = [];
    // 3,000 frames of 60..1559 bytes: about 2.4 MB, many times the writer's buffer.
    for (let i = 0; i < 3000; i++) {
      const data = new Uint8Array(60 + (i % 1500)).map((_, j) => (i + j) & 0xff);
      const t = i * 1_234_567 + 3; // crosses whole seconds: seconds and nanoseconds are separate fields
      frames.push({ t, data });
      w.write(t, data);
    }
    w.close();
    assert.equal(w.frames, 3000);
    const back = readPcap(readFileSync(path));
    assert.equal(back.length, frames.length);
    back.forEach((r, i) => {
      assert.equal(r.timeNs, frames[i]!.t);
      assert.equal(r.length, frames[i]!.data.length);
      assert.deepEqual(r.data, frames[i]!.data);
    });
  });

  it('stamps a bigint time as seconds and nanoseconds since the epoch, exactly', () => {
    const path = join(dir, 'wall.pcap');
    const w = new PcapWriter(path);
    w.write(1_764_000_000_123_456_789n, new Uint8Array(60));
    w.write(-5n, new Uint8Array(60));
    w.close();
    const [r, early] = readPcap(readFileSync(path));
    assert.deepEqual([r!.seconds, r!.nanoseconds], [1_764_000_000, 123_456_789]);
    assert.deepEqual([early!.seconds, early!.nanoseconds], [0, 0]);
  });

  it('stores at most SNAPLEN bytes of a longer frame and records its true length', () => {
    const path = join(dir, 'long.pcap');
    const w = new PcapWriter(path);
    w.write(0, new Uint8Array(SNAPLEN + 100).fill(7));
    w.close();
    const [r] = readPcap(readFileSync(path));
    assert.equal(r!.length, SNAPLEN + 100);
    assert.equal(r!.data.length, SNAPLEN);
  });

  it('refuses a write after close, and names the file it cannot create', () => {
    const w = new PcapWriter(join(dir, 'closed.pcap'));
    w.close();
    assert.throws(() => w.write(0, new Uint8Array(60)), /closed\.pcap: capture already closed/);
    assert.throws(() => new PcapWriter(join(dir, 'missing', 'x.pcap')), /ENOENT/);
  });

  it('rejects what is not such a capture', () => {
    assert.throws(() => readPcap(new Uint8Array(24)), /not a little-endian nanosecond pcap file/);
    const path = join(dir, 'cut.pcap');
    const w = new PcapWriter(path);
    w.write(0, new Uint8Array(100));
    w.close();
    const b = readFileSync(path);
    assert.throws(() => readPcap(b.subarray(0, b.length - 1)), /truncated record/);
  });

  it('makes a directory of captures: one file per name, each closed even when another cannot be', () => {
    const files = new PcapDir(join(dir, 'dir', 'nested'));
    files.file('b.pcap').write(5, new Uint8Array(60));
    files.file('a.pcap').write(1, new Uint8Array(60));
    files.file('b.pcap').write(6, new Uint8Array(60));
    assert.deepEqual(files.close(), [
      join(dir, 'dir', 'nested', 'a.pcap'),
      join(dir, 'dir', 'nested', 'b.pcap'),
    ]);
    assert.deepEqual(
      readPcap(readFileSync(join(dir, 'dir', 'nested', 'b.pcap'))).map((r) => r.timeNs),
      [5, 6],
    );
    // A full disk (/dev/full) under one name: close() still closes the other file, then throws.
    const full = join(dir, 'full');
    mkdirSync(full);
    symlinkSync('/dev/full', join(full, 'nospace.pcap'));
    const mixed = new PcapDir(full);
    mixed.file('nospace.pcap').write(0, new Uint8Array(60));
    mixed.file('ok.pcap').write(0, new Uint8Array(60));
    assert.throws(() => mixed.close(), /nospace\.pcap: ENOSPC/);
    assert.equal(readPcap(readFileSync(join(full, 'ok.pcap'))).length, 1);
    assert.throws(() => new PcapDir(join(full, 'ok.pcap', 'x')), /ENOTDIR/);
  });
});
