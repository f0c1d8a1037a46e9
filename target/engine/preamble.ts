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
// push/pop move the entries as bmv2's P4_16 stacks do (pairwise swaps, num apart), and mark the ones left in the
// freed places invalid (inv), keeping their fields: no allocation.
function $rt_push(s, n, inv) { const a = s.$a, len = a.length; if (n === 0) return; for (let i = len - 1; i > n - 1; i--) { const t = a[i]; a[i] = a[i - n]; a[i - n] = t; } for (let i = 0; i < n && i < len; i++) inv(a[i]); s.$next = Math.min(len, s.$next + n); }
function $rt_pop(s, n, inv) { const a = s.$a, len = a.length; if (n === 0) return; s.$next -= Math.min(s.$next, n); let i = 0; for (; i < len - n; i++) { const t = a[i]; a[i] = a[i + n]; a[i + n] = t; } for (; i < len; i++) inv(a[i]); }
function $rt_csum16(s) { while (s > 0xffff) s = (s & 0xffff) + (s >>> 16); return ~s & 0xffff; }
function $rt_withPayload(p) { const rest = $pkt.buf.subarray($pkt.bit >> 3, $pkt.nbits >> 3); const o = new Uint8Array(p.length + rest.length); o.set(p); o.set(rest, p.length); return o; }
`;
}
