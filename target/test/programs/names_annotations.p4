// Control-plane names: @name on a table, an action and a key field changes
// the names the control plane (STF, P4Info) uses; @id fixes P4Runtime ids;
// a keyless table always runs its default action; the same action used by
// two tables.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<8> a;
    bit<8> r;
    bit<8> k;
}

struct headers {
    ethernet_t ethernet;
    data_t     data;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.data);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    @name("set_result") @id(0x01000101)
    action internal_action_name(bit<8> v, bit<9> port) {
        hdr.data.r = v;
        standard_metadata.egress_spec = port;
    }
    action mark_keyless(bit<8> v) {
        hdr.data.k = v;
    }
    @name("results") @id(0x02000201)
    table internal_table_name {
        key = {
            hdr.data.a: exact @name("selector");
        }
        actions = { internal_action_name; NoAction; }
        default_action = NoAction();
    }
    table keyless {
        actions = { mark_keyless; }
        default_action = mark_keyless(0x4B);
    }
    apply {
        internal_table_name.apply();
        keyless.apply();
    }
}

control MyEgress(inout headers hdr, inout metadata meta,
                 inout standard_metadata_t standard_metadata) {
    apply { }
}

control MyComputeChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyDeparser(packet_out packet, in headers hdr) {
    apply {
        packet.emit(hdr.ethernet);
        packet.emit(hdr.data);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
