// User-defined types over P4Runtime. The table keys on a port of type Port_t and rewrites the source address
// with a parameter of a type P4Runtime sees as 64 bits wide (@p4runtime_translation) but the data plane holds
// in 48; `label` is translated to a string. Neither this target nor bmv2 translates values.
#include <core.p4>
#include <v1model.p4>

type bit<9> Port_t;
@p4runtime_translation("example.org/mlt/Mac_t", bit<64>) type bit<48> Mac_t;
@p4runtime_translation("example.org/mlt/Label_t", string) type bit<16> Label_t;

header ethernet_t {
    bit<48> dst_addr;
    Mac_t src_addr;
    bit<16> ether_type;
}

struct headers_t { ethernet_t ethernet; }
struct meta_t { }

parser MyParser(packet_in pkt, out headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) {
    state start { pkt.extract(hdr.ethernet); transition accept; }
}

control MyVerifyChecksum(inout headers_t hdr, inout meta_t meta) { apply { } }

control MyIngress(inout headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) {
    register<Port_t>(4) last_port;
    action forward(Port_t port, Mac_t src) {
        sm.egress_spec = (bit<9>)port;
        hdr.ethernet.src_addr = src;
    }
    action tag(Label_t label) { hdr.ethernet.ether_type = (bit<16>)label; }
    table by_port {
        key = { (Port_t)sm.ingress_port: exact @name("port"); }
        actions = { forward; tag; NoAction; }
        default_action = NoAction();
    }
    apply {
        by_port.apply();
        last_port.write(0, (Port_t)sm.ingress_port);
    }
}

control MyEgress(inout headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) { apply { } }
control MyComputeChecksum(inout headers_t hdr, inout meta_t meta) { apply { } }
control MyDeparser(packet_out pkt, in headers_t hdr) { apply { pkt.emit(hdr.ethernet); } }

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(), MyComputeChecksum(), MyDeparser()) main;
