// `error` values in `select` and as an exact table key: the parser selects on
// an error-typed local computed from the packet, and ingress dispatches on
// standard_metadata.parser_error with const entries naming core and
// program-defined errors.
#include <core.p4>
#include <v1model.p4>

error { BadKey, OddKey }

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<8>  k;
    bit<8>  tag;
    bit<16> pad;
}

struct headers {
    ethernet_t ethernet;
    data_t     d;
}

struct metadata {
    error chk;
}

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.d);
        meta.chk = hdr.d.k == 0xFF ? error.BadKey :
                   (hdr.d.k[0:0] == 1 ? error.OddKey : error.NoError);
        transition select(meta.chk) {
            error.NoError: good;
            error.OddKey: odd;
            default: bad;
        }
    }
    state good {
        hdr.d.tag = 0x60;
        transition accept;
    }
    state odd {
        hdr.d.tag = 0x0D;
        transition accept;
    }
    state bad {
        verify(false, error.BadKey);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    action to(bit<9> port) {
        standard_metadata.egress_spec = port;
    }
    table by_error {
        key = { standard_metadata.parser_error: exact; }
        actions = { to; }
        const entries = {
            error.NoError : to(1);
            error.PacketTooShort : to(2);
            error.BadKey : to(3);
        }
        default_action = to(4);
    }
    apply {
        by_error.apply();
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
        packet.emit(hdr.d);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
