// ValueSetEntry over the ControlPlane (P4Runtime spec §9.7): a value set is only ever modified, each MODIFY
// replacing all of its members (INSERT and DELETE are INVALID_ARGUMENT); more members than the P4Info's size
// are RESOURCE_EXHAUSTED and a member given twice ALREADY_EXISTS. A read returns every member of one value set,
// or of every value set for id 0; a read request carries no members. bmv2's own P4Runtime server answers
// ValueSetEntry with UNIMPLEMENTED; this one follows the specification, as it does for register writes.
import { status } from '@grpc/grpc-js';
import type { Entity, ValueSetEntryMsg } from 'p4runtime-ts';
import type { PipelineDevice } from './pipeline.js';
import { RpcError } from './rpc-error.js';
import type { Schema } from './translate.js';

type Undo = () => void;

export function writeValueSetEntry(
  dev: PipelineDevice,
  s: Schema,
  type: string,
  e: ValueSetEntryMsg,
  wantUndo: boolean,
): Undo | undefined {
  if (type !== 'MODIFY')
    throw new RpcError(status.INVALID_ARGUMENT, `value set entries can only be modified (got ${type})`);
  const v = s.valueSet(e.value_set_id);
  // Before any member is translated: a request may carry far more members than the set can hold.
  if (e.members.length > v.size)
    throw new RpcError(
      status.RESOURCE_EXHAUSTED,
      `value set ${v.preamble.name} holds at most ${v.size} members; ${e.members.length} were given`,
    );
  const members = e.members.map((m) => s.member(v, m.match));
  const old = wantUndo ? dev.readValueSet(e.value_set_id) : [];
  dev.writeValueSet(e.value_set_id, members);
  return wantUndo ? () => dev.writeValueSet(e.value_set_id, old) : undefined;
}

export function readValueSetEntries(
  dev: PipelineDevice,
  s: Schema,
  e: ValueSetEntryMsg,
  out: Entity[],
): void {
  if (e.members.length > 0)
    throw new RpcError(status.INVALID_ARGUMENT, 'a value set read request carries no members');
  const ids = e.value_set_id === 0 ? [...s.valueSets.keys()] : [s.valueSet(e.value_set_id).preamble.id];
  for (const id of ids) {
    const fields = s.valueSet(id).match;
    out.push({
      value_set_entry: {
        value_set_id: id,
        members: dev.readValueSet(id).map((m) => ({ match: s.encodeMatches(fields, m) })),
      },
    });
  }
}
