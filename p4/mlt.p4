/*
 * mlt.p4 -- the MLT switch data plane (P4_16, v1model; runs on bmv2 simple_switch and the embedded target).
 *
 * MLT (NSDI'24) treats gradient packets by importance: packets are sprayed per packet over all paths,
 * front-layer packets get a higher switch priority (DSCP), and when a queue builds up the switch drops
 * unimportant packets first while important ones (ECN-capable) are CE-marked instead. This program also
 * emulates a lossy ("gray failure") link per egress port, as ULTIMA §5.1 does on Tofino.
 *
 * Run bmv2 with `--priority-queues 8`: standard_metadata.priority selects the queue (0..7, the highest
 * number is served first). Without that flag bmv2 drops every packet whose priority is not 0.
 *
 * -------------------------------------------------------------------------------------------------------
 * PACKET FORMATS
 *
 *   IPv4:          Ethernet (type 0x0800) | IPv4 (20 bytes, no options) | [UDP (8 bytes)] | payload
 *   Source-routed: Ethernet (type 0x88B5) | hop 1 | hop 2 | ... | hop n | IPv4 | [UDP] | payload
 *
 *   A hop is 16 bits, big-endian: bit 15 = bos (bottom of stack, set on the last hop only),
 *   bits 14..0 = the egress port to use at that switch. 0x0003 = "port 3, more hops follow";
 *   0x8003 = "port 3, last hop". At most 8 hops (MLT_MAX_HOPS). The payload under the last hop is
 *   always an IPv4 packet: its DSCP and ECN drive priority and marking at every hop.
 *   UDP is parsed when protocol = 17 and the packet is not a non-first fragment.
 *
 * -------------------------------------------------------------------------------------------------------
 * PIPELINE
 *
 * MLTParser: Ethernet; 0x88B5 -> hop stack until a hop with bos = 1 (then IPv4); 0x0800 -> IPv4;
 *   any other EtherType -> accept with Ethernet only. IPv4 must have version 4 and IHL 5.
 *   Explicit rules for bad input (all dropped in ingress and counted as MALFORMED, see counters):
 *     - truncated header of any type (bmv2 sets standard_metadata.parser_error = PacketTooShort);
 *     - 8 hops without bos (meta.malformed);
 *     - IPv4 version != 4 or IHL != 5, i.e. options are not supported (meta.malformed);
 *     - IPv4 header checksum wrong (MLTVerifyChecksum sets standard_metadata.checksum_error);
 *     - a hop whose port is 511 or more (bmv2 ports are 9 bits, 511 is the drop port).
 *
 * MLTIngress, in order:
 *   1. Malformed frames are dropped (see above).
 *   2. Source-routed frame: pop the top hop, egress_spec = its port; when that hop had bos = 1 the
 *      EtherType becomes 0x0800 again and the frame leaves as plain IPv4. The IPv4 TTL is NOT changed
 *      on source-routed hops (like an MPLS label switch; only IPv4-routed hops decrement TTL).
 *   3. IPv4 frame: TTL <= 1 -> drop (TTL_EXPIRED; no ICMP is generated). Else TTL - 1 and lpm lookup in
 *      ipv4_route: to a port, to a spray group, or drop (NO_ROUTE; also the default on a miss).
 *      Spray group G: spray_groups[G] says how many paths K (1..8) and how to choose: round robin (the
 *      next index per group is kept in the register spray_rr_next[G]) or uniformly at random. Then
 *      spray_paths[G, index] gives the path.
 *      FIRST-HOP RULE: a path is the list of egress ports the packet takes at each switch, starting with
 *      THIS switch. The first port is consumed here (it is the egress port, use_path's `port`); the
 *      remaining hops (use_path's `hops` = 0..7 of hop1..hop7) are pushed as a source-route stack, hop1
 *      on top, the last one with bos = 1. So the frame leaves already "popped" for this switch, and a
 *      path of one hop leaves as plain IPv4 (useful to spray over parallel links to a routing neighbour).
 *      A group with K = 0 or K > 8, a missing path entry or hops > 7 drops the packet (NO_ROUTE).
 *   4. Any other EtherType: other_ethertype decides (forward to a port, or drop = the default; NON_IP).
 *   5. Priority: IPv4 packets (plain or under a source route) get standard_metadata.priority from
 *      dscp_to_priority (default action set_priority(0), changeable by the control plane);
 *      non-IP frames get priority 0.
 *
 * MLTEgress (d = standard_metadata.enq_qdepth: packets already queued when this packet was enqueued, not
 * counting it). What d counts, and when the thresholds act, depends on the switch:
 *   - bmv2 simple_switch (and the embedded target's default switch model, `bmv2`): d counts the whole
 *     egress port, summed over its priority queues, and egress runs after the packet has waited; each
 *     priority queue holds 64 packets (set_queue_depth). So S and L of a queue act on the port's total,
 *     and a packet they drop has already taken its place in the queue. A queue's L above 64 is never met
 *     by its own packets alone.
 *   - a commodity switch (what MLT configures; the embedded target's `commodity` switch model, which
 *     the threshold solver models): d counts this packet's own priority queue and the thresholds act on
 *     admission, so a dropped packet never occupies the buffer; the port's queues share one buffer.
 *   1. queue_thresholds[(egress_port, priority)] gives S and L in packets (default: both 0xFFFFFFFF,
 *      i.e. never). d >= L -> drop (queue_dropped_at_limit). Else d >= S -> an important packet
 *      (IPv4 with ECN != 0: ECT(0), ECT(1) or CE) gets ECN = CE (0b11, queue_ecn_marked), an unimportant
 *      one (non-IP, or ECN = 0) is dropped (queue_dropped_unimportant). Else untouched.
 *      Packets that pass (marked or not) count in queue_forwarded.
 *   2. Lossy link: port_loss_rate[egress_port] gives rate (32 bits; default 0). A packet is lost when
 *      r < rate, r drawn uniformly from [0, 0xFFFFFFFE] (NOT [0, 2^32-1]): rate = 0 never drops,
 *      rate = 0xFFFFFFFF (the saturated p = 1) always drops, deterministically; any rate drops with
 *      probability rate / (2^32 - 1), within 2^-32 of floor(p * 2^32) / 2^32. Lost packets count in
 *      port_loss_dropped; packets that survive count in port_tx (packets and bytes out).
 *
 * MLTComputeChecksum: IPv4 header checksum recomputed (csum16) whenever IPv4 is valid, so TTL and
 *   ECN changes leave a correct checksum. MLTDeparser: Ethernet, hop stack, IPv4, UDP, then payload.
 *   Ethernet addresses pass through unchanged (the fabric is point-to-point links).
 *
 * -------------------------------------------------------------------------------------------------------
 * TABLES (control-plane names; all keys exact unless noted)
 *
 *   MLTIngress.ipv4_route        hdr.ipv4.dst_addr (lpm)       route_to_port(port) | route_to_spray_group(group)
 *                                                              | drop_no_route() (default)
 *   MLTIngress.spray_groups      meta.spray_group              spray_round_robin(num_paths) | spray_random(num_paths)
 *                                                              | drop_no_route() (default)
 *   MLTIngress.spray_paths       meta.spray_group,             use_path(port, hops, hop1..hop7)
 *                                meta.path_index               | drop_no_route() (default)
 *   MLTIngress.other_ethertype   hdr.ethernet.ether_type       forward_to_port(port) | drop_non_ip() (default)
 *   MLTIngress.dscp_to_priority  hdr.ipv4.dscp                 set_priority(priority) (default set_priority(0))
 *   MLTEgress.queue_thresholds   standard_metadata.egress_port, set_thresholds(s_threshold, l_threshold)
 *                                standard_metadata.priority     (default set_thresholds(0xFFFFFFFF, 0xFFFFFFFF))
 *   MLTEgress.port_loss_rate     standard_metadata.egress_port set_loss_rate(rate) (default set_loss_rate(0))
 *
 * REGISTER
 *   MLTIngress.spray_rr_next     bit<8>[256], index = spray group: the path index the next packet uses.
 *
 * -------------------------------------------------------------------------------------------------------
 * COUNTERS (all packets_and_bytes; bmv2 counts bytes as the packet's length when it ENTERED the switch,
 * so a push or pop of hops does not change the byte count; the embedded target does the same)
 *
 *   Every 9-bit port 0..511 has cells, so no index is ever out of range.
 *   Per (port, queue), 4096 cells, index = port * 8 + queue (queue = priority 0..7):
 *     MLTEgress.queue_forwarded            passed the thresholds (incl. CE-marked), before the lossy link
 *     MLTEgress.queue_ecn_marked           CE-marked at S
 *     MLTEgress.queue_dropped_unimportant  dropped at S (not ECN-capable)
 *     MLTEgress.queue_dropped_at_limit     dropped at L
 *   Per egress port, 512 cells, index = port:
 *     MLTEgress.port_loss_dropped          dropped by the lossy link
 *     MLTEgress.port_tx                    transmitted (packets, bytes out)
 *   Per (ingress port, reason), 4096 cells, index = ingress_port * 8 + reason:
 *     MLTIngress.ingress_dropped           reason 0 MALFORMED, 1 TTL_EXPIRED, 2 NO_ROUTE, 3 NON_IP
 *   Identities: per queue, arrivals = forwarded + dropped_unimportant + dropped_at_limit;
 *               per port,  tx = sum over its 8 queues of forwarded - loss_dropped.
 *
 * P4Runtime ids are fixed by @id: tables 0x0200xxxx, actions 0x0100xxxx, counters 0x1200xxxx,
 * registers 0x1600xxxx (the P4Runtime type prefix in the top byte).
 */

#include <core.p4>
#include <v1model.p4>

/* ---------------------------------------------------------------- constants */

const bit<16> ETHERTYPE_IPV4 = 0x0800;
const bit<16> ETHERTYPE_SRCROUTE = 0x88B5;
const bit<8> IPPROTO_UDP = 17;
const bit<15> FIRST_INVALID_PORT = 511; /* hop ports must be below: bmv2 port 511 = drop */

#define MLT_MAX_HOPS 8
#define MLT_MAX_PATHS 8
#define MLT_PORTS 512
#define MLT_QUEUE_CELLS 4096
#define MLT_SPRAY_GROUPS 256

/* Ingress drop reasons: index = ingress_port * 8 + reason in MLTIngress.ingress_dropped. */
const bit<3> DROP_MALFORMED = 0;
const bit<3> DROP_TTL_EXPIRED = 1;
const bit<3> DROP_NO_ROUTE = 2;
const bit<3> DROP_NON_IP = 3;

const bit<2> ECN_NOT_ECT = 0;
const bit<2> ECN_CE = 3;
const bit<32> THRESHOLD_NEVER = 0xFFFFFFFF;
const bit<32> LOSS_DRAW_MAX = 0xFFFFFFFE;

/* ---------------------------------------------------------------- headers */

header ethernet_t {
    bit<48> dst_addr;
    bit<48> src_addr;
    bit<16> ether_type;
}

header srcroute_t {
    bit<1>  bos;
    bit<15> port;
}

header ipv4_t {
    bit<4>  version;
    bit<4>  ihl;
    bit<6>  dscp;
    bit<2>  ecn;
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

header udp_t {
    bit<16> src_port;
    bit<16> dst_port;
    bit<16> length;
    bit<16> checksum;
}

struct headers_t {
    ethernet_t                 ethernet;
    srcroute_t[MLT_MAX_HOPS]   srcroute;
    ipv4_t                     ipv4;
    udp_t                      udp;
}

struct mlt_metadata_t {
    /* parser */
    bit<4>  sr_hops_parsed;
    bit<1>  malformed;
    /* ingress */
    bit<1>  drop;
    bit<3>  drop_reason;
    bit<1>  spraying;
    bit<8>  spray_group;
    bit<8>  num_paths;
    bit<1>  spray_random;
    bit<8>  path_index;
    bit<4>  push_hops;
    bit<15> hop1;
    bit<15> hop2;
    bit<15> hop3;
    bit<15> hop4;
    bit<15> hop5;
    bit<15> hop6;
    bit<15> hop7;
    /* egress */
    bit<32> s_threshold;
    bit<32> l_threshold;
    bit<32> loss_rate;
}

/* ---------------------------------------------------------------- parser */

parser MLTParser(packet_in packet,
                 out headers_t hdr,
                 inout mlt_metadata_t meta,
                 inout standard_metadata_t standard_metadata) {
    state start {
        meta.sr_hops_parsed = 0;
        meta.malformed = 0;
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.ether_type) {
            ETHERTYPE_SRCROUTE: parse_srcroute;
            ETHERTYPE_IPV4: parse_ipv4;
            default: accept;
        }
    }

    state parse_srcroute {
        packet.extract(hdr.srcroute.next);
        meta.sr_hops_parsed = meta.sr_hops_parsed + 1;
        transition select(hdr.srcroute.last.bos, meta.sr_hops_parsed) {
            (1, _): parse_ipv4;
            (0, MLT_MAX_HOPS): srcroute_without_bos;
            default: parse_srcroute;
        }
    }

    /* 8 hops and none of them is the last: never extract a 9th (it would overflow the stack). */
    state srcroute_without_bos {
        meta.malformed = 1;
        transition accept;
    }

    state parse_ipv4 {
        packet.extract(hdr.ipv4);
        transition select(hdr.ipv4.version, hdr.ipv4.ihl) {
            (4, 5): parse_ipv4_payload;
            default: ipv4_unsupported;
        }
    }

    state ipv4_unsupported {
        meta.malformed = 1;
        transition accept;
    }

    state parse_ipv4_payload {
        transition select(hdr.ipv4.frag_offset, hdr.ipv4.protocol) {
            (0, IPPROTO_UDP): parse_udp;
            default: accept;
        }
    }

    state parse_udp {
        packet.extract(hdr.udp);
        transition accept;
    }
}

/* ---------------------------------------------------------------- checksums */

control MLTVerifyChecksum(inout headers_t hdr, inout mlt_metadata_t meta) {
    apply {
        verify_checksum(hdr.ipv4.isValid(),
            { hdr.ipv4.version, hdr.ipv4.ihl, hdr.ipv4.dscp, hdr.ipv4.ecn, hdr.ipv4.total_len,
              hdr.ipv4.identification, hdr.ipv4.flags, hdr.ipv4.frag_offset, hdr.ipv4.ttl,
              hdr.ipv4.protocol, hdr.ipv4.src_addr, hdr.ipv4.dst_addr },
            hdr.ipv4.hdr_checksum, HashAlgorithm.csum16);
    }
}

control MLTComputeChecksum(inout headers_t hdr, inout mlt_metadata_t meta) {
    apply {
        update_checksum(hdr.ipv4.isValid(),
            { hdr.ipv4.version, hdr.ipv4.ihl, hdr.ipv4.dscp, hdr.ipv4.ecn, hdr.ipv4.total_len,
              hdr.ipv4.identification, hdr.ipv4.flags, hdr.ipv4.frag_offset, hdr.ipv4.ttl,
              hdr.ipv4.protocol, hdr.ipv4.src_addr, hdr.ipv4.dst_addr },
            hdr.ipv4.hdr_checksum, HashAlgorithm.csum16);
    }
}

/* ---------------------------------------------------------------- ingress */

control MLTIngress(inout headers_t hdr,
                   inout mlt_metadata_t meta,
                   inout standard_metadata_t standard_metadata) {

    @id(0x12000001) counter(MLT_QUEUE_CELLS, CounterType.packets_and_bytes) ingress_dropped;
    @id(0x16000001) register<bit<8>>(MLT_SPRAY_GROUPS) spray_rr_next;

    /* ---- ipv4_route */

    @id(0x01000001) action route_to_port(bit<9> port) {
        standard_metadata.egress_spec = port;
    }

    @id(0x01000002) action route_to_spray_group(bit<8> group) {
        meta.spraying = 1;
        meta.spray_group = group;
    }

    @id(0x01000003) action drop_no_route() {
        meta.drop = 1;
        meta.drop_reason = DROP_NO_ROUTE;
    }

    @id(0x02000001) table ipv4_route {
        key = {
            hdr.ipv4.dst_addr: lpm;
        }
        actions = {
            route_to_port;
            route_to_spray_group;
            drop_no_route;
        }
        default_action = drop_no_route();
        size = 4096;
    }

    /* ---- spray_groups */

    @id(0x01000004) action spray_round_robin(bit<8> num_paths) {
        meta.num_paths = num_paths;
        meta.spray_random = 0;
    }

    @id(0x01000005) action spray_random(bit<8> num_paths) {
        meta.num_paths = num_paths;
        meta.spray_random = 1;
    }

    @id(0x02000002) table spray_groups {
        key = {
            meta.spray_group: exact;
        }
        actions = {
            spray_round_robin;
            spray_random;
            drop_no_route;
        }
        default_action = drop_no_route();
        size = MLT_SPRAY_GROUPS;
    }

    /* ---- spray_paths: port = this switch's egress port (the path's first hop, consumed here);
     *      hops = how many of hop1..hop7 to push (hop1 on top, the last pushed one gets bos = 1). */

    @id(0x01000006) action use_path(bit<9> port, bit<4> hops,
                                    bit<15> hop1, bit<15> hop2, bit<15> hop3, bit<15> hop4,
                                    bit<15> hop5, bit<15> hop6, bit<15> hop7) {
        standard_metadata.egress_spec = port;
        meta.push_hops = hops;
        meta.hop1 = hop1;
        meta.hop2 = hop2;
        meta.hop3 = hop3;
        meta.hop4 = hop4;
        meta.hop5 = hop5;
        meta.hop6 = hop6;
        meta.hop7 = hop7;
    }

    @id(0x02000003) table spray_paths {
        key = {
            meta.spray_group: exact;
            meta.path_index: exact;
        }
        actions = {
            use_path;
            drop_no_route;
        }
        default_action = drop_no_route();
        size = 2048;
    }

    /* ---- other_ethertype: what happens to frames that are neither IPv4 nor source-routed */

    @id(0x01000007) action forward_to_port(bit<9> port) {
        standard_metadata.egress_spec = port;
    }

    @id(0x01000008) action drop_non_ip() {
        meta.drop = 1;
        meta.drop_reason = DROP_NON_IP;
    }

    @id(0x02000004) table other_ethertype {
        key = {
            hdr.ethernet.ether_type: exact;
        }
        actions = {
            forward_to_port;
            drop_non_ip;
        }
        default_action = drop_non_ip();
        size = 64;
    }

    /* ---- dscp_to_priority */

    @id(0x01000009) action set_priority(bit<3> priority) {
        standard_metadata.priority = priority;
    }

    @id(0x02000005) table dscp_to_priority {
        key = {
            hdr.ipv4.dscp: exact;
        }
        actions = {
            set_priority;
        }
        default_action = set_priority(0);
        size = 64;
    }

    apply {
        meta.drop = 0;
        meta.drop_reason = DROP_MALFORMED;
        meta.spraying = 0;
        meta.push_hops = 0;
        standard_metadata.priority = 0;

        if (standard_metadata.parser_error != error.NoError
                || standard_metadata.checksum_error == 1
                || meta.malformed == 1) {
            meta.drop = 1;
            meta.drop_reason = DROP_MALFORMED;
        } else if (hdr.srcroute[0].isValid()) {
            /* Source-routed: pop the top hop and leave through its port. */
            if (hdr.srcroute[0].port >= FIRST_INVALID_PORT) {
                meta.drop = 1;
                meta.drop_reason = DROP_MALFORMED;
            } else {
                standard_metadata.egress_spec = (bit<9>) hdr.srcroute[0].port;
                if (hdr.srcroute[0].bos == 1) {
                    hdr.ethernet.ether_type = ETHERTYPE_IPV4;
                }
                hdr.srcroute.pop_front(1);
            }
        } else if (hdr.ipv4.isValid()) {
            if (hdr.ipv4.ttl <= 1) {
                meta.drop = 1;
                meta.drop_reason = DROP_TTL_EXPIRED;
            } else {
                hdr.ipv4.ttl = hdr.ipv4.ttl - 1;
                ipv4_route.apply();
                if (meta.drop == 0 && meta.spraying == 1) {
                    spray_groups.apply();
                    if (meta.drop == 0) {
                        if (meta.num_paths == 0 || meta.num_paths > MLT_MAX_PATHS) {
                            meta.drop = 1;
                            meta.drop_reason = DROP_NO_ROUTE;
                        } else if (meta.spray_random == 1) {
                            bit<8> last_index = meta.num_paths - 1;
                            random(meta.path_index, 8w0, last_index);
                        } else {
                            bit<8> next_index;
                            spray_rr_next.read(next_index, (bit<32>) meta.spray_group);
                            if (next_index >= meta.num_paths) {
                                next_index = 0; /* the group shrank since the last packet */
                            }
                            meta.path_index = next_index;
                            next_index = next_index + 1;
                            if (next_index == meta.num_paths) {
                                next_index = 0;
                            }
                            spray_rr_next.write((bit<32>) meta.spray_group, next_index);
                        }
                    }
                    if (meta.drop == 0) {
                        spray_paths.apply();
                    }
                    if (meta.drop == 0 && meta.push_hops > MLT_MAX_HOPS - 1) {
                        meta.drop = 1;
                        meta.drop_reason = DROP_NO_ROUTE;
                    }
                    if (meta.drop == 0 && meta.push_hops != 0) {
                        /* Push hop1..hopN; the stack is empty here (the packet arrived as plain IPv4). */
                        hdr.ethernet.ether_type = ETHERTYPE_SRCROUTE;
                        hdr.srcroute[0].setValid();
                        hdr.srcroute[0].port = meta.hop1;
                        hdr.srcroute[0].bos = 0;
                        if (meta.push_hops == 1) { hdr.srcroute[0].bos = 1; }
                        if (meta.push_hops >= 2) {
                            hdr.srcroute[1].setValid();
                            hdr.srcroute[1].port = meta.hop2;
                            hdr.srcroute[1].bos = 0;
                            if (meta.push_hops == 2) { hdr.srcroute[1].bos = 1; }
                        }
                        if (meta.push_hops >= 3) {
                            hdr.srcroute[2].setValid();
                            hdr.srcroute[2].port = meta.hop3;
                            hdr.srcroute[2].bos = 0;
                            if (meta.push_hops == 3) { hdr.srcroute[2].bos = 1; }
                        }
                        if (meta.push_hops >= 4) {
                            hdr.srcroute[3].setValid();
                            hdr.srcroute[3].port = meta.hop4;
                            hdr.srcroute[3].bos = 0;
                            if (meta.push_hops == 4) { hdr.srcroute[3].bos = 1; }
                        }
                        if (meta.push_hops >= 5) {
                            hdr.srcroute[4].setValid();
                            hdr.srcroute[4].port = meta.hop5;
                            hdr.srcroute[4].bos = 0;
                            if (meta.push_hops == 5) { hdr.srcroute[4].bos = 1; }
                        }
                        if (meta.push_hops >= 6) {
                            hdr.srcroute[5].setValid();
                            hdr.srcroute[5].port = meta.hop6;
                            hdr.srcroute[5].bos = 0;
                            if (meta.push_hops == 6) { hdr.srcroute[5].bos = 1; }
                        }
                        if (meta.push_hops == 7) {
                            hdr.srcroute[6].setValid();
                            hdr.srcroute[6].port = meta.hop7;
                            hdr.srcroute[6].bos = 1;
                        }
                    }
                }
            }
        } else {
            other_ethertype.apply();
        }

        if (meta.drop == 1) {
            mark_to_drop(standard_metadata);
            ingress_dropped.count(((bit<32>) standard_metadata.ingress_port << 3)
                                  | (bit<32>) meta.drop_reason);
        } else if (hdr.ipv4.isValid()) {
            dscp_to_priority.apply();
        }
    }
}

/* ---------------------------------------------------------------- egress */

control MLTEgress(inout headers_t hdr,
                  inout mlt_metadata_t meta,
                  inout standard_metadata_t standard_metadata) {

    @id(0x12000002) counter(MLT_QUEUE_CELLS, CounterType.packets_and_bytes) queue_forwarded;
    @id(0x12000003) counter(MLT_QUEUE_CELLS, CounterType.packets_and_bytes) queue_ecn_marked;
    @id(0x12000004) counter(MLT_QUEUE_CELLS, CounterType.packets_and_bytes) queue_dropped_unimportant;
    @id(0x12000005) counter(MLT_QUEUE_CELLS, CounterType.packets_and_bytes) queue_dropped_at_limit;
    @id(0x12000006) counter(MLT_PORTS, CounterType.packets_and_bytes) port_loss_dropped;
    @id(0x12000007) counter(MLT_PORTS, CounterType.packets_and_bytes) port_tx;

    /* ---- queue_thresholds: S and L in packets for one (egress port, queue) */

    @id(0x0100000a) action set_thresholds(bit<32> s_threshold, bit<32> l_threshold) {
        meta.s_threshold = s_threshold;
        meta.l_threshold = l_threshold;
    }

    @id(0x02000006) table queue_thresholds {
        key = {
            standard_metadata.egress_port: exact;
            standard_metadata.priority: exact;
        }
        actions = {
            set_thresholds;
        }
        default_action = set_thresholds(THRESHOLD_NEVER, THRESHOLD_NEVER);
        size = MLT_QUEUE_CELLS;
    }

    /* ---- port_loss_rate: floor(p * 2^32), saturated to 0xFFFFFFFF */

    @id(0x0100000b) action set_loss_rate(bit<32> rate) {
        meta.loss_rate = rate;
    }

    @id(0x02000007) table port_loss_rate {
        key = {
            standard_metadata.egress_port: exact;
        }
        actions = {
            set_loss_rate;
        }
        default_action = set_loss_rate(0);
        size = MLT_PORTS;
    }

    apply {
        bit<32> queue_index = ((bit<32>) standard_metadata.egress_port << 3)
                              | (bit<32>) standard_metadata.priority;
        bit<32> depth = (bit<32>) standard_metadata.enq_qdepth;
        bool important = hdr.ipv4.isValid() && hdr.ipv4.ecn != ECN_NOT_ECT;
        bool dropped = false;

        queue_thresholds.apply();
        if (depth >= meta.l_threshold) {
            dropped = true;
            queue_dropped_at_limit.count(queue_index);
        } else if (depth >= meta.s_threshold) {
            if (important) {
                hdr.ipv4.ecn = ECN_CE;
                queue_ecn_marked.count(queue_index);
            } else {
                dropped = true;
                queue_dropped_unimportant.count(queue_index);
            }
        }

        if (!dropped) {
            queue_forwarded.count(queue_index);
            port_loss_rate.apply();
            if (meta.loss_rate != 0) {
                bit<32> draw = 0;
                random(draw, 32w0, LOSS_DRAW_MAX);
                if (draw < meta.loss_rate) {
                    dropped = true;
                    port_loss_dropped.count((bit<32>) standard_metadata.egress_port);
                }
            }
        }

        if (dropped) {
            mark_to_drop(standard_metadata);
        } else {
            port_tx.count((bit<32>) standard_metadata.egress_port);
        }
    }
}

/* ---------------------------------------------------------------- deparser */

control MLTDeparser(packet_out packet, in headers_t hdr) {
    apply {
        packet.emit(hdr.ethernet);
        packet.emit(hdr.srcroute);
        packet.emit(hdr.ipv4);
        packet.emit(hdr.udp);
    }
}

V1Switch(MLTParser(),
         MLTVerifyChecksum(),
         MLTIngress(),
         MLTEgress(),
         MLTComputeChecksum(),
         MLTDeparser()) main;
