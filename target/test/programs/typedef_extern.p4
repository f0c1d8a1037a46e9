// A typedef of a specialized extern (`typedef register<Entry> Table;`, with Entry itself a typedef of a
// width computed from constants), instantiated through the typedef: the register holds bit<12> cells.
#include <core.p4>
#include <v1model.p4>

header h_t { bit<4> pad; bit<12> v; }
struct headers { h_t h; }
struct metadata { }

typedef bit<(4 + 8)> Entry;
typedef register<Entry> Table;

parser P(packet_in pk, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    state start { pk.extract(hdr.h); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    Table(2) last;
    apply {
        Entry before;
        last.read(before, 1);
        last.write(1, hdr.h.v);
        hdr.h.v = before;
        sm.egress_spec = 1;
    }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pk, in headers hdr) { apply { pk.emit(hdr.h); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
