// Client arbitration (P4Runtime spec §5): per (device, role), the stream with the highest election id is
// the primary. Every arbitration message gets an answer; when the primary changes, every stream of the
// role is told its new status (OK for the primary, ALREADY_EXISTS for backups while a primary exists,
// NOT_FOUND when none does).
import { status } from '@grpc/grpc-js';
import { toUint128, type StreamMessageResponse } from 'p4runtime-ts';
import { RpcError } from './rpc-error.js';

export interface Session {
  readonly id: number;
  send(msg: StreamMessageResponse): void;
}

interface Member {
  role: string;
  /** Undefined for a client that sent no election id: it may observe but never becomes primary. */
  electionId: bigint | undefined;
}

export class Arbiter {
  private readonly members = new Map<Session, Member>();

  constructor(private readonly deviceId: bigint) {}

  /** Handle an arbitration message from `session`; throws RpcError to refuse it (the stream is then closed). */
  arbitrate(session: Session, role: string, sentId: bigint | undefined): void {
    // An election id of zero is treated as none: such a client observes but never becomes primary,
    // consistent with Write and SetForwardingPipelineConfig refusing a zero election id.
    const electionId = sentId === 0n ? undefined : sentId;
    const current = this.members.get(session);
    if (current && current.role !== role)
      throw new RpcError(status.FAILED_PRECONDITION, 'a stream cannot change its role; open a new stream');
    if (electionId !== undefined) {
      for (const [other, m] of this.members) {
        if (other !== session && m.role === role && m.electionId === electionId)
          throw new RpcError(
            status.INVALID_ARGUMENT,
            `election id ${electionId} is already used by another controller of role '${role}'`,
          );
      }
    }
    const before = this.primary(role);
    this.members.set(session, { role, electionId });
    const after = this.primary(role);
    if (before !== after || (after === session && current?.electionId !== electionId)) this.notifyRole(role);
    else this.notify(session);
  }

  remove(session: Session): void {
    const m = this.members.get(session);
    if (!m) return;
    const wasPrimary = this.primary(m.role) === session;
    this.members.delete(session);
    if (wasPrimary) this.notifyRole(m.role);
  }

  has(session: Session): boolean {
    return this.members.has(session);
  }

  roleOf(session: Session): string | undefined {
    return this.members.get(session)?.role;
  }

  primary(role: string): Session | undefined {
    let best: Session | undefined;
    let bestId = -1n;
    for (const [s, m] of this.members) {
      if (m.role === role && m.electionId !== undefined && m.electionId > bestId) {
        best = s;
        bestId = m.electionId;
      }
    }
    return best;
  }

  /** Sessions that receive PacketIn for the role: its primary only. */
  isPrimary(session: Session): boolean {
    const m = this.members.get(session);
    return m !== undefined && this.primary(m.role) === session;
  }

  /** Throw PERMISSION_DENIED unless `electionId` is the current primary's for `role`. */
  checkPrimary(role: string, electionId: bigint | undefined): void {
    if (electionId === undefined || electionId === 0n)
      throw new RpcError(
        status.PERMISSION_DENIED,
        'election id required: only the primary controller may write',
      );
    const p = this.primary(role);
    const pid = p ? this.members.get(p)?.electionId : undefined;
    if (pid === undefined)
      throw new RpcError(
        status.PERMISSION_DENIED,
        `no primary controller for role '${role}': arbitrate on a StreamChannel first`,
      );
    if (pid !== electionId)
      throw new RpcError(
        status.PERMISSION_DENIED,
        `election id ${electionId} is not the primary's (${pid}) for role '${role}'`,
      );
  }

  private highest(role: string): bigint | undefined {
    let h: bigint | undefined;
    for (const m of this.members.values()) {
      if (m.role === role && m.electionId !== undefined && (h === undefined || m.electionId > h))
        h = m.electionId;
    }
    return h;
  }

  private notifyRole(role: string): void {
    for (const [s, m] of this.members) if (m.role === role) this.notify(s);
  }

  private notify(session: Session): void {
    const m = this.members.get(session);
    if (!m) return;
    const primary = this.primary(m.role);
    const st =
      primary === session
        ? { code: status.OK, message: 'primary' }
        : primary
          ? { code: status.ALREADY_EXISTS, message: 'backup: another controller is primary' }
          : { code: status.NOT_FOUND, message: 'backup: no primary controller' };
    const highest = this.highest(m.role);
    session.send({
      arbitration: {
        device_id: this.deviceId.toString(),
        ...(m.role ? { role: { name: m.role } } : {}),
        ...(highest !== undefined ? { election_id: toUint128(highest) } : {}),
        status: st,
      },
    });
  }
}
