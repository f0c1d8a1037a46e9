// P4Info of action profiles and selectors, byte for byte against p4c's expected output for its test program
// action_selector_shared-bmv2.p4 (p4c testdata, Apache-2.0; the program below is it with v1model's current
// mark_to_drop(standard_metadata)), and against p4c's rules for in-place instances and @max_group_size
// (p4c's action_profile_max_group_size_annotation.p4, whose expected text differs from ours only by the
// `initial_default_action` that newer p4c writes for every table and this target's P4Info does not).
import assert from 'node:assert/strict';
import { parseP4InfoText } from 'p4runtime-ts';
import { compileP4, p4infoToText } from '../../compiler/index.js';
import { p4InfoMismatch } from '../../p4runtime/p4info-wire.js';

function p4info(text: string): string {
  const r = compileP4({ path: 'prog.p4', text });
  assert.ok(r.ok, r.ok ? '' : r.diagnostics.map((d) => d.message).join('\n'));
  assert.deepEqual(
    r.diagnostics.map((d) => d.message),
    [],
  );
  const out = p4infoToText(r.p4info);
  assert.equal(p4InfoMismatch(parseP4InfoText(out), r.p4info), undefined);
  return out;
}

const TAIL = `control EgressI(inout H hdr, inout M meta, inout standard_metadata_t smeta) { apply { } };
control DeparserI(packet_out pk, in H hdr) { apply { } }
control VerifyChecksumI(inout H hdr, inout M meta) { apply { } }
control ComputeChecksumI(inout H hdr, inout M meta) { apply { } }
V1Switch(ParserI(), VerifyChecksumI(), IngressI(), EgressI(), ComputeChecksumI(), DeparserI()) main;
`;

const HEAD = `#include <core.p4>
#include <v1model.p4>
struct H { };
struct M { bit<32> hash1; }
parser ParserI(packet_in pk, out H hdr, inout M meta, inout standard_metadata_t smeta) {
    state start { transition accept; }
}
action empty() { }
`;

const TABLES_HEAD = `tables {
  preamble {
    id: 38116258
    name: "IngressI.indirect_ws"
    alias: "indirect_ws"
  }
  action_refs {
    id: 23455883
  }
  action_refs {
    id: 21257015
  }
  const_default_action_id: 21257015
`;

const ACTIONS = `actions {
  preamble {
    id: 21257015
    name: "NoAction"
    alias: "NoAction"
    annotations: "@noWarn(\\"unused\\")"
  }
}
actions {
  preamble {
    id: 23455883
    name: "IngressI.drop"
    alias: "drop"
  }
}
`;

const PROLOGUE = `# proto-file: p4/config/v1/p4info.proto
# proto-message: p4.config.v1.P4Info

pkg_info {
  arch: "v1model"
}
`;

describe('P4Info: action profiles and selectors', () => {
  it("matches p4c's action_selector_shared-bmv2.p4.p4info.txtpb byte for byte", () => {
    const text = p4info(`${HEAD}
control IngressI(inout H hdr, inout M meta, inout standard_metadata_t smeta) {
    action drop() { mark_to_drop(smeta); }
    action_selector (HashAlgorithm.identity, 32w1024, 32w10) as;
    table indirect_ws {
        key = { meta.hash1 : selector; }
        actions = { drop; NoAction; }
        const default_action = NoAction();
        @name("ap_ws") implementation = as;
    }
    table indirect_ws_1 {
        key = { meta.hash1 : selector; }
        actions = { drop; NoAction; }
        const default_action = NoAction();
        @name("ap_ws") implementation = as;
    }
    apply {
        indirect_ws.apply();
        indirect_ws_1.apply();
    }
};
${TAIL}`);
    assert.equal(
      text,
      `${PROLOGUE}${TABLES_HEAD}  implementation_id: 291652621
  size: 1024
}
tables {
  preamble {
    id: 33951097
    name: "IngressI.indirect_ws_1"
    alias: "indirect_ws_1"
  }
  action_refs {
    id: 23455883
  }
  action_refs {
    id: 21257015
  }
  const_default_action_id: 21257015
  implementation_id: 291652621
  size: 1024
}
${ACTIONS}action_profiles {
  preamble {
    id: 291652621
    name: "IngressI.as"
    alias: "as"
  }
  table_ids: 38116258
  table_ids: 33951097
  with_selector: true
  size: 1024
}
type_info {
}
`,
    );
  });

  it('names an in-place instance by its property, and writes max_group_size on selectors only', () => {
    const text = p4info(`${HEAD}
control IngressI(inout H hdr, inout M meta, inout standard_metadata_t smeta) {
    action drop() { mark_to_drop(smeta); }
    table indirect {
        key = { }
        actions = { drop; NoAction; }
        const default_action = NoAction();
        @name("ap") @max_group_size(200) implementation = action_profile(32w128);
    }
    table indirect_ws {
        key = { meta.hash1 : selector; }
        actions = { drop; NoAction; }
        const default_action = NoAction();
        @name("ap_ws") @max_group_size(200) implementation = action_selector(HashAlgorithm.identity, 32w1024, 32w10);
    }
    apply {
        indirect.apply();
        indirect_ws.apply();
    }
};
${TAIL}`);
    assert.equal(
      text,
      `${PROLOGUE}tables {
  preamble {
    id: 46872340
    name: "IngressI.indirect"
    alias: "indirect"
  }
  action_refs {
    id: 23455883
  }
  action_refs {
    id: 21257015
  }
  const_default_action_id: 21257015
  implementation_id: 294074782
  size: 1024
}
${TABLES_HEAD}  implementation_id: 300324846
  size: 1024
}
${ACTIONS}action_profiles {
  preamble {
    id: 294074782
    name: "ap"
    alias: "ap"
  }
  table_ids: 46872340
  size: 128
}
action_profiles {
  preamble {
    id: 300324846
    name: "ap_ws"
    alias: "ap_ws"
  }
  table_ids: 38116258
  with_selector: true
  size: 1024
  max_group_size: 200
  sum_of_weights {
  }
}
type_info {
}
`,
    );
  });

  it('leaves selector fields out of match_fields and numbers the others from 1; they may repeat one', () => {
    // ngsdn-tutorial's routing_v6_table matches on hdr.ipv6.dst_addr and hashes it too, as p4c allows.
    const r = compileP4({
      path: 'prog.p4',
      text: `${HEAD}
control IngressI(inout H hdr, inout M meta, inout standard_metadata_t smeta) {
    action drop() { mark_to_drop(smeta); }
    table t {
        key = { meta.hash1 : selector; smeta.ingress_port : exact; meta.hash1 : selector; smeta.ingress_port : selector; }
        actions = { drop; }
        implementation = action_selector(HashAlgorithm.crc16, 32w64, 32w16);
    }
    apply { t.apply(); }
};
${TAIL}`,
    });
    assert.ok(r.ok, r.ok ? '' : r.diagnostics.map((d) => d.message).join('\n'));
    const t = r.p4info.tables[0];
    assert.deepEqual(
      t.match_fields.map((f) => [f.id, f.name, f.match_type]),
      [[1, 'smeta.ingress_port', 'EXACT']],
    );
    assert.equal(r.p4info.action_profiles?.[0].preamble.name, 'implementation');
    assert.equal(t.implementation_id, r.p4info.action_profiles?.[0].preamble.id);
  });
});
