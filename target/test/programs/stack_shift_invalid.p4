// push_front and pop_front as bmv2 runs them (its P4_16 stacks): elements move by pairwise swaps `num` apart,
// and those left in the freed places are marked invalid with their fields as they were. Reading them is
// unspecified in P4_16; bmv2 reads those old values, and so must the target.
//   - st = [1, 2, 3]; push_front(2) swaps st[2] and st[0], giving [invalid 3, invalid 2, 1] (a rotation would
//     have given [invalid 2, invalid 3, 1]): o1 = st[0].a = 3, o2 = st[1].a = 2.
//   - pop_front(1) swaps st[0]/st[1], then st[1]/st[2], giving [invalid 2, 1, invalid 3]: o3 = st[2].a = 3.
#include <core.p4>
#include <v1model.p4>

header h_t {
    bit<8> a;
}

struct headers {
    h_t[3] st;
    h_t    o1;
    h_t    o2;
    h_t    o3;
}

struct metadata { }

parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    state start {
        pkt.extract(hdr.st.next);
        pkt.extract(hdr.st.next);
        pkt.extract(hdr.st.next);
        transition accept;
    }
}

control VC(inout headers hdr, inout metadata meta) { apply { } }

control I(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    apply {
        hdr.st.push_front(2);
        hdr.o1.setValid();
        hdr.o1.a = hdr.st[0].a;
        hdr.o2.setValid();
        hdr.o2.a = hdr.st[1].a;
        hdr.st.pop_front(1);
        hdr.o3.setValid();
        hdr.o3.a = hdr.st[2].a;
        sm.egress_spec = 2;
    }
}

control E(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }

control CC(inout headers hdr, inout metadata meta) { apply { } }

control D(packet_out pkt, in headers hdr) {
    apply {
        pkt.emit(hdr);
    }
}

V1Switch(P(), VC(), I(), E(), CC(), D()) main;
