// Indirect tables: the tables whose `implementation` is an action profile or selector, tied to their
// profile's store (action-profile.ts). An entry of such a table stores a reference to a member or group
// instead of an action; the reference counts kept here are what refuses the deletion of a member or group
// still in use, as bmv2 does (MBR_STILL_USED, GRP_STILL_USED).
import type { InstanceDecl } from '../frontend/ast.js';
import type { P4Info } from '../p4info/types.js';
import { ActionProfileStore, type IndirectRef } from './action-profile.js';
import {
  ControlPlaneError,
  isIndirect,
  type ActionCall,
  type EntryAction,
  type IndirectAction,
} from './control-plane-api.js';
import type { ActionRun, TableRuntime } from './control-plane.js';

/**
 * One store per profile instance, shared by the tables that name it; each table learns its store and its
 * position in it. `resolve` gives a member's run in one table (checking the action is one the table may bind
 * to an entry).
 */
export function buildProfiles(
  p4info: P4Info,
  tables: readonly TableRuntime[],
  resolve: (t: TableRuntime, call: ActionCall) => ActionRun,
): Map<number, ActionProfileStore> {
  const byInstance = new Map<InstanceDecl, TableRuntime[]>();
  for (const t of tables) {
    const impl = t.info.decl.implementation;
    if (!impl) continue;
    const list = byInstance.get(impl) ?? [];
    list.push(t);
    byInstance.set(impl, list);
  }
  const byId = new Map<number, ActionProfileStore>();
  for (const [inst, users] of byInstance) {
    const info = p4info.action_profiles?.find((p) => p.preamble.name === inst.controlPlaneName);
    const selector = inst.type.kind === 'extern' && inst.type.decl.name === 'action_selector';
    const sizeArg = inst.ctorArgs?.[selector ? 1 : 0]?.constValue;
    const store = new ActionProfileStore(
      info?.preamble.id ?? 0,
      `${selector ? 'action selector' : 'action profile'} ${info?.preamble.name ?? inst.name}`,
      info?.size ?? (sizeArg?.kind === 'int' ? Number(sizeArg.value) : 0),
      selector,
      info?.max_group_size ?? 0,
      (call) => users.map((t) => resolve(t, call)),
    );
    users.forEach((t, i) => {
      t.profile = store;
      t.profileSlot = i;
    });
    if (store.id !== 0) byId.set(store.id, store);
  }
  // A declared profile no table uses is still in the P4Info (p4c keeps extern instances): it holds groups
  // but, with no table's actions to take, no members.
  for (const p of p4info.action_profiles ?? [])
    if (!byId.has(p.preamble.id))
      byId.set(
        p.preamble.id,
        new ActionProfileStore(
          p.preamble.id,
          `${p.with_selector ? 'action selector' : 'action profile'} ${p.preamble.name}`,
          p.size,
          p.with_selector ?? false,
          p.max_group_size ?? 0,
          () => [],
        ),
      );
  return byId;
}

/** The run an indirect table's entry stores for `action`, checked against the table: a table with a
 *  profile takes only members and groups, others only actions (P4Runtime: INVALID_ARGUMENT). */
export function indirectRun(
  t: TableRuntime,
  action: EntryAction,
  /** The run of the entry a MODIFY replaces, if any. */
  replacing?: ActionRun,
): ActionRun | undefined {
  const store = t.profile;
  if (!isIndirect(action)) {
    if (store)
      throw new ControlPlaneError(
        'INVALID_ARGUMENT',
        `table ${t.info.name} is indirect: its entries name a member or group of ${store.name}, not an action`,
      );
    return undefined;
  }
  if (!store)
    throw new ControlPlaneError(
      'INVALID_ARGUMENT',
      `table ${t.info.name} has no action profile: its entries name an action, not a member or group`,
    );
  // An unknown member or group in an entry is INVALID_ARGUMENT, as PI's server answers it.
  let ref: IndirectRef;
  if (action.kind === 'actionSet') {
    if (!store.withSelector)
      throw new ControlPlaneError(
        'INVALID_ARGUMENT',
        `${store.name} has no selector: an entry cannot give a one-shot action set`,
      );
    ref = { group: store.createOneShot(action.actions, replacing?.ref?.group) };
  } else if (action.kind === 'member') {
    const member = store.findMember(action.memberId);
    if (!member)
      throw new ControlPlaneError('INVALID_ARGUMENT', `${store.name} has no member ${action.memberId}`);
    ref = { member };
  } else {
    if (!store.withSelector)
      throw new ControlPlaneError(
        'INVALID_ARGUMENT',
        `${store.name} has no selector: an entry cannot name a group`,
      );
    const group = store.findGroup(action.groupId);
    if (!group)
      throw new ControlPlaneError('INVALID_ARGUMENT', `${store.name} has no group ${action.groupId}`);
    // bmv2 refuses an entry pointing at an empty group (EMPTY_GRP); a group may become empty later.
    if (group.slots.length === 0)
      throw new ControlPlaneError('FAILED_PRECONDITION', `group ${group.id} of ${store.name} has no members`);
    ref = { group };
  }
  return { index: -1, actionId: 0, params: new Map(), args: [], ref };
}

/** Counts (+1) or uncounts (-1) an entry's use of its member or group; a one-shot group goes with its
 *  entry. */
export function countUse(run: ActionRun, delta: 1 | -1): void {
  const ref = run.ref;
  if (ref?.member) ref.member.entryRefs += delta;
  else if (ref?.group) {
    ref.group.entryRefs += delta;
    if (ref.group.entryRefs === 0) ref.group.oneShot?.release();
  }
}

/** Releases what indirectRun made for a write that then failed (a one-shot group no entry holds). */
export function dropUnused(run: ActionRun): void {
  const g = run.ref?.group;
  if (g?.oneShot && g.entryRefs === 0) g.oneShot.release();
}

/** What an installed entry runs, as the control plane reads it back. */
export function entryActionOf(run: ActionRun): EntryAction {
  const ref = run.ref;
  if (ref?.member) return { kind: 'member', memberId: ref.member.id } satisfies IndirectAction;
  const oneShot = ref?.group?.oneShot;
  if (oneShot)
    return {
      kind: 'actionSet',
      actions: oneShot.actions.map((a) => ({
        action: { actionId: a.action.actionId, params: new Map(a.action.params) },
        weight: a.weight,
        ...(a.watch ? { watch: a.watch } : {}),
      })),
    } satisfies IndirectAction;
  if (ref?.group) return { kind: 'group', groupId: ref.group.id } satisfies IndirectAction;
  return { actionId: run.actionId, params: new Map(run.params) };
}
