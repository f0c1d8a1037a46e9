// Arrays of other data than headers (P4_16 arrays, generalizing header stacks): in a header (`bit<8>[4] a`,
// and p4c's declarator form `bit<4> nib[2]`), extracted and emitted element by element; in metadata (of bools,
// structs, and an array of arrays `m[2][3]`); locals from a brace list; run-time indices (out of range: see
// the STF); whole-array copy and `==`; `size`; `for (v in array)`.
#include <core.p4>
#include <v1model.p4>

struct pair_t { bit<4> hi; bit<4> lo; }
header h_t {
    bit<8>[4] a;
    bit<4> nib[2];
    bit<8> idx;
    bit<8> out1;
    bit<8> out2;
    bit<8> sum;
}
struct headers { h_t h; }
struct metadata { bool[3] seen; pair_t[2] pairs; bit<16> m[2][3]; }

parser P(packet_in pk, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    state start { pk.extract(hdr.h); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    apply {
        bit<8> local[4] = {10, 20, 30, 40};
        bit<8>[4] copy;
        copy = hdr.h.a;
        hdr.h.out1 = hdr.h.a[hdr.h.idx];
        hdr.h.a[hdr.h.idx] = 0xFF;
        hdr.h.out2 = local[hdr.h.idx] + (bit<8>)hdr.h.a.size;
        meta.seen[1] = true;
        meta.pairs[1].lo = hdr.h.nib[0];
        meta.m[1][2] = 7;
        bit<8> s = 0;
        for (bit<8> v in copy) { s = s + v; }
        if (meta.seen[1] && !meta.seen[0]) { s = s + (bit<8>)meta.pairs[1].lo; }
        if (copy == hdr.h.a) { s = s + 0x80; }
        hdr.h.sum = s + (bit<8>)meta.m[1][2];
        hdr.h.nib[1] = hdr.h.nib[0];
        sm.egress_spec = 1;
    }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pk, in headers hdr) { apply { pk.emit(hdr.h); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
