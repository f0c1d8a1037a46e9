// for-in over a header stack and over lists (P4_16 v1.2.5): the stack's elements in order, valid or not, each
// a copy taken before the first iteration (the body changing the stack, or the variable, changes neither what
// the loop walks nor the stack); a list's elements evaluated once before the first iteration, as a brace list
// or cast to list<T>; break and continue.
#include <core.p4>
#include <v1model.p4>

header item_t {
    bit<8> v;
}

header out_t {
    bit<8> sum;      // sum of the valid items' values
    bit<8> valid;    // how many items are valid
    bit<8> first;    // index of the first item whose value is 0xFF, or 9 when none
    bit<8> snap;     // what the loop saw of item 1 after the body had changed it
    bit<8> list_sum; // 1 + 2 + m + p + q, with m changed by the body after the list was taken
    bit<8> m_after;
    bit<8> odd;      // odd elements of a brace list, skipping the even ones with continue
}

struct headers {
    item_t[3] items;
    out_t res;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.items.next);
        packet.extract(hdr.items.next);
        packet.extract(hdr.items.next);
        packet.extract(hdr.res);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        hdr.res.sum = 0;
        hdr.res.valid = 0;
        for (item_t it in hdr.items) {
            if (it.isValid()) {
                hdr.res.valid = hdr.res.valid + 1;
                hdr.res.sum = hdr.res.sum + it.v;
            }
            it.v = 0;  // the variable is a copy: the stack keeps its value
        }

        hdr.res.first = 9;
        bit<8> idx = 0;
        for (item_t it in hdr.items) {
            if (it.v == 0xFF) {
                hdr.res.first = idx;
                break;
            }
            idx = idx + 1;
        }

        // The stack is taken once: item 1 changed in the first iteration is seen with its old value.
        bit<8> k = 0;
        for (item_t it in hdr.items) {
            if (k == 0) {
                hdr.items[1].v = 0x77;
            } else if (k == 1) {
                hdr.res.snap = it.v;
            }
            k = k + 1;
        }

        bit<8> m = 4;
        bit<8> p = 8;
        bit<8> q = 16;
        hdr.res.list_sum = 0;
        for (bit<8> i in (list<bit<8>>){1, 2, m, p, q}) {
            hdr.res.list_sum = hdr.res.list_sum + i;
            m = 100;
        }
        hdr.res.m_after = m;

        hdr.res.odd = 0;
        for (bit<8> i in {1, 2, 3, 4, 5}) {
            if (i & 1 == 0) {
                continue;
            }
            hdr.res.odd = hdr.res.odd + i;
        }
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
        packet.emit(hdr);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(), MyComputeChecksum(), MyDeparser()) main;
