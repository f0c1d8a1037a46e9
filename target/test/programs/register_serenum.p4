// A register of a serializable enum (p4c's mid-end gives it the enum's underlying type, bit<16>): the
// EtherType of each packet is stored, and the value stored by the previous packet is written to the header.
#include <core.p4>
#include <v1model.p4>

enum bit<16> EthTypes { IPv4 = 0x0800, ARP = 0x0806 }

header eth_t { bit<48> dst; bit<48> src; EthTypes type; }
header prev_t { EthTypes type; }
struct headers { eth_t eth; prev_t prev; }
struct metadata { }

parser P(packet_in pk, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    state start { pk.extract(hdr.eth); pk.extract(hdr.prev); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    register<EthTypes>(2) last;
    apply {
        EthTypes before;
        last.read(before, 0);
        hdr.prev.type = before;
        last.write(0, hdr.eth.type);
        sm.egress_spec = 1;
    }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pk, in headers hdr) { apply { pk.emit(hdr.eth); pk.emit(hdr.prev); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
