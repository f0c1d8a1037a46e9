// Generic headers and structs (P4_16 "Generic data types"): `header Tagged<T>` and `struct Pair<T>` are
// specialized by each use with type arguments. Two uses with the same arguments are one type, so values
// pass between them; a typedef names a specialization; a generic type's fields may use other generic types.
//   - The packet carries a Tagged<bit<16>> and a Tagged<bit<8>> header, parsed and emitted like any other.
//   - Metadata holds a Pair<bit<16>>; a local Box<bit<8>> holds a Pair<bit<8>> and a Tagged<bit<8>>.
//   - A generic struct of a generic struct: Pair<Pair<bit<4>>>.
#include <core.p4>
#include <v1model.p4>

header Tagged<T> {
    bit<8> tag;
    T      value;
}

struct Pair<T> {
    T first;
    T second;
}

struct Box<T> {
    Pair<T>   pair;
    Tagged<T> hdr;
}

typedef Pair<bit<16>> Pair16;

struct headers {
    Tagged<bit<16>> wide;
    Tagged<bit<8>>  narrow;
}

struct metadata {
    Pair16 sums;
}

parser MyParser(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    state start {
        pkt.extract(hdr.wide);
        pkt.extract(hdr.narrow);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

// Swaps the two halves of any pair of 16-bit values.
control Swap(inout Pair<bit<16>> p) {
    apply {
        bit<16> t = p.first;
        p.first = p.second;
        p.second = t;
    }
}

control MyIngress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    Swap() swap;
    apply {
        // Pair16 and Pair<bit<16>> are the same type.
        meta.sums = { hdr.wide.value, (bit<16>)hdr.narrow.value };
        swap.apply(meta.sums);
        Box<bit<8>> box;
        box.pair = { first = hdr.narrow.tag, second = hdr.narrow.value };
        box.hdr = hdr.narrow;
        box.hdr.value = box.pair.first + box.pair.second;
        Pair<Pair<bit<4>>> nested = { { 1, 2 }, { 3, 4 } };
        hdr.wide.value = meta.sums.first + meta.sums.second;
        hdr.wide.tag = (bit<8>)(nested.first.second ++ nested.second.first);
        hdr.narrow = box.hdr;
        sm.egress_spec = 1;
    }
}

control MyEgress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    apply { }
}

control MyComputeChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyDeparser(packet_out pkt, in headers hdr) {
    apply {
        pkt.emit(hdr);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(), MyComputeChecksum(), MyDeparser()) main;
