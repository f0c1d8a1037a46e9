// for loops (P4_16 v1.2.5): the C form with several init and update statements, ranges `a .. b` (both ends
// included, none when a > b, no wrap at the type's largest value, signed ranges), break and continue (a
// `continue` still runs the updates; inside a switch they act on the loop), loops in actions and in apply.
#include <core.p4>
#include <v1model.p4>

header h_t {
    bit<8> n;
    bit<8> a;
    bit<8> b;
    bit<8> c;
    bit<8> d;
    bit<8> e;
    bit<8> f;
    bit<8> g;
}

struct headers {
    h_t h;
}

struct metadata { }

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
    // a = 1 + 2 + ... + n
    action sum_to_n() {
        hdr.h.a = 0;
        for (bit<8> i = 1; i <= hdr.h.n; i = i + 1) {
            hdr.h.a = hdr.h.a + i;
        }
    }

    apply {
        sum_to_n();

        // b: 250 .. 255 is six values; the loop ends at 255 instead of wrapping to 0.
        hdr.h.b = 0;
        for (bit<8> k in 250 .. 255) {
            hdr.h.b = hdr.h.b + 1;
        }

        // c: n .. 2 counts n, n+1, ..., 2, and nothing when n > 2.
        hdr.h.c = 0;
        for (bit<8> k in hdr.h.n .. 2) {
            hdr.h.c = hdr.h.c + 1;
        }

        // d: two variables, two updates: (0,10) (1,9) (2,8) (3,7) (4,6), then 5 == 5 stops it.
        hdr.h.d = 0;
        for (bit<8> i = 0, bit<8> j = 10; i < j; i = i + 1, j = j - 1) {
            hdr.h.d = hdr.h.d + 1;
        }

        // e: 0..9, skipping 2, stopping at 7: 0 1 3 4 5 6.
        hdr.h.e = 0;
        for (bit<8> i in 0 .. 9) {
            switch (i) {
                2: { continue; }
                7: { break; }
            }
            hdr.h.e = hdr.h.e + 1;
        }

        // f: -2 + -1 + 0 + 1 = -2, as bit<8> 0xFE.
        hdr.h.f = 0;
        for (int<8> s in -2 .. 1) {
            hdr.h.f = hdr.h.f + (bit<8>)s;
        }

        // g: i = 0..5 without 2; `continue` runs the update, or the loop would never end.
        hdr.h.g = 0;
        for (bit<8> i = 0; i < 6; i = i + 1) {
            if (i == 2) {
                continue;
            }
            hdr.h.g = hdr.h.g + 1;
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

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
