// typedefs, constants, a plain enum, serializable enums (enum bit<8>) used as
// a header field type and cast to and from bit<8>, masks over a serializable
// enum in a select (ends of the enum or of its underlying type), and a bool
// constant.
#include <core.p4>
#include <v1model.p4>

typedef bit<48> mac_t;
typedef bit<9>  port_t;
typedef mac_t   alias_of_mac_t;     // typedef of a typedef

const port_t  DEFAULT_PORT = 4;
const bit<16> TYPE_ENUMS   = 0x88B7;
const bool    ENABLE_GREEN = true;

enum Color { Red, Green, Blue }

enum bit<8> Kind {
    Alpha = 1,
    Beta  = 2,
    Gamma = 0x10
}

header ethernet_t {
    alias_of_mac_t dstAddr;
    mac_t          srcAddr;
    bit<16>        etherType;
}

header enums_t {
    Kind   kind;      // serializable enum as a header field
    bit<8> raw;       // a value to be cast to Kind
    bit<8> color_out;
    bit<8> kind_out;
}

struct headers {
    ethernet_t ethernet;
    enums_t    e;
}

struct metadata {
    Kind k;
}

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.etherType) {
            TYPE_ENUMS: parse_e;
            default: accept;
        }
    }
    state parse_e {
        packet.extract(hdr.e);
        transition select(hdr.e.kind) {
            Kind.Gamma: accept;
            Kind.Alpha: accept;
            Kind.Beta: accept;
            Kind.Gamma &&& 0xF8: accept;           // 0x10 .. 0x17
            (bit<8>)0x20 &&& 0xF0: accept;         // 0x20 .. 0x2F
            default: reject_kind;
        }
    }
    state reject_kind {
        meta.k = Kind.Gamma;
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        if (!hdr.e.isValid()) {
            mark_to_drop(standard_metadata);
            return;
        }
        Color c = Color.Red;
        if (hdr.e.kind == Kind.Beta) {
            c = Color.Green;
        } else if (hdr.e.kind == Kind.Gamma) {
            c = Color.Blue;
        }
        if (c == Color.Green && ENABLE_GREEN) {
            hdr.e.color_out = 0x47;   // 'G'
        } else if (c == Color.Blue) {
            hdr.e.color_out = 0x42;   // 'B'
        } else {
            hdr.e.color_out = 0x52;   // 'R'
        }
        Kind k2 = (Kind) hdr.e.raw;
        if (k2 == Kind.Gamma) {
            hdr.e.kind_out = (bit<8>) Kind.Alpha + 8w0xA0;
        } else {
            hdr.e.kind_out = (bit<8>) k2;
        }
        if (meta.k == Kind.Gamma) {
            // set only for unknown kinds in the parser
            hdr.e.kind = Kind.Beta;
        }
        standard_metadata.egress_spec = DEFAULT_PORT;
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
        packet.emit(hdr.e);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
