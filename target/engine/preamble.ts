// The run-time helpers the generated code calls, prepended to it: thrown errors, header-stack access (a
// StackOutOfBounds parser error for next/last beyond the stack), push/pop without allocation, the ones'
// complement checksum fold and the payload appended to a checksum input.

/** The helpers' source; `stackOutOfBounds` is the program's code of error.StackOutOfBounds. */
export function runtimePreamble(stackOutOfBounds: number): string {
  const sob = stackOutOfBounds;
  return `
function $rt_throw(e) { throw e; }
function $rt_big(v) { return typeof v === 'bigint' ? v : BigInt(v); }
function $rt_stackNext(s) { if (s.$next >= s.$a.length) throw $rt.perr(${sob}); return s.$a[s.$next]; }
function $rt_stackLast(s) { if (s.$next === 0) throw $rt.perr(${sob}); return s.$a[s.$next - 1]; }
// push/pop rotate the entries and reset (rs) the ones shifted out into the new invalid ones: no allocation.
function $rt_push(s, n, rs) { const a = s.$a, len = a.length; for (let r = 0; r < n && r < len; r++) { const h = a[len - 1]; for (let i = len - 1; i > 0; i--) a[i] = a[i - 1]; a[0] = rs(h); } s.$next = Math.min(s.$next + n, len); }
function $rt_pop(s, n, rs) { const a = s.$a, len = a.length; for (let r = 0; r < n && r < len; r++) { const h = a[0]; for (let i = 1; i < len; i++) a[i - 1] = a[i]; a[len - 1] = rs(h); } s.$next = Math.max(s.$next - n, 0); }
function $rt_csum16(s) { while (s > 0xffff) s = (s & 0xffff) + (s >>> 16); return ~s & 0xffff; }
function $rt_withPayload(p) { const rest = $pkt.buf.subarray($pkt.bit >> 3, $pkt.nbits >> 3); const o = new Uint8Array(p.length + rest.length); o.set(p); o.set(rest, p.length); return o; }
`;
}
