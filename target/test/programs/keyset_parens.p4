// One keyset expression in parentheses, a tuple of one (the grammar's reducedSimpleKeysetExpression): in
// table entries `(0x10 &&& 0xF0)`, `(1 .. 5)`, `(_)`, and in a select case `(0x80 &&& 0x80)`; a parenthesis
// that opens an expression, `(0x20) + 1`, still does.
#include <core.p4>
#include <v1model.p4>

header h_t { bit<8> a; bit<8> tag; }
header x_t { bit<8> x; }
struct headers { h_t h; x_t x; }
struct metadata { }

parser P(packet_in pk, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    state start {
        pk.extract(hdr.h);
        transition select(hdr.h.a) { (0x80 &&& 0x80): extra; (0x20) + 1: extra; default: accept; }
    }
    state extra { pk.extract(hdr.x); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    action set(bit<8> v) { hdr.h.tag = v; }
    table t {
        key = { hdr.h.a: ternary; }
        actions = { set; }
        const entries = {
            (0x10 &&& 0xF0): set(1);
            (_): set(2);
        }
    }
    table r {
        key = { hdr.h.a: range; }
        actions = { set; NoAction; }
        const entries = { (1 .. 5): set(3); }
        default_action = NoAction();
    }
    apply {
        t.apply();
        r.apply();
        sm.egress_spec = hdr.x.isValid() ? 9w2 : 9w1;
    }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pk, in headers hdr) { apply { pk.emit(hdr.h); pk.emit(hdr.x); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
