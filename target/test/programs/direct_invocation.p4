// Direct type invocation: `Inc.apply(x)` applies a control type without declaring an instance, as if the
// block declared one named after the type (p4c's InstantiateDirectCalls: @name("Inc")), here inside a
// control that is itself only instantiated (Twice, in ingress as `twice`). Inc's counter is one per instance:
// Twice.c1 counts two packets per packet, ingress's direct Inc one.
#include <core.p4>
#include <v1model.p4>

header h_t {
    bit<16> x;
}

struct headers {
    h_t h;
}

struct metadata { }

control Inc(inout bit<16> x) {
    counter((bit<32>)1, CounterType.packets) seen;
    apply {
        x = x + 1;
        seen.count(0);
    }
}

control Twice(inout bit<16> x) {
    Inc() c1;
    apply {
        c1.apply(x);
        c1.apply(x);
    }
}

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.h);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    Twice() twice;
    apply {
        twice.apply(hdr.h.x);
        Inc.apply(hdr.h.x);
        standard_metadata.egress_spec = 1;
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
        packet.emit(hdr.h);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(), MyComputeChecksum(), MyDeparser()) main;
