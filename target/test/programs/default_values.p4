// Default values (P4_16 "Structure-valued expressions"): `...` alone is its type's default value, and a closing
// `...` in a brace expression gives one to every field or element it leaves out, as p4c's DoDefaultValues does.
//   - Defaults: 0 for bit<W> and int<W>, false, the first member of a plain enum, 0 of a serializable enum,
//     error.NoError, and invalid headers (so an invalid header is not emitted).
//   - `H h = ...;` is an invalid header, but `{a = 1, ...}` and `{ ... }` assigned to a header make it valid,
//     with the fields left out at 0.
//   - In a struct, a nested `...` covers the fields of nested structs and headers too.
//   - Constants may use it: a default value is a compile-time constant.
#include <core.p4>
#include <v1model.p4>

enum Colour { Red, Green, Blue }
enum bit<8> Code { One = 1, Two = 2 }

header in_t {
    bit<8> x;
}

header out_t {
    bit<8>  a;
    bit<8>  b;
    bit<8>  c;
    bit<8>  d;
    bit<8>  e;
    bit<8>  f;
    bit<8>  g;
    bit<8>  h;
}

header extra_t {
    bit<8>  p;
    bit<16> q;
}

struct inner_t {
    bit<8> m;
    bool   n;
    Colour k;
}

struct state_t {
    bit<8>  v;
    inner_t inner;
    Code    code;
    error   err;
    int<8>  s;
    extra_t hx;
}

struct headers_t {
    in_t    i;
    out_t   o;
    extra_t e1;
    extra_t e2;
    extra_t e3;
}

struct meta_t { }

const inner_t START = { m = 9, ... };

parser DParser(packet_in pkt, out headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) {
    state start {
        pkt.extract(hdr.i);
        transition accept;
    }
}

control DVerify(inout headers_t hdr, inout meta_t meta) { apply { } }

control DIngress(inout headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) {
    apply {
        sm.egress_spec = 1;
        // Every field of s is set from the packet first, so only the defaults can put zeros back.
        state_t s = { v = hdr.i.x, inner = { hdr.i.x, true, Colour.Blue }, code = Code.Two,
                      err = error.PacketTooShort, s = -1, hx = { hdr.i.x, 16w7 } };
        s = { v = hdr.i.x + 1, ... };
        tuple<bit<8>, bool, bit<8>> t = { hdr.i.x, ... };
        hdr.o.setValid();
        hdr.o.a = s.v;
        hdr.o.b = s.inner.m;
        hdr.o.c = (s.inner.n ? 8w1 : 8w0) | (s.inner.k == Colour.Red ? 8w2 : 8w0)
                | (s.err == error.NoError ? 8w4 : 8w0) | (s.hx.isValid() ? 8w8 : 8w0)
                | (s.code == (Code)8w0 ? 8w16 : 8w0);
        hdr.o.d = (bit<8>)s.s;
        hdr.o.e = t[0] + (t[1] ? 8w100 : 8w0) + t[2];
        hdr.o.f = START.m + (START.n ? 8w1 : 8w0) + (bit<8>)(START.k == Colour.Red ? 8w0 : 8w50);
        // Partly and wholly defaulted headers are valid; `...` alone is an invalid header.
        hdr.e1 = { p = hdr.i.x, ... };
        hdr.e2 = { ... };
        extra_t gone = ...;
        hdr.e3 = gone;
        hdr.o.g = hdr.e3.isValid() ? 8w1 : 8w0;
        bit<8> z = ...;
        hdr.o.h = z;
    }
}

control DEgress(inout headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) { apply { } }

control DCompute(inout headers_t hdr, inout meta_t meta) { apply { } }

control DDeparser(packet_out pkt, in headers_t hdr) {
    apply {
        pkt.emit(hdr.o);
        pkt.emit(hdr.e1);
        pkt.emit(hdr.e2);
        pkt.emit(hdr.e3);
    }
}

V1Switch(DParser(), DVerify(), DIngress(), DEgress(), DCompute(), DDeparser()) main;
