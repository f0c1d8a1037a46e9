// The don't-care `_`: `extract<T>(_)` skips a header (its bytes are consumed
// and not emitted), `_` as an out argument of an action and of an extern
// method discards the value, and `_` in select tuples and const entries
// matches anything.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header skip_t {
    bit<16> junk;
}

header data_t {
    bit<8> a;
    bit<8> b;
}

struct headers {
    ethernet_t ethernet;
    data_t     d;
}

struct metadata {
    bit<8> got;
}

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.etherType, hdr.ethernet.srcAddr[7:0]) {
            (0x9000, _): skip_one;
            (_, 0xEE): accept;
            default: parse_d;
        }
    }
    state skip_one {
        packet.extract<skip_t>(_);
        transition parse_d;
    }
    state parse_d {
        packet.extract(hdr.d);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    register<bit<8>>(4) r;

    action produce(out bit<8> o, in bit<8> v) {
        o = v;
        meta.got = v + 1;
    }
    action to(bit<9> port) {
        standard_metadata.egress_spec = port;
    }
    table t {
        key = {
            hdr.d.a: ternary;
            hdr.d.b: ternary;
        }
        actions = { to; }
        const entries = {
            (1, _) : to(1);
            (_, _) : to(2);
        }
        default_action = to(3);
    }
    apply {
        produce(_, hdr.d.a);
        r.write(0, hdr.d.b);
        r.read(_, 0);
        hdr.d.b = meta.got;
        t.apply();
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
