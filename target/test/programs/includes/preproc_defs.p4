// Local include for preproc.p4: a header type, constants and a feature flag.
#ifndef _PREPROC_DEFS_P4_
#define _PREPROC_DEFS_P4_

#define USE_FAST_PATH
#define FAST_PORT 2
#define SLOW_PORT 3
#define TYPE_PREPROC 0x88B6

header probe_t {
    bit<8>  kind;
    bit<8>  mark;
    bit<16> value;
}

#endif
