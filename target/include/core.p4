/* core.p4 of the MLT embedded target: the P4_16 core library declarations
 * (names and signatures as the language specification defines them). */
#ifndef _CORE_P4_
#define _CORE_P4_

/* Errors the parser can signal; their order fixes their numbering (bmv2 numbers them the same way). */
error {
    NoError,
    PacketTooShort,
    NoMatch,
    StackOutOfBounds,
    HeaderTooShort,
    ParserTimeout,
    ParserInvalidArgument
}

extern packet_in {
    void extract<T>(out T hdr);
    void extract<T>(out T variableSizeHeader, in bit<32> variableFieldSizeInBits);
    T lookahead<T>();
    void advance(in bit<32> sizeInBits);
    bit<32> length();
}

extern packet_out {
    void emit<T>(in T hdr);
}

extern void verify(in bool check, in error toSignal);

@noWarn("unused")
action NoAction() {}

match_kind {
    exact,
    ternary,
    lpm
}

extern bool static_assert(in bool check, string message);
extern bool static_assert(in bool check);

#endif /* _CORE_P4_ */
