// A small v1model program for the P4Runtime server tests: controller packet headers, one table per match
// kind, an indirect counter, a direct counter, a register, a parser value set, multicast and cloning.
#include <core.p4>
#include <v1model.p4>

#define CPU_PORT 255

@controller_header("packet_in")
header packet_in_t {
    bit<9> ingress_port;
    bit<7> reason;
}

@controller_header("packet_out")
header packet_out_t {
    bit<9> egress_port;
    bit<7> pad;
}

header ethernet_t {
    bit<48> dst_addr;
    bit<48> src_addr;
    bit<16> ether_type;
}

header ipv4_t {
    bit<4>  version;
    bit<4>  ihl;
    bit<8>  diffserv;
    bit<16> total_len;
    bit<16> identification;
    bit<3>  flags;
    bit<13> frag_offset;
    bit<8>  ttl;
    bit<8>  protocol;
    bit<16> hdr_checksum;
    bit<32> src_addr;
    bit<32> dst_addr;
}

struct headers_t {
    packet_out_t packet_out;
    packet_in_t  packet_in;
    ethernet_t   ethernet;
    ipv4_t       ipv4;
}

struct meta_t {}

// Reported by acl_pass, only once a controller configures the digest (so no packet test sees it).
struct learn_t {
    bit<48> src_addr;
    bit<9>  ingress_port;
}

parser MyParser(packet_in pkt, out headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) {
    // EtherTypes to stop parsing at (none until the controller writes some).
    @id(0x03000001) value_set<bit<16>>(4) opaque_types;

    state start {
        transition select(sm.ingress_port) {
            CPU_PORT: parse_packet_out;
            default: parse_ethernet;
        }
    }
    state parse_packet_out {
        pkt.extract(hdr.packet_out);
        transition parse_ethernet;
    }
    state parse_ethernet {
        pkt.extract(hdr.ethernet);
        transition select(hdr.ethernet.ether_type) {
            opaque_types: accept;
            0x0800: parse_ipv4;
            default: accept;
        }
    }
    state parse_ipv4 {
        pkt.extract(hdr.ipv4);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers_t hdr, inout meta_t meta) {
    apply { }
}

control MyIngress(inout headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) {
    @id(0x12000001) counter(16, CounterType.packets_and_bytes) port_pkts;
    @id(0x13000001) direct_counter(CounterType.packets_and_bytes) acl_hits;
    @id(0x16000001) register<bit<32>>(16) last_len;

    @id(0x01000001) action drop() {
        mark_to_drop(sm);
    }
    @id(0x01000002) action forward(bit<9> port) {
        sm.egress_spec = port;
    }
    @id(0x01000003) action set_dmac(bit<48> dmac, bit<9> port) {
        hdr.ethernet.dst_addr = dmac;
        sm.egress_spec = port;
    }
    @id(0x01000004) action to_cpu(bit<7> reason) {
        sm.egress_spec = CPU_PORT;
        hdr.packet_in.setValid();
        hdr.packet_in.ingress_port = sm.ingress_port;
        hdr.packet_in.reason = reason;
        acl_hits.count();
    }
    @id(0x01000005) action acl_pass() {
        acl_hits.count();
        digest<learn_t>(1, { hdr.ethernet.src_addr, sm.ingress_port });
    }

    @id(0x01000006) action flood(bit<16> grp) {
        sm.mcast_grp = grp;
    }
    @id(0x01000007) action mirror_fwd(bit<9> port, bit<32> session) {
        sm.egress_spec = port;
        clone(CloneType.I2E, session);
    }

    @id(0x02000001) table ipv4_lpm {
        key = { hdr.ipv4.dst_addr: lpm; }
        actions = { set_dmac; forward; drop; }
        size = 100000;
        default_action = drop();
    }

    @id(0x02000002) table acl {
        key = {
            hdr.ethernet.src_addr: ternary;
            hdr.ethernet.ether_type: range;
            sm.ingress_port: optional;
        }
        actions = { to_cpu; acl_pass; }
        counters = acl_hits;
        size = 256;
        default_action = acl_pass();
    }

    @id(0x02000003) table dmac {
        key = { hdr.ethernet.dst_addr: exact; }
        actions = { forward; drop; flood; mirror_fwd; }
        size = 1024;
        const default_action = drop();
    }

    apply {
        if (hdr.packet_out.isValid()) {
            sm.egress_spec = hdr.packet_out.egress_port;
            hdr.packet_out.setInvalid();
            return;
        }
        port_pkts.count((bit<32>) sm.ingress_port);
        last_len.write((bit<32>) sm.ingress_port, sm.packet_length);
        if (acl.apply().hit) {
            if (sm.egress_spec == CPU_PORT) {
                return;
            }
        }
        if (hdr.ipv4.isValid()) {
            ipv4_lpm.apply();
        } else {
            dmac.apply();
        }
    }
}

control MyEgress(inout headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) {
    // An ingress clone carries its replica's instance (egress_rid) out in its source address.
    apply {
        if (sm.instance_type == 1) {
            hdr.ethernet.src_addr = (bit<48>) sm.egress_rid;
        }
    }
}

control MyComputeChecksum(inout headers_t hdr, inout meta_t meta) {
    apply { }
}

control MyDeparser(packet_out pkt, in headers_t hdr) {
    apply {
        pkt.emit(hdr.packet_in);
        pkt.emit(hdr.ethernet);
        pkt.emit(hdr.ipv4);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(), MyComputeChecksum(), MyDeparser()) main;
