// ActionProfileMember and ActionProfileGroup over the ControlPlane (P4Runtime spec §9.2), where the spec is
// silent answering as PI's server does for bmv2 (proto/frontend/src/action_prof_mgr.cpp):
//  - a member's action must be one every table of the profile lists (INVALID_ARGUMENT), whatever its scope:
//    PI checks no @defaultonly for members (PI checks only the profile's first table; see
//    docs/architecture.md);
//  - INSERT of a used id is ALREADY_EXISTS, MODIFY/DELETE of an unknown one NOT_FOUND; a member or group
//    still in use cannot be deleted (FAILED_PRECONDITION; PI passes bmv2's refusal on as UNKNOWN);
//  - a group's members carry weights >= 1 (INVALID_ARGUMENT), no member twice (INVALID_ARGUMENT), each an
//    existing member (NOT_FOUND); a max_size above the P4Info's max_group_size is INVALID_ARGUMENT, and
//    weights adding up past the group's limit RESOURCE_EXHAUSTED; MODIFY replaces the membership;
//  - more members (or groups) than the profile's size is RESOURCE_EXHAUSTED.
// A group member's watch port (either `watch_kind`) is kept as written and read back so; while the port is
// down (Device.setPortStatus; every port is up until then) the member is left out of the group's selection,
// as PI's WatchPortEnforcer deactivates it in bmv2.
// Reads: profile id 0 reads every profile, member (group) id 0 every member (group) of it; a given id that
// does not exist is NOT_FOUND.
import { status } from '@grpc/grpc-js';
import type { ActionProfileGroupMsg, ActionProfileMemberMsg, Entity } from 'p4runtime-ts';
import type { ActionProfileGroup, ActionProfileMember } from '../engine/control-plane-api.js';
import type { ActionProfile } from '../p4info/types.js';
import type { PipelineDevice } from './pipeline.js';
import { RpcError } from './rpc-error.js';
import { watchIn, watchOut, type Schema } from './translate.js';

type Undo = () => void;

const invalid = (msg: string): RpcError => new RpcError(status.INVALID_ARGUMENT, msg);

function profileOf(s: Schema, id: number): ActionProfile {
  const p = s.p4info.action_profiles?.find((x) => x.preamble.id === id);
  if (!p) throw new RpcError(status.NOT_FOUND, `no action profile with id ${id}`);
  return p;
}

function memberIn(s: Schema, e: ActionProfileMemberMsg): ActionProfileMember {
  const p = profileOf(s, e.action_profile_id);
  if (!e.action) throw invalid(`member ${e.member_id} of ${p.preamble.name} has no action`);
  if (p.table_ids.length === 0)
    throw invalid(`${p.preamble.name} is used by no table: no action can be one of its members`);
  // Every table of the profile runs the member: each must take the action (and its arguments).
  const calls = p.table_ids.map((t) => s.action(s.table(t), e.action!, 'profile'));
  return { actionProfileId: p.preamble.id, memberId: e.member_id, action: calls[0]! };
}

function groupIn(s: Schema, e: ActionProfileGroupMsg): ActionProfileGroup {
  const p = profileOf(s, e.action_profile_id);
  if (!p.with_selector) throw invalid(`${p.preamble.name} has no selector: it has no groups`);
  return {
    actionProfileId: p.preamble.id,
    groupId: e.group_id,
    members: e.members.map((m) => {
      const watch = watchIn(m);
      const member = { memberId: m.member_id, weight: m.weight };
      return watch ? { ...member, watch } : member;
    }),
    maxSize: e.max_size,
  };
}

export function writeActionProfileMember(
  dev: PipelineDevice,
  s: Schema,
  type: string,
  e: ActionProfileMemberMsg,
  wantUndo: boolean,
): Undo | undefined {
  const id = e.action_profile_id;
  const old = (): ActionProfileMember | undefined =>
    wantUndo
      ? dev.readMembers(profileOf(s, id).preamble.id).find((m) => m.memberId === e.member_id)
      : undefined;
  switch (type) {
    case 'INSERT': {
      dev.insertMember(memberIn(s, e));
      return wantUndo ? () => dev.deleteMember(id, e.member_id) : undefined;
    }
    case 'MODIFY': {
      const m = memberIn(s, e);
      const before = old();
      dev.modifyMember(m);
      return before ? () => dev.modifyMember(before) : undefined;
    }
    case 'DELETE': {
      profileOf(s, id);
      const before = old();
      dev.deleteMember(id, e.member_id);
      return before ? () => dev.insertMember(before) : undefined;
    }
    default:
      throw invalid(`unknown update type ${type}`);
  }
}

export function writeActionProfileGroup(
  dev: PipelineDevice,
  s: Schema,
  type: string,
  e: ActionProfileGroupMsg,
  wantUndo: boolean,
): Undo | undefined {
  const id = e.action_profile_id;
  const old = (): ActionProfileGroup | undefined =>
    wantUndo ? dev.readGroups(profileOf(s, id).preamble.id).find((g) => g.groupId === e.group_id) : undefined;
  switch (type) {
    case 'INSERT': {
      dev.insertGroup(groupIn(s, e));
      return wantUndo ? () => dev.deleteGroup(id, e.group_id) : undefined;
    }
    case 'MODIFY': {
      const g = groupIn(s, e);
      const before = old();
      dev.modifyGroup(g);
      return before ? () => dev.modifyGroup(before) : undefined;
    }
    case 'DELETE': {
      profileOf(s, id);
      const before = old();
      dev.deleteGroup(id, e.group_id);
      return before ? () => dev.insertGroup(before) : undefined;
    }
    default:
      throw invalid(`unknown update type ${type}`);
  }
}

function profileIds(s: Schema, id: number): number[] {
  return id === 0
    ? (s.p4info.action_profiles ?? []).map((p) => p.preamble.id)
    : [profileOf(s, id).preamble.id];
}

export function readActionProfileMembers(
  dev: PipelineDevice,
  s: Schema,
  e: ActionProfileMemberMsg,
  out: Entity[],
): void {
  if (e.action_profile_id === 0 && e.member_id !== 0) throw invalid('a member id needs an action profile id');
  for (const id of profileIds(s, e.action_profile_id)) {
    const members = dev.readMembers(id).filter((m) => e.member_id === 0 || m.memberId === e.member_id);
    if (e.member_id !== 0 && members.length === 0)
      throw new RpcError(status.NOT_FOUND, `${profileOf(s, id).preamble.name} has no member ${e.member_id}`);
    for (const m of members)
      out.push({
        action_profile_member: { action_profile_id: id, member_id: m.memberId, ...s.encodeAction(m.action) },
      });
  }
}

export function readActionProfileGroups(
  dev: PipelineDevice,
  s: Schema,
  e: ActionProfileGroupMsg,
  out: Entity[],
): void {
  if (e.action_profile_id === 0 && e.group_id !== 0) throw invalid('a group id needs an action profile id');
  for (const id of profileIds(s, e.action_profile_id)) {
    const groups = dev.readGroups(id).filter((g) => e.group_id === 0 || g.groupId === e.group_id);
    if (e.group_id !== 0 && groups.length === 0)
      throw new RpcError(status.NOT_FOUND, `${profileOf(s, id).preamble.name} has no group ${e.group_id}`);
    for (const g of groups)
      out.push({
        action_profile_group: {
          action_profile_id: id,
          group_id: g.groupId,
          members: g.members.map((m) => ({ member_id: m.memberId, weight: m.weight, ...watchOut(m.watch) })),
          max_size: g.maxSize,
        },
      });
  }
}
