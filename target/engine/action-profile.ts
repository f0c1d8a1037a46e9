// v1model action profiles and action selectors, as bmv2 runs them (src/bm_sim/action_profile.cpp,
// match_tables.cpp) behind the P4Runtime server PI gives it (proto/frontend/src/action_prof_mgr.cpp):
//  - an indirect table's entry points at a member (an action with its arguments) or, with a selector, at a
//    group of members;
//  - a group's member is chosen per packet by the selector's hash over the table's `selector` key fields,
//    taken modulo the number of bmv2 members in the group, which bmv2 keeps ordered by member handle;
//  - a member of weight w is w bmv2 members (PI creates the copies), so it is w times as likely; bmv2 hands
//    out the lowest free handle, and PI adds copies in member-id order and drops those no group needs;
//  - an entry whose group has become empty is a hit that runs no action (bmv2's "empty group" error path);
//  - a one-shot entry (P4Runtime's action_profile_action_set) gets a group of its own whose members are one
//    bmv2 member per unit of weight, created in the set's order, as PI creates them; a profile is programmed
//    either with members and groups or one-shot, never both at once (PI refuses the mix, INVALID_ARGUMENT);
//  - a group member (or one-shot action) may watch a port: while the port is down its bmv2 members are
//    deactivated, as PI's WatchPortEnforcer does, and the selection takes the hash modulo the active ones
//    (PI's GroupSelection for bmv2); a group whose members are all inactive runs no action, like an empty
//    one (bmv2 itself would divide by zero there).
// Members and groups are named by the control plane's ids (P4Runtime's member_id and group_id).
import {
  ControlPlaneError,
  watchedPort,
  type ActionCall,
  type OneShotAction,
  type WatchPort,
} from './control-plane-api.js';

/** What a member runs in one table: the action's index in that table and its arguments in engine form
 *  (the shape of control-plane.ts's ActionRun, which the generated apply functions read). */
export interface MemberRun {
  index: number;
  actionId: number;
  params: Map<number, bigint>;
  args: (number | bigint | boolean)[];
}

export interface ProfileMember {
  readonly id: number;
  call: ActionCall;
  /** By the table's position in the profile's table list. */
  runs: MemberRun[];
  /** bmv2 member handles: the first is the member's own, the rest copies for weights above 1. */
  readonly handles: number[];
  /** Groups holding the member, and table entries pointing at it. */
  groups: Set<ProfileGroup>;
  entryRefs: number;
}

export interface ProfileGroup {
  readonly id: number;
  readonly maxSize: number;
  /** Member id -> weight, in the order written. */
  weights: Map<number, number>;
  /** bmv2's member list of the group: one slot per unit of weight, ordered by handle. */
  slots: ProfileMember[];
  /** Member id -> its watch port as written, for the members that watch one. */
  watches: Map<number, WatchPort>;
  /** The ports watched, by member (its every slot follows the port). */
  watched: Map<ProfileMember, number>;
  /** The slots selection chooses from: those of members whose watched port is up, in slot order. */
  live: ProfileMember[];
  entryRefs: number;
  /** A one-shot entry's group: the action set as written (what the entry reads back) and the release of
   *  its hidden members and group. Such a group is in no read and has id -1. */
  oneShot?: { actions: OneShotAction[]; release: () => void };
}

/** What an indirect table's entry stores: a member, or (selectors only) a group. */
export type IndirectRef =
  { member: ProfileMember; group?: undefined } | { group: ProfileGroup; member?: undefined };

export interface MemberSpec {
  memberId: number;
  action: ActionCall;
}

export interface GroupSpec {
  groupId: number;
  members: { memberId: number; weight: number; watch?: WatchPort }[];
  /** 0: no size given at creation. */
  maxSize: number;
}

/** The run of a group that has no member: no action (bmv2 runs its empty action). */
export const EMPTY_RUN: MemberRun = Object.freeze({
  index: -1,
  actionId: 0,
  params: new Map<number, bigint>(),
  args: [],
}) as MemberRun;

export class ActionProfileStore {
  private readonly members = new Map<number, ProfileMember>();
  private readonly groups = new Map<number, ProfileGroup>();
  /** One-shot groups alive, and the actions (hidden members, copies for weights not counted) they hold. */
  private readonly oneShotGroups = new Set<ProfileGroup>();
  private oneShotMembers = 0;
  /** bmv2's handle manager: the lowest free handle first. */
  private freeHandles: number[] = [];
  private nextHandle = 0;
  /** The status of the ports group members watch (the switch's; every port is up by default). */
  portUp: (port: number) => boolean = () => true;

  /**
   * @param resolve  turns a member's action into its run in each table of the profile (throwing
   *                 INVALID_ARGUMENT for an action or argument a table cannot take)
   */
  constructor(
    readonly id: number,
    readonly name: string,
    readonly size: number,
    readonly withSelector: boolean,
    /** @max_group_size from the P4Info; 0 when the program sets none. */
    readonly maxGroupSize: number,
    private readonly resolve: (call: ActionCall) => MemberRun[],
  ) {}

  // ---- data plane

  /** The run of a group for a packet whose selector hash is h. */
  pick(group: ProfileGroup, table: number, h: bigint): MemberRun {
    const live = group.live;
    const n = live.length;
    if (n === 0) return EMPTY_RUN;
    return live[Number(h % BigInt(n))].runs[table];
  }

  /** A watched port went up or down: the groups watching it choose again from their active members. */
  portStatusChanged(port: number): void {
    for (const g of [...this.groups.values(), ...this.oneShotGroups])
      for (const p of g.watched.values())
        if (p === port) {
          this.refreshLive(g);
          break;
        }
  }

  private refreshLive(g: ProfileGroup): void {
    g.live =
      g.watched.size === 0
        ? g.slots
        : g.slots.filter((m) => {
            const port = g.watched.get(m);
            return port === undefined || this.portUp(port);
          });
  }

  // ---- members

  member(id: number): ProfileMember {
    const m = this.members.get(id);
    if (!m) throw new ControlPlaneError('NOT_FOUND', `${this.name} has no member ${id}`);
    return m;
  }

  /** Undefined for an unknown id (the caller chooses the error). */
  findMember(id: number): ProfileMember | undefined {
    return this.members.get(id);
  }

  findGroup(id: number): ProfileGroup | undefined {
    return this.groups.get(id);
  }

  insertMember(spec: MemberSpec): void {
    this.manualMode();
    if (this.members.has(spec.memberId))
      throw new ControlPlaneError('ALREADY_EXISTS', `${this.name} already has member ${spec.memberId}`);
    if (this.members.size >= this.size)
      throw new ControlPlaneError('RESOURCE_EXHAUSTED', `${this.name} is full (${this.size} members)`);
    const runs = this.resolve(spec.action);
    this.members.set(spec.memberId, {
      id: spec.memberId,
      call: copyCall(spec.action),
      runs,
      handles: [this.takeHandle()],
      groups: new Set(),
      entryRefs: 0,
    });
  }

  /** A new action for the member, seen at once by every entry and group that holds it. */
  modifyMember(spec: MemberSpec): void {
    this.manualMode();
    const m = this.member(spec.memberId);
    const runs = this.resolve(spec.action);
    m.call = copyCall(spec.action);
    m.runs = runs;
  }

  deleteMember(memberId: number): void {
    this.manualMode();
    const m = this.member(memberId);
    if (m.groups.size > 0 || m.entryRefs > 0)
      throw new ControlPlaneError(
        'FAILED_PRECONDITION',
        `member ${memberId} of ${this.name} is still used by ${m.groups.size} group(s) and ${m.entryRefs} table entr${m.entryRefs === 1 ? 'y' : 'ies'}`,
      );
    for (const h of m.handles) this.releaseHandle(h);
    this.members.delete(memberId);
  }

  readMembers(): MemberSpec[] {
    return [...this.members.values()].map((m) => ({ memberId: m.id, action: copyCall(m.call) }));
  }

  // ---- groups

  group(id: number): ProfileGroup {
    const g = this.groups.get(id);
    if (!g) throw new ControlPlaneError('NOT_FOUND', `${this.name} has no group ${id}`);
    return g;
  }

  insertGroup(spec: GroupSpec): void {
    this.manualMode();
    this.selectorOnly();
    if (spec.maxSize < 0)
      throw new ControlPlaneError('INVALID_ARGUMENT', `group max_size ${spec.maxSize} is negative`);
    if (this.maxGroupSize > 0 && spec.maxSize > this.maxGroupSize)
      throw new ControlPlaneError(
        'INVALID_ARGUMENT',
        `group max_size ${spec.maxSize} is above ${this.name}'s max_group_size ${this.maxGroupSize}`,
      );
    if (this.groups.has(spec.groupId))
      throw new ControlPlaneError('ALREADY_EXISTS', `${this.name} already has group ${spec.groupId}`);
    if (this.groups.size >= this.size)
      throw new ControlPlaneError('RESOURCE_EXHAUSTED', `${this.name} is full (${this.size} groups)`);
    const g: ProfileGroup = {
      id: spec.groupId,
      maxSize: spec.maxSize,
      weights: new Map(),
      slots: [],
      watches: new Map(),
      watched: new Map(),
      live: [],
      entryRefs: 0,
    };
    this.setMembers(g, spec);
    this.groups.set(g.id, g);
  }

  /** Replaces the group's members (P4Runtime's MODIFY); max_size cannot change (0 leaves it as it is). */
  modifyGroup(spec: GroupSpec): void {
    this.manualMode();
    const g = this.group(spec.groupId);
    if (spec.maxSize !== 0 && spec.maxSize !== g.maxSize)
      throw new ControlPlaneError(
        'INVALID_ARGUMENT',
        `group ${g.id} of ${this.name} was created with max_size ${g.maxSize}; it cannot change to ${spec.maxSize}`,
      );
    this.setMembers(g, spec);
  }

  deleteGroup(groupId: number): void {
    this.manualMode();
    const g = this.group(groupId);
    if (g.entryRefs > 0)
      throw new ControlPlaneError(
        'FAILED_PRECONDITION',
        `group ${groupId} of ${this.name} is still used by ${g.entryRefs} table entr${g.entryRefs === 1 ? 'y' : 'ies'}`,
      );
    this.setMembers(g, { groupId, members: [], maxSize: 0 });
    this.groups.delete(groupId);
  }

  readGroups(): GroupSpec[] {
    return [...this.groups.values()].map((g) => ({
      groupId: g.id,
      members: [...g.weights].map(([memberId, weight]) => {
        const watch = g.watches.get(memberId);
        return watch ? { memberId, weight, watch: copyWatch(watch) } : { memberId, weight };
      }),
      maxSize: g.maxSize,
    }));
  }

  // ---- one-shot entries

  /**
   * The group of a new one-shot entry, checked in full before anything is created. `replacing` is the
   * group of the entry being modified, if one-shot: it is released only after the new one exists (as PI
   * does), but it does not count against this target's limits, so a full profile can still be modified.
   */
  createOneShot(actions: readonly OneShotAction[], replacing?: ProfileGroup): ProfileGroup {
    this.selectorOnly();
    if (this.members.size > 0 || this.groups.size > 0)
      throw new ControlPlaneError(
        'INVALID_ARGUMENT',
        `${this.name} is programmed with members and groups: it cannot take one-shot action sets too (delete them first)`,
      );
    if (actions.length === 0)
      throw new ControlPlaneError(
        'UNIMPLEMENTED',
        'an empty one-shot action set is not supported (as in PI)',
      );
    let total = 0;
    for (const { weight } of actions) {
      if (!Number.isInteger(weight) || weight <= 0)
        throw new ControlPlaneError(
          'INVALID_ARGUMENT',
          `one-shot weight ${weight} is not a positive integer`,
        );
      total += weight;
    }
    const limit = this.maxGroupSize || this.size;
    if (total > limit)
      throw new ControlPlaneError(
        'RESOURCE_EXHAUSTED',
        `one-shot action set: the weights add up to ${total}, above ${limit}`,
      );
    const old = replacing?.oneShot ? replacing : undefined;
    const groupsLeft = this.size - this.oneShotGroups.size + (old ? 1 : 0);
    const membersLeft = this.size - this.oneShotMembers + (old?.oneShot?.actions.length ?? 0);
    if (groupsLeft < 1 || actions.length > membersLeft)
      throw new ControlPlaneError(
        'RESOURCE_EXHAUSTED',
        `${this.name} is full (${this.size} groups and ${this.size} members, one-shot groups included)`,
      );
    const runs = actions.map((a) => this.resolve(a.action));
    // Handles are taken lowest first, so the set's order is bmv2's member order in the group.
    const slots: ProfileMember[] = [];
    const written = actions.map((a): OneShotAction => {
      const w = { action: copyCall(a.action), weight: a.weight };
      return a.watch ? { ...w, watch: copyWatch(a.watch) } : w;
    });
    const hidden = written.map((a, i): ProfileMember => {
      const m: ProfileMember = {
        id: -1,
        call: a.action,
        runs: runs[i],
        handles: [],
        groups: new Set(),
        entryRefs: 0,
      };
      for (let k = 0; k < a.weight; k++) {
        m.handles.push(this.takeHandle());
        slots.push(m);
      }
      return m;
    });
    const watched = new Map<ProfileMember, number>();
    hidden.forEach((m, i) => {
      const port = watchedPort(written[i].watch);
      if (port !== undefined) watched.set(m, port);
    });
    const g: ProfileGroup = {
      id: -1,
      maxSize: 0,
      weights: new Map(),
      slots,
      watches: new Map(),
      watched,
      live: slots,
      entryRefs: 0,
    };
    this.refreshLive(g);
    for (const m of hidden) m.groups.add(g);
    g.oneShot = {
      actions: written,
      release: () => {
        if (!this.oneShotGroups.delete(g)) return;
        for (const m of hidden) for (const h of m.handles) this.releaseHandle(h);
        this.oneShotMembers -= hidden.length;
      },
    };
    this.oneShotGroups.add(g);
    this.oneShotMembers += hidden.length;
    return g;
  }

  /** Drops every member and group (a pipeline reset; the tables are emptied with it). */
  clear(): void {
    this.members.clear();
    this.groups.clear();
    this.oneShotGroups.clear();
    this.oneShotMembers = 0;
    this.freeHandles = [];
    this.nextHandle = 0;
  }

  /** Member and group writes are refused while one-shot entries use the profile (PI's programming modes). */
  private manualMode(): void {
    if (this.oneShotGroups.size > 0)
      throw new ControlPlaneError(
        'INVALID_ARGUMENT',
        `${this.name} is programmed by one-shot table entries: member and group writes cannot mix with them`,
      );
  }

  private selectorOnly(): void {
    if (!this.withSelector)
      throw new ControlPlaneError(
        'INVALID_ARGUMENT',
        `${this.name} is an action profile without a selector: it has no groups`,
      );
  }

  /** Validates all of the new membership before changing anything, then applies it as PI does. */
  private setMembers(g: ProfileGroup, spec: GroupSpec): void {
    const next = new Map<number, number>();
    const watches = new Map<number, WatchPort>();
    let total = 0;
    for (const { memberId, weight, watch } of spec.members) {
      if (!Number.isInteger(weight) || weight <= 0)
        throw new ControlPlaneError(
          'INVALID_ARGUMENT',
          `member ${memberId}: weight ${weight} is not a positive integer`,
        );
      if (next.has(memberId))
        throw new ControlPlaneError(
          'INVALID_ARGUMENT',
          `member ${memberId} is given twice in group ${g.id} (use a weight)`,
        );
      next.set(memberId, weight);
      if (watch) watches.set(memberId, copyWatch(watch));
      total += weight;
    }
    // The sum of weights is bounded by the group's max_size, else the P4Info's max_group_size, else (this
    // target's own limit, which keeps a group's bmv2 members finite) the profile's size.
    const limit = g.maxSize || this.maxGroupSize || this.size;
    if (total > limit)
      throw new ControlPlaneError(
        'RESOURCE_EXHAUSTED',
        `group ${g.id}: the weights add up to ${total}, above ${limit}`,
      );
    for (const id of next.keys()) this.member(id);
    const touched = new Set<ProfileMember>();
    for (const id of g.weights.keys()) {
      const m = this.member(id);
      m.groups.delete(g);
      touched.add(m);
    }
    g.weights = next;
    for (const id of [...next.keys()].sort((a, b) => a - b)) {
      const m = this.member(id);
      m.groups.add(g);
      touched.add(m);
      while (m.handles.length < next.get(id)!) m.handles.push(this.takeHandle());
    }
    for (const m of touched) this.trimCopies(m);
    const slots: { h: number; m: ProfileMember }[] = [];
    for (const [id, w] of next) {
      const m = this.member(id);
      for (let i = 0; i < w; i++) slots.push({ h: m.handles[i], m });
    }
    g.slots = slots.sort((a, b) => a.h - b.h).map((s) => s.m);
    g.watches = watches;
    g.watched = new Map();
    for (const [id, w] of watches) {
      const port = watchedPort(w);
      if (port !== undefined) g.watched.set(this.member(id), port);
    }
    this.refreshLive(g);
  }

  /** Releases the weight copies no group needs any more (PI's purge of unused weighted members). */
  private trimCopies(m: ProfileMember): void {
    let need = 1;
    for (const g of m.groups) need = Math.max(need, g.weights.get(m.id) ?? 1);
    while (m.handles.length > need) this.releaseHandle(m.handles.pop()!);
  }

  private takeHandle(): number {
    const free = this.freeHandles;
    if (free.length === 0) return this.nextHandle++;
    // A small sorted list: handles are released rarely and taken back lowest first.
    return free.shift()!;
  }

  private releaseHandle(h: number): void {
    const free = this.freeHandles;
    let i = free.length;
    while (i > 0 && free[i - 1] > h) i--;
    free.splice(i, 0, h);
  }
}

function copyWatch(w: WatchPort): WatchPort {
  return w.kind === 'watch' ? { ...w } : { kind: 'watchPort', watchPort: Uint8Array.from(w.watchPort) };
}

function copyCall(a: ActionCall): ActionCall {
  return { actionId: a.actionId, params: new Map(a.params) };
}
