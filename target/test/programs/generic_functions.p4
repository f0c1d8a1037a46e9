// Generic functions (P4_16 "Functions"): a function's type parameters may be given at the call
// (`ident<bit<8>>(x)`) or inferred from its arguments (`ident(x)`), and its return type may be one of them
// (`T ident<T>(in T x)`). Each call is checked and run with its own types.
//   - ident returns its argument: a bit<8>, a bit<16> and a header, explicitly and by inference.
//   - swap exchanges two inout values of any one type: two bytes, then two headers.
//   - first takes two types and returns a value of the first.
//   - swap2 calls swap and ident with its own type variable: a generic function calling generic functions.
#include <core.p4>
#include <v1model.p4>

header pair_t {
    bit<8> a;
    bit<8> b;
}

header word_t {
    bit<16> w;
}

struct headers_t {
    pair_t p;
    pair_t q;
    word_t word;
}

struct meta_t { }

T ident<T>(in T x) {
    return x;
}

void swap<T>(inout T a, inout T b) {
    T t = a;
    a = b;
    b = t;
}

A first<A, B>(in A a, in B b) {
    return a;
}

void swap2<T>(inout T a, inout T b) {
    swap(a, b);
    a = ident(a);
}

parser GParser(packet_in pkt, out headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) {
    state start {
        pkt.extract(hdr.p);
        pkt.extract(hdr.q);
        pkt.extract(hdr.word);
        transition accept;
    }
}

control GVerify(inout headers_t hdr, inout meta_t meta) { apply { } }

control GIngress(inout headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) {
    apply {
        sm.egress_spec = 1;
        // p = {a, b} becomes {b, a}; q is swapped with the header p as a whole afterwards.
        swap(hdr.p.a, hdr.p.b);
        swap<pair_t>(hdr.p, hdr.q);
        // word = first(word, q.a) + ident(q.a) widened + ident<bit<16>>(0x0100).
        hdr.word.w = first(hdr.word.w, hdr.q.a) + (bit<16>)ident(hdr.q.a) + ident<bit<16>>(16w0x0100);
        hdr.q = ident(hdr.q);
        // word's two bytes change places through swap2.
        bit<8> hi = hdr.word.w[15:8];
        bit<8> lo = hdr.word.w[7:0];
        swap2(hi, lo);
        hdr.word.w = hi ++ lo;
    }
}

control GEgress(inout headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) { apply { } }
control GCompute(inout headers_t hdr, inout meta_t meta) { apply { } }

control GDeparser(packet_out pkt, in headers_t hdr) {
    apply {
        pkt.emit(hdr.p);
        pkt.emit(hdr.q);
        pkt.emit(hdr.word);
    }
}

V1Switch(GParser(), GVerify(), GIngress(), GEgress(), GCompute(), GDeparser()) main;
