// Controls and parsers as constructor arguments (P4_16 "Parameterization"). A control type names the
// signature (`control inc_t(inout bit<16> x);`); an instance of any control of that signature may be passed.
//   - Twice and Thrice are both given the same instance `one`: they share it, counter included (p4c's
//     issue1566-bmv2 has this shape).
//   - Outer hands its parameter on to Mid, which applies it.
//   - `Twice(AddK(3))` constructs its argument in place; it becomes an instance of its own in ingress,
//     named `tmp` as p4c's MoveConstructors names it.
//   - Constant constructor arguments pass through: MyIngress(100) gives AddK(base + 2).
//   - A parser receives a sub-parser the same way.
#include <core.p4>
#include <v1model.p4>

header h_t {
    bit<16> x;
    bit<16> y;
}

header tag_t {
    bit<8> t;
}

struct headers {
    h_t   h;
    tag_t tag;
}

struct metadata { }

control inc_t(inout bit<16> x);

parser sub_t(packet_in p, out tag_t tag);

control One(inout bit<16> x) {
    counter((bit<32>)1, CounterType.packets) seen;
    apply {
        x = x + 1;
        seen.count(0);
    }
}

control AddK(inout bit<16> x)(bit<16> k) {
    apply {
        x = x + k;
    }
}

control Twice(inout bit<16> x)(inc_t c) {
    apply {
        c.apply(x);
        c.apply(x);
    }
}

control Thrice(inout bit<16> x)(inc_t c) {
    apply {
        c.apply(x);
        c.apply(x);
        c.apply(x);
    }
}

control Mid(inout bit<16> x)(inc_t c) {
    apply {
        x = x << 1;
        c.apply(x);
    }
}

control Outer(inout bit<16> x)(inc_t c) {
    Mid(c) mid;
    apply {
        mid.apply(x);
    }
}

parser TagParser(packet_in p, out tag_t tag) {
    state start {
        p.extract(tag);
        transition accept;
    }
}

parser WithTag(packet_in p, out tag_t tag)(sub_t s) {
    state start {
        s.apply(p, tag);
        transition accept;
    }
}

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    TagParser() tp;
    WithTag(tp) wt;
    state start {
        packet.extract(hdr.h);
        wt.apply(packet, hdr.tag);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata)(bit<16> base) {
    One() one;
    Twice(one) twice;
    Thrice(one) thrice;
    Outer(one) outer;
    Twice(AddK(base + 2)) plus;
    apply {
        twice.apply(hdr.h.x);   // x + 2
        thrice.apply(hdr.h.x);  // x + 5
        outer.apply(hdr.h.y);   // 2y + 1
        plus.apply(hdr.h.y);    // y + 2 * (base + 2)
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
        packet.emit(hdr.tag);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(100), MyEgress(), MyComputeChecksum(), MyDeparser()) main;
