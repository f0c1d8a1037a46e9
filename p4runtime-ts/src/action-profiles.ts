// Action profile members and selector groups (ActionProfileMember, ActionProfileGroup: spec §9.2) from
// names: a profile by its P4Info name or alias, a member's action as a table entry's. Group members may be
// given as bare member ids (weight 1), and may watch a port (sent as `watch_port` bytes).
import { ValueError } from './bytes.js';
import type { ActionSpec, DecodedAction, P4Codec as Codec } from './codec.js';
import { idOf, nameOf } from './p4info.js';
import type { Entity, EntityMsg } from './types.js';
import { decodeWatchPort, watchPortFields } from './watch-port.js';

export interface ActionProfileMemberSpec {
  profile: string;
  memberId: number;
  action: ActionSpec;
}

export interface ActionProfileGroupSpec {
  profile: string;
  groupId: number;
  /** Member ids (weight 1), or members with weights and maybe a watch port: a port whose going down takes
   *  the member out of the group's selection until it comes back up. */
  members: (number | { memberId: number; weight?: number; watchPort?: number })[];
  /** The largest sum of weights the group may hold; 0 or left out for none given. */
  maxSize?: number;
}

export interface DecodedActionProfileMember {
  profile: string;
  profileId: number;
  memberId: number;
  action: DecodedAction;
}

export interface DecodedActionProfileGroup {
  profile: string;
  profileId: number;
  groupId: number;
  /** watchPort is present for a member that watches a port (written as either `watch_kind`). */
  members: { memberId: number; weight: number; watchPort?: number }[];
  maxSize: number;
}

function profileId(codec: Codec, profile: string | undefined): number {
  return profile === undefined ? 0 : idOf(codec.index.actionProfiles.get(profile));
}

/** A member for a write, or (action left out) for a read: no profile reads every profile's members. */
export function actionProfileMemberEntity(
  codec: Codec,
  spec: Partial<ActionProfileMemberSpec> & { profile?: string },
): Entity {
  const id = profileId(codec, spec.profile);
  if (id === 0 && spec.memberId) throw new ValueError('a member id needs its action profile');
  return {
    action_profile_member: {
      action_profile_id: id,
      member_id: spec.memberId ?? 0,
      ...(spec.action ? { action: codec.encodeAction(spec.action) } : {}),
    },
  };
}

/** A group for a write, or (members left out) for a read: no profile reads every profile's groups. */
export function actionProfileGroupEntity(
  codec: Codec,
  spec: Partial<ActionProfileGroupSpec> & { profile?: string },
): Entity {
  const id = profileId(codec, spec.profile);
  if (id === 0 && spec.groupId) throw new ValueError('a group id needs its action profile');
  return {
    action_profile_group: {
      action_profile_id: id,
      group_id: spec.groupId ?? 0,
      members: (spec.members ?? []).map((m) =>
        typeof m === 'number'
          ? { member_id: m, weight: 1 }
          : { member_id: m.memberId, weight: m.weight ?? 1, ...watchPortFields(m.watchPort) },
      ),
      max_size: spec.maxSize ?? 0,
    },
  };
}

export function decodeActionProfileMember(codec: Codec, e: EntityMsg): DecodedActionProfileMember {
  const m = e.action_profile_member;
  if (!m || !m.action) throw new ValueError('not an action profile member');
  const p = codec.index.actionProfiles.get(m.action_profile_id);
  return {
    profile: nameOf(p),
    profileId: m.action_profile_id,
    memberId: m.member_id,
    action: codec.decodeAction(m.action),
  };
}

export function decodeActionProfileGroup(codec: Codec, e: EntityMsg): DecodedActionProfileGroup {
  const g = e.action_profile_group;
  if (!g) throw new ValueError('not an action profile group');
  const p = codec.index.actionProfiles.get(g.action_profile_id);
  return {
    profile: nameOf(p),
    profileId: g.action_profile_id,
    groupId: g.group_id,
    members: g.members.map((m) => ({ memberId: m.member_id, weight: m.weight, ...decodeWatchPort(m) })),
    maxSize: g.max_size,
  };
}
