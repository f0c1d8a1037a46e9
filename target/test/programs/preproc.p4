// Preprocessor: #include of a local file, object-like #define constants,
// #ifdef / #ifndef / #else / #endif, and an include guard (the local file is
// included twice; the second inclusion must be empty).
#include <core.p4>
#include <v1model.p4>
#include "includes/preproc_defs.p4"
#include "includes/preproc_defs.p4"

#define MARK_VALUE 0x5A
#define KIND_FORWARD 1

#ifdef USE_FAST_PATH
#define OUT_PORT FAST_PORT
#else
#define OUT_PORT SLOW_PORT
#endif

#ifndef NOT_DEFINED_ANYWHERE
#define EXTRA 0x0100
#else
#define EXTRA 0x0200
#endif

#ifdef NOT_DEFINED_ANYWHERE
this text is skipped by the preprocessor and never parsed
#endif

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

struct headers {
    ethernet_t ethernet;
    probe_t    probe;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.etherType) {
            TYPE_PREPROC: parse_probe;
            default: accept;
        }
    }
    state parse_probe {
        packet.extract(hdr.probe);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        if (hdr.probe.isValid() && hdr.probe.kind == KIND_FORWARD) {
            hdr.probe.mark = MARK_VALUE;
            hdr.probe.value = hdr.probe.value + EXTRA;
            standard_metadata.egress_spec = OUT_PORT;
        } else {
            mark_to_drop(standard_metadata);
        }
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
        packet.emit(hdr.probe);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
