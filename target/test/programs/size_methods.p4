// Compile-time size determination (P4_16): minSizeInBits, minSizeInBytes, maxSizeInBits and maxSizeInBytes on
// headers, header unions, structs and header stacks, on values and on type names, folded at compile time.
//   - A varbit counts 0 bits at least and its maximum width at most: Nested is 40 to 72 bits.
//   - A header union counts its largest member, both ways (p4c's TypeMap::widthBits): U is 80 bits.
//   - A header stack counts its size times its element: H[3] is 96 bits, 12 bytes.
//   - A called method name is the method even where a field has that name (H1.minSizeInBits is a field);
//     the size of an invalid header is its type's.
//   - static_assert checks sizes at compile time, and is the constant true.
#include <core.p4>
#include <v1model.p4>

header out_t {
    bit<16> a;
    bit<16> b;
    bit<16> c;
}

header H {
    bit<32> isValid;
}

header H1 {
    bit<16> f;
    bit<8>  minSizeInBytes;
    bit<8>  minSizeInBits;
    bit<32> f1;
    bit<16> e;
}

struct Flags {
    bit<1> f0;
    bit<1> f1;
    bit<6> pad;
}

header Nested {
    Flags      flags;
    bit<32>    b;
    varbit<32> v;
}

header_union U {
    H  h1;
    H1 h2;
}

const bool NESTED_SIZE = static_assert(Nested.minSizeInBits() == 40 && Nested.maxSizeInBytes() == 9,
                                       "Nested is 40 to 72 bits");

header Empty { }

struct headers_t {
    out_t o;
}

struct meta_t {
    Flags flags;
    H[3]  stack;
}

parser SParser(packet_in pkt, out headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) {
    state start {
        pkt.extract(hdr.o);
        transition accept;
    }
}

control SVerify(inout headers_t hdr, inout meta_t meta) { apply { } }

control SIngress(inout headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) {
    apply {
        sm.egress_spec = 1;
        U u;
        Nested n;
        Empty e;
        H1 h1;
        h1.minSizeInBits = 8w7;
        // a = U min 80 + U max 80 + Nested min 40 + Nested max bytes 9 = 209 (0x00D1).
        hdr.o.a = (bit<16>)u.minSizeInBits() + (bit<16>)u.maxSizeInBits() + (bit<16>)n.minSizeInBits()
                + (bit<16>)n.maxSizeInBytes();
        // b = stack min bytes 12 + Empty max 0 + Nested (the type) max 72 + struct Flags min 8 = 92 (0x005C).
        hdr.o.b = (bit<16>)meta.stack.minSizeInBytes() + (bit<16>)e.maxSizeInBits()
                + (bit<16>)Nested.maxSizeInBits() + (bit<16>)meta.flags.minSizeInBits();
        // c = the field h1.minSizeInBits (7) + the method h1.minSizeInBytes() (10) + H1's max bits (80) = 97.
        hdr.o.c = (bit<16>)h1.minSizeInBits + (bit<16>)h1.minSizeInBytes() + (bit<16>)H1.maxSizeInBits();
        if (!NESTED_SIZE || !static_assert(U.maxSizeInBits() == 80)) {
            hdr.o.c = 0;
        }
    }
}

control SEgress(inout headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) { apply { } }
control SCompute(inout headers_t hdr, inout meta_t meta) { apply { } }

control SDeparser(packet_out pkt, in headers_t hdr) {
    apply {
        pkt.emit(hdr.o);
    }
}

V1Switch(SParser(), SVerify(), SIngress(), SEgress(), SCompute(), SDeparser()) main;
