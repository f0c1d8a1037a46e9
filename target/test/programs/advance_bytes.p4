// advance() as bmv2 runs it: only by whole bytes. An amount that is not a multiple of 8 is the parser error
// ParserInvalidArgument (bmv2 checks that first), one past the end of the packet PacketTooShort; either way
// the parser stops, what it extracted stays valid, and ingress sees the error. The bytes advanced over are
// consumed: they are not emitted again.
#include <core.p4>
#include <v1model.p4>
header h_t { bit<8> a; }
struct headers { h_t h; h_t g; }
struct m_t { bit<8> x; }
parser P(packet_in pkt, out headers hdr, inout m_t meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.h); pkt.advance((bit<32>)hdr.h.a); pkt.extract(hdr.g); transition accept; }
}
control VC(inout headers hdr, inout m_t meta) { apply { } }
control I(inout headers hdr, inout m_t meta, inout standard_metadata_t sm) {
  apply {
    sm.egress_spec = 2;
    if (sm.parser_error == error.ParserInvalidArgument) { sm.egress_spec = 3; }
    if (sm.parser_error == error.PacketTooShort) { sm.egress_spec = 4; }
  }
}
control E(inout headers hdr, inout m_t meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout m_t meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr); } }
V1Switch(P(), VC(), I(), E(), CC(), D()) main;
