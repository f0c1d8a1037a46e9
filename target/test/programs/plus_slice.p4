// Indexed slices `e[lo +: w]`: w bits of e from bit lo up. With a compile-time lo it is e[lo + w - 1:lo], an
// l-value too; with a run-time lo it reads the low w bits of e >> lo.
#include <core.p4>
#include <v1model.p4>

const bit<8> BYTE = 8;

header h_t { bit<32> f; bit<8> lo; bit<8> a; bit<8> b; bit<8> c; bit<4> d; bit<4> pad; }
struct headers { h_t h; }
struct metadata { }

parser P(packet_in pk, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    state start { pk.extract(hdr.h); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    apply {
        hdr.h.a = hdr.h.f[0 +: 8];
        hdr.h.b = hdr.h.f[BYTE + 16 +: 8];
        hdr.h.c = hdr.h.f[hdr.h.lo +: 8];
        hdr.h.d = hdr.h.f[hdr.h.lo +: 4];
        hdr.h.f[8 +: 8] = 0xEE;
        sm.egress_spec = 1;
    }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pk, in headers hdr) { apply { pk.emit(hdr.h); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
