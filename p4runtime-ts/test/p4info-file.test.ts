import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { P4Codec } from '../src/codec.js';
import {
  decodeP4InfoBinary,
  encodeP4InfoBinary,
  loadP4InfoFile,
  P4InfoParseError,
  parseP4InfoJson,
  parseP4InfoText,
} from '../src/p4info-file.js';

// Laid out the way p4c writes p4info.txt.
const TEXT = `# P4Info for a test program
pkg_info {
  arch: "v1model"
}
tables {
  preamble {
    id: 33574068
    name: "MyIngress.ipv4_lpm"
    alias: "ipv4_lpm"
  }
  match_fields {
    id: 1
    name: "hdr.ipv4.dstAddr"
    bitwidth: 32
    match_type: LPM
  }
  action_refs {
    id: 16799317
  }
  action_refs {
    id: 16805608
    annotations: "@defaultonly"
    scope: DEFAULT_ONLY
  }
  size: 1024
}
actions {
  preamble {
    id: 16799317
    name: "MyIngress.ipv4_forward"
    alias: "ipv4_forward"
  }
  params {
    id: 1
    name: "dstAddr"
    bitwidth: 48
  }
  params {
    id: 2
    name: "port"
    bitwidth: 9
  }
}
actions {
  preamble { id: 16805608 name: "MyIngress.drop" alias: "drop" }
}
controller_packet_metadata {
  preamble {
    id: 67146229
    name: "packet_in"
    alias: "packet_in"
    annotations: "@controller_header(\\"packet_in\\")"
  }
  metadata {
    id: 1
    name: "ingress_port"
    bitwidth: 9
  }
}
registers {
  preamble { id: 369098881 name: "MyIngress.r" alias: "r" }
  type_spec { bitstring { bit { bitwidth: 32 } } }
  size: 16
}
type_info {
  serializable_enums {
    key: "Color"
    value {
      underlying_type { bitwidth: 8 }
      members { name: "RED" value: "\\001" }
      members { name: "GREEN" value: "\\x02" }
    }
  }
}
`;

const JSON_TEXT = JSON.stringify({
  pkgInfo: { arch: 'v1model' },
  tables: [
    {
      preamble: { id: 33574068, name: 'MyIngress.ipv4_lpm', alias: 'ipv4_lpm' },
      matchFields: [{ id: 1, name: 'hdr.ipv4.dstAddr', bitwidth: 32, matchType: 'LPM' }],
      actionRefs: [{ id: 16799317 }, { id: 16805608, annotations: ['@defaultonly'], scope: 'DEFAULT_ONLY' }],
      size: '1024',
    },
  ],
  actions: [
    {
      preamble: { id: 16799317, name: 'MyIngress.ipv4_forward', alias: 'ipv4_forward' },
      params: [
        { id: 1, name: 'dstAddr', bitwidth: 48 },
        { id: 2, name: 'port', bitwidth: 9 },
      ],
    },
    { preamble: { id: 16805608, name: 'MyIngress.drop', alias: 'drop' } },
  ],
  controllerPacketMetadata: [
    {
      preamble: {
        id: 67146229,
        name: 'packet_in',
        alias: 'packet_in',
        annotations: ['@controller_header("packet_in")'],
      },
      metadata: [{ id: 1, name: 'ingress_port', bitwidth: 9 }],
    },
  ],
  registers: [
    {
      preamble: { id: 369098881, name: 'MyIngress.r', alias: 'r' },
      typeSpec: { bitstring: { bit: { bitwidth: 32 } } },
      size: 16,
    },
  ],
  typeInfo: {
    serializableEnums: {
      Color: {
        underlyingType: { bitwidth: 8 },
        members: [
          { name: 'RED', value: 'AQ==' },
          { name: 'GREEN', value: 'Ag==' },
        ],
      },
    },
  },
});

describe('P4Info files (text, JSON, binary)', () => {
  it('reads p4c text format', () => {
    const p = parseP4InfoText(TEXT);
    assert.equal(p.pkg_info?.arch, 'v1model');
    assert.equal(p.tables[0]?.size, '1024');
    assert.equal(p.tables[0]?.match_fields[0]?.match_type, 'LPM');
    assert.equal(p.tables[0]?.action_refs[1]?.scope, 'DEFAULT_ONLY');
    assert.deepEqual(p.controller_packet_metadata[0]?.preamble?.annotations, [
      '@controller_header("packet_in")',
    ]);
    assert.equal(p.registers[0]?.type_spec?.bitstring?.bit?.bitwidth, 32);
    const members = p.type_info?.serializable_enums['Color']?.members ?? [];
    assert.deepEqual(
      members.map((m) => [m.name, [...m.value]]),
      [
        ['RED', [1]],
        ['GREEN', [2]],
      ],
    );
  });

  it('reads the JSON mapping to the same message, and binary round-trips it', () => {
    const fromText = parseP4InfoText(TEXT);
    assert.deepEqual(parseP4InfoJson(JSON_TEXT), fromText);
    assert.deepEqual(decodeP4InfoBinary(encodeP4InfoBinary(fromText)), fromText);
  });

  it('feeds the codec directly', () => {
    const codec = new P4Codec(parseP4InfoText(TEXT));
    const e = codec.tableEntry({
      table: 'ipv4_lpm',
      match: { 'hdr.ipv4.dstAddr': '10.0.0.0/8' },
      action: { name: 'ipv4_forward', params: { dstAddr: '00:00:00:00:00:01', port: 1 } },
    });
    assert.equal(e.table_id, 33574068);
    assert.deepEqual(codec.decodePacketInMetadata([{ metadata_id: 1, value: Buffer.from([1, 0]) }]), {
      ingress_port: 256n,
    });
  });

  it('loads by extension', () => {
    const dir = mkdtempSync(join(tmpdir(), 'p4info-'));
    try {
      const expected = parseP4InfoText(TEXT);
      writeFileSync(join(dir, 'p.txt'), TEXT);
      writeFileSync(join(dir, 'p.json'), JSON_TEXT);
      writeFileSync(join(dir, 'p.bin'), encodeP4InfoBinary(expected));
      for (const f of ['p.txt', 'p.json', 'p.bin']) assert.deepEqual(loadP4InfoFile(join(dir, f)), expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports unknown fields and bad values with the line', () => {
    assert.throws(
      () => parseP4InfoText('tables {\n  nope: 1\n}'),
      (e: Error) => e instanceof P4InfoParseError && /line 2: .*no field nope/.test(e.message),
    );
    assert.throws(() => parseP4InfoText('tables {\n  size: "big"\n}'), /expected a int64 for size/);
    assert.throws(() => parseP4InfoText('tables {'), /missing '}'/);
    assert.throws(() => parseP4InfoJson('{"tablez": []}'), /no field tablez/);
  });
});
