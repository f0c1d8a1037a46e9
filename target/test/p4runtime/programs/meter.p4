// A program with an indirect and a direct meter, configured over P4Runtime. The colours come back in the
// packet: the indirect meter's (cell 0) in dst_addr, the direct meter's in ether_type (0xff on a miss).
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dst_addr;
    bit<48> src_addr;
    bit<16> ether_type;
}

struct headers_t { ethernet_t ethernet; }
struct meta_t { bit<32> color; }

parser MyParser(packet_in pkt, out headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) {
    state start {
        pkt.extract(hdr.ethernet);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers_t hdr, inout meta_t meta) { apply { } }

control MyIngress(inout headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) {
    @id(0x14000001) meter(4, MeterType.packets) rate;
    @id(0x15000001) direct_meter<bit<32>>(MeterType.bytes) flow_rate;

    @id(0x01000001) action police() {
        flow_rate.read(meta.color);
    }

    @id(0x02000001) table flows {
        key = { hdr.ethernet.src_addr: exact; }
        actions = { police; }
        meters = flow_rate;
        default_action = police();
    }

    apply {
        rate.execute_meter((bit<32>) 0, meta.color);
        hdr.ethernet.dst_addr = (bit<48>) meta.color;
        meta.color = 0xff;
        flows.apply();
        hdr.ethernet.ether_type = (bit<16>) meta.color;
        sm.egress_spec = 1;
    }
}

control MyEgress(inout headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) { apply { } }
control MyComputeChecksum(inout headers_t hdr, inout meta_t meta) { apply { } }
control MyDeparser(packet_out pkt, in headers_t hdr) { apply { pkt.emit(hdr.ethernet); } }

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(), MyComputeChecksum(), MyDeparser()) main;
