// A program whose STF test is written in P4Testgen's dialect of STF: every name in double quotes, ternary
// and lpm keys as binary digits with `*` wildcards, a priority on each entry that needs one, and a key named
// by its expression (`hdr.h.b & 0x0F`).
#include <core.p4>
#include <v1model.p4>

header h_t { bit<8> a; bit<8> b; bit<8> tag; }
struct headers { h_t h; }
struct metadata { }

parser P(packet_in pk, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    state start { pk.extract(hdr.h); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    action set(bit<8> v, bit<9> port) { hdr.h.tag = v; sm.egress_spec = port; }
    action drop() { mark_to_drop(sm); }
    table classify {
        key = { hdr.h.a: ternary; hdr.h.b & 0x0F: exact; }
        actions = { set; drop; }
        default_action = drop();
    }
    table route {
        key = { hdr.h.a: lpm; }
        actions = { set; drop; }
        default_action = drop();
    }
    apply {
        if (!classify.apply().hit) { route.apply(); }
    }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pk, in headers hdr) { apply { pk.emit(hdr.h); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
