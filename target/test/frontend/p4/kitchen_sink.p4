// Front-end test program: many P4_16 constructs in one v1model program.
#include <core.p4>
#include <v1model.p4>

#define MAX_HOPS 4
#define TYPE_SR 0x1234
#if MAX_HOPS > 2 && defined(TYPE_SR)
const bit<8> HOPS = MAX_HOPS;
#else
#error "MAX_HOPS too small"
#endif

typedef bit<48> mac_t;
type bit<32> ip_t;
const bit<16> TYPE_IPV4 = 16w0x0800;
const int<8> NEG = -3;
const bit<8> FOLDED = (8w200 + 8w100) |+| 8w10;
const bit<4> SLICED = 16w0xABCD[11:8];
const bit<12> CONCAT = 4w0xA ++ 8w0x5B;
const bool FLAG = TYPE_IPV4 == 0x800 && !false;

enum bit<8> Color { RED = 1, GREEN = 2, BLUE = 0x10 }
enum Mode { Fast, Slow }
error { BadHop, TooMany }

header ethernet_t {
    mac_t dst;
    mac_t src;
    bit<16> etherType;
}

@controller_header("packet_in")
header packet_in_t {
    bit<9> ingress_port;
    bit<7> _pad;
}

header hop_t {
    bit<1> bos;
    bit<15> port;
}

header ipv4_t {
    bit<4> version;
    bit<4> ihl;
    bit<6> dscp;
    bit<2> ecn;
    bit<16> totalLen;
    bit<16> identification;
    bit<3> flags;
    bit<13> fragOffset;
    bit<8> ttl;
    bit<8> protocol;
    bit<16> hdrChecksum;
    bit<32> srcAddr;
    bit<32> dstAddr;
    varbit<320> options;
}

header u8_t { bit<8> v; }
header u16_t { bit<16> v; }
header_union small_u { u8_t a; u16_t b; }

struct inner_t { bit<8> x; bool b; }

struct metadata {
    bit<8> remaining;
    bit<32> hashed;
    bit<16> color;
    inner_t inner;
    Mode mode;
}

struct headers {
    packet_in_t pin;
    ethernet_t ethernet;
    hop_t[MAX_HOPS] hops;
    ipv4_t ipv4;
    small_u u;
}

bit<8> max8(in bit<8> a, in bit<8> b) {
    return a > b ? a : b;
}

parser MyParser(packet_in packet, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    value_set<bit<16>>(4) extra_types;

    state start {
        meta.remaining = 0;
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.etherType) {
            TYPE_IPV4: parse_ipv4;
            TYPE_SR: parse_hop;
            0x9000 &&& 0xF000: parse_u;
            0x8800 .. 0x88FF: accept;
            extra_types: accept;
            _: accept;
        }
    }

    state parse_hop {
        packet.extract(hdr.hops.next);
        meta.remaining = meta.remaining + 1;
        verify(meta.remaining <= HOPS, error.TooMany);
        transition select(hdr.hops.last.bos, meta.remaining) {
            (1, _): parse_ipv4;
            (0, 4): reject;
            default: parse_hop;
        }
    }

    state parse_u {
        bit<8> peek = packet.lookahead<bit<8>>();
        transition select(peek) {
            0: parse_u8;
            default: parse_u16;
        }
    }

    state parse_u8 {
        packet.extract(hdr.u.a);
        transition accept;
    }

    state parse_u16 {
        packet.extract(hdr.u.b);
        transition accept;
    }

    state parse_ipv4 {
        packet.extract(hdr.ipv4, ((bit<32>)hdr.ipv4.ihl - 5) * 32);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply {
        verify_checksum(hdr.ipv4.isValid(),
            { hdr.ipv4.version, hdr.ipv4.ihl, hdr.ipv4.dscp, hdr.ipv4.ecn, hdr.ipv4.totalLen,
              hdr.ipv4.identification, hdr.ipv4.flags, hdr.ipv4.fragOffset, hdr.ipv4.ttl,
              hdr.ipv4.protocol, hdr.ipv4.srcAddr, hdr.ipv4.dstAddr, hdr.ipv4.options },
            hdr.ipv4.hdrChecksum, HashAlgorithm.csum16);
    }
}

control Helper(inout bit<8> v) {
    apply { v = v + 1; }
}

control MyIngress(inout headers hdr, inout metadata meta, inout standard_metadata_t standard_metadata) {
    counter(64, CounterType.packets_and_bytes) port_pkts;
    @id(7) direct_counter(CounterType.packets) acl_hits;
    register<bit<32>>(MAX_HOPS * 2) rr;
    meter(16, MeterType.bytes) m;
    Helper() helper;
    bit<32> tmp = 0;

    action drop() { mark_to_drop(standard_metadata); }

    @name("set_prio_alias") @id(0x0100000A)
    action set_prio(bit<3> p) {
        standard_metadata.priority = p;
        port_pkts.count((bit<32>)standard_metadata.ingress_port);
    }

    action fwd(inout bit<16> c, bit<9> port, mac_t dst) {
        standard_metadata.egress_spec = port;
        hdr.ethernet.dst = dst;
        c = c + 1;
    }

    action count_acl() { acl_hits.count(); }

    table dscp_to_prio {
        key = { hdr.ipv4.dscp : exact @name("dscp"); }
        actions = { set_prio; @defaultonly NoAction; }
        default_action = NoAction();
        size = 64;
    }

    @id(0x33)
    table fwd_tbl {
        key = {
            hdr.ipv4.dstAddr : lpm;
            hdr.ipv4.isValid() : exact;
        }
        actions = { fwd(meta.color); drop; }
        const default_action = drop();
    }

    table acl {
        key = {
            hdr.ipv4.srcAddr : ternary;
            hdr.ipv4.protocol : range;
            standard_metadata.ingress_port : optional;
        }
        actions = { count_acl; @tableonly drop; }
        counters = acl_hits;
        const entries = {
            (0x0A000000 &&& 0xFF000000, 6 .. 17, 1) : drop();
            (_, _, _) : count_acl();
            @priority(100) (0x0B000000 &&& 0xFF000000, 0 .. 255, _) : count_acl();
        }
    }

    table by_mode {
        key = { meta.color : exact; }
        actions = { set_prio; NoAction; }
        entries = {
            (bit<16>)Color.RED : set_prio(1);
            2 : set_prio((bit<3>)FOLDED);
        }
    }

    apply {
        bit<8> ttl = hdr.ipv4.ttl;
        int<8> s = (int<8>)ttl;
        s = s |-| 8s100;
        ttl = max8(ttl, 8w3) << 1;
        ttl[3:0] = 4w0xF;
        helper.apply(ttl);
        meta.inner = { ttl, true };
        meta.inner = { x = 8w1, b = false };
        meta.mode = Mode.Slow;
        if (meta.mode == Mode.Fast || hdr.hops[0].isValid() && hdr.hops.size == 4) {
            hdr.hops.pop_front(1);
            hdr.hops.push_front(2);
            hdr.hops[0].setValid();
            hdr.hops[0].port = 15w7;
        }
        hash(meta.hashed, HashAlgorithm.crc32, 32w0, { hdr.ipv4.srcAddr, hdr.ipv4.dstAddr }, 32w1024);
        random(meta.color, 16w0, 16w100);
        rr.read(tmp, 1);
        rr.write(1, tmp + 1);
        m.execute_meter((bit<32>)0, meta.hashed);
        log_msg("ttl={}", { ttl });
        dscp_to_prio.apply();
        switch (fwd_tbl.apply().action_run) {
            fwd: { acl.apply(); }
            drop: { exit; }
        }
        if (!by_mode.apply().hit) {
            switch (hdr.ipv4.protocol) {
                6:
                17: { meta.color = (bit<16>)Color.BLUE; }
                default: { return; }
            }
        }
        if (hdr.u.isValid()) { hdr.u.a.setInvalid(); }
        standard_metadata.egress_spec = (bit<9>)(FLAG ? 1 : 2);
    }
}

control MyEgress(inout headers hdr, inout metadata meta, inout standard_metadata_t standard_metadata) {
    apply {
        if (standard_metadata.enq_qdepth >= 19w10 && hdr.ipv4.ecn != 0) { hdr.ipv4.ecn = 3; }
        if (standard_metadata.instance_type == 1) { clone(CloneType.E2E, 5); }
    }
}

control MyComputeChecksum(inout headers hdr, inout metadata meta) {
    apply {
        update_checksum(hdr.ipv4.isValid(),
            { hdr.ipv4.version, hdr.ipv4.ihl, hdr.ipv4.dscp, hdr.ipv4.ecn, hdr.ipv4.totalLen,
              hdr.ipv4.identification, hdr.ipv4.flags, hdr.ipv4.fragOffset, hdr.ipv4.ttl,
              hdr.ipv4.protocol, hdr.ipv4.srcAddr, hdr.ipv4.dstAddr },
            hdr.ipv4.hdrChecksum, HashAlgorithm.csum16);
    }
}

control MyDeparser(packet_out packet, in headers hdr) {
    apply {
        packet.emit(hdr.pin);
        packet.emit(hdr.ethernet);
        packet.emit(hdr.hops);
        packet.emit(hdr.ipv4);
        packet.emit(hdr.u);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(), MyComputeChecksum(), MyDeparser()) main;
