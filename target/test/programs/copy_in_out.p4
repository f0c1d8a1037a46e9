// Copy-in/copy-out of directional arguments (P4_16 spec, "Calling
// convention"): arguments are copied in left to right, the body works on the
// copies, and out/inout copies are written back left to right, so when two
// arguments alias one location the last one written back wins. Copy-out still
// happens when the callee executes `return` or `exit` (for the callee and all
// its callers). Whole headers and structs are copied too, validity included:
// an invalid header copied in and out stays invalid; a write to the argument's
// storage by other means is not seen through the parameter, and is undone by
// the copy-out.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<8> mode;
    bit<8> a;
    bit<8> b;
    bit<8> c;
    bit<8> e;
    bit<8> f;
}

header opt_t {
    bit<8> v;
}

struct pair_t {
    bit<8> x;
    bit<8> y;
}

struct headers {
    ethernet_t ethernet;
    data_t     d;
    opt_t      opt;
}

struct metadata {
    bit<8> w;
    pair_t p;
}

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.d);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

// Writes its header argument and a second argument that aliases one of the
// header's fields, then exits (in the caller's caller too) when d.b is 1.
control Inner(inout data_t d, inout bit<8> extra) {
    apply {
        d.a = 0x42;
        extra = 0x24;
        if (d.b == 1) {
            exit;
        }
        d.c = 0x77;
    }
}

bit<8> incr(inout bit<8> x) {
    x = x + 1;
    return x;
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    Inner() inner;

    action alias2(inout bit<8> p, inout bit<8> q) {
        p = p + 1;
        q = q + 16;
    }
    action hdr_then_field(inout data_t d, inout bit<8> x) {
        d.b = 0x11;
        x = x + 0x22;
    }
    action field_then_hdr(inout bit<8> x, inout data_t d) {
        x = 0x44;
        d.e = d.e + 1;
    }
    action ret_early(inout bit<8> v, out bit<8> w) {
        w = 7;
        v = v + 1;
        if (v == 2) {
            return;
        }
        v = 0x55;
    }
    action tbl_exit(inout bit<8> x, bit<8> val) {
        x = val;
        exit;
    }
    action touch(inout opt_t o) {
        o.v = 5;
    }
    action make(inout opt_t o) {
        o.setValid();
        o.v = 9;
    }
    // Reads its parameter after writing the argument's storage directly: the parameter is a copy.
    action direct_write(inout data_t d) {
        hdr.d.a = 0x5A;
        d.b = d.a;
    }
    action swap_pair(inout pair_t q) {
        bit<8> t = q.x;
        q.x = q.y;
        q.y = t;
    }
    table t {
        key = { hdr.d.mode: exact; }
        actions = { tbl_exit(hdr.d.a); NoAction; }
        const entries = {
            1 : tbl_exit(hdr.d.a, 0x99);
        }
        default_action = NoAction();
    }
    apply {
        standard_metadata.egress_spec = 1;
        if (hdr.d.mode == 0) {
            alias2(hdr.d.a, hdr.d.a);
            hdr_then_field(hdr.d, hdr.d.b);
            field_then_hdr(hdr.d.c, hdr.d);
            ret_early(hdr.d.f, meta.w);
            hdr.d.mode = meta.w;
        } else if (hdr.d.mode == 1) {
            t.apply();
            hdr.d.b = 0xBB;
        } else if (hdr.d.mode == 2) {
            inner.apply(hdr.d, hdr.d.e);
            hdr.d.f = 0x66;
        } else if (hdr.d.mode == 3) {
            touch(hdr.opt);
        } else if (hdr.d.mode == 4) {
            make(hdr.opt);
        } else if (hdr.d.mode == 5) {
            meta.p.x = hdr.d.a;
            meta.p.y = hdr.d.b;
            swap_pair(meta.p);
            hdr.d.a = meta.p.x;
            hdr.d.b = meta.p.y;
            hdr.d.e = incr(hdr.d.c);
        } else if (hdr.d.mode == 6) {
            direct_write(hdr.d);
        }
    }
}

control MyEgress(inout headers hdr, inout metadata meta,
                 inout standard_metadata_t standard_metadata) {
    apply {
        // egress runs after an exit in ingress
        if (hdr.d.mode == 1) {
            hdr.d.f = 0xE9;
        }
    }
}

control MyComputeChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyDeparser(packet_out packet, in headers hdr) {
    apply {
        packet.emit(hdr.ethernet);
        packet.emit(hdr.d);
        packet.emit(hdr.opt);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
