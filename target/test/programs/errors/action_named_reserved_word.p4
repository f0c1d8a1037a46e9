// expect-error: 12:12: reserved word 'default'
// an action cannot be named by a reserved word (p4c: syntax error); apply, key, actions, state, entries, type, priority can
#include <core.p4>
#include <v1model.p4>
header h_t { bit<8> f; }
struct hs_t { h_t h; }
struct m_t { }
parser P(packet_in b, out hs_t hdr, inout m_t m, inout standard_metadata_t sm) {
    state start { b.extract(hdr.h); transition accept; }
}
control I(inout hs_t hdr, inout m_t m, inout standard_metadata_t sm) {
    action default() { sm.egress_spec = 3; }
    table t { key = { hdr.h.f: exact; } actions = { default; } }
    apply { t.apply(); }
}
control E(inout hs_t hdr, inout m_t m, inout standard_metadata_t sm) { apply { } }
control V(inout hs_t hdr, inout m_t m) { apply { } }
control C(inout hs_t hdr, inout m_t m) { apply { } }
control D(packet_out b, in hs_t hdr) { apply { b.emit(hdr.h); } }
V1Switch(P(), V(), I(), E(), C(), D()) main;
