// standard_metadata.packet_length in egress, and counted bytes, as simple_switch computes them.
//   - simple_switch keeps a packet length register: the length the packet arrived with, plus the bytes of each
//     header setValid() makes valid (its add_header primitive), minus those setInvalid() makes invalid
//     (remove_header). Egress starts with packet_length = that register, whatever ingress wrote to the field.
//   - p4c compiles `h = {...}` for a header into setValid() and field assignments, so it counts too; an
//     assignment of `{#}` or of another header does not (assign_header), nor does a setValid() on a header
//     already valid.
//   - Counters count the length the packet arrived with (bmv2's ingress_length), not packet_length.
// Here: 6 bytes in; x.setValid() +2, gone.setInvalid() -1, y = {...} +1, y.setValid() again +0, h2 = {#} +0:
// egress sees 8.
#include <core.p4>
#include <v1model.p4>

header h_t {
    bit<8> a;
}

header x_t {
    bit<16> v;
}

header out_t {
    bit<16> ilen;
    bit<16> elen;
}

struct headers {
    h_t   h;
    h_t   gone;
    h_t   h2;
    x_t   x;
    h_t   y;
    out_t o;
}

struct metadata {
    bit<16> ilen;
}

parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    state start {
        pkt.extract(hdr.h);
        pkt.extract(hdr.gone);
        pkt.extract(hdr.h2);
        transition accept;
    }
}

control VC(inout headers hdr, inout metadata meta) { apply { } }

control I(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    counter(4, CounterType.packets_and_bytes) bytes_in;

    apply {
        meta.ilen = (bit<16>)sm.packet_length;
        hdr.x.setValid();
        hdr.x.v = 0xABCD;
        hdr.gone.setInvalid();
        hdr.y = { 0x77 };
        hdr.y.setValid();
        hdr.h2 = {#};
        sm.packet_length = 0;
        bytes_in.count(0);
        sm.egress_spec = 2;
    }
}

control E(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    apply {
        hdr.o.setValid();
        hdr.o.ilen = meta.ilen;
        hdr.o.elen = (bit<16>)sm.packet_length;
    }
}

control CC(inout headers hdr, inout metadata meta) { apply { } }

control D(packet_out pkt, in headers hdr) {
    apply {
        pkt.emit(hdr);
    }
}

V1Switch(P(), VC(), I(), E(), CC(), D()) main;
