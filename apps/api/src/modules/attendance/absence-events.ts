import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';

/*
 * A participant marked absent, or present again after an absence (a mark corrected), told inside the
 * transaction that sets the status. Attendance
 * sits low in the module order (docs/ARCHITECTURE.md) while what an absence gives (a recovery token,
 * when the organisation grants them) belongs to a higher module: that module plugs its handler in
 * through `handleAbsences` (in `buildApp`, once per application), and no import points back up.
 * Unlike the order money events, an unplugged port does nothing: taking attendance works without tokens.
 */

export interface AbsenceEvent {
  organizationId: string;
  participantId: string;
  serviceId: string;
  /** When the absence was marked (the mark's instant, as the device made it). */
  at: Date;
  /** Who marked it (a holder or a manager). */
  actorUserId: string | null;
}

export interface AbsenceHandler {
  absent(tx: Executor, event: AbsenceEvent): Promise<void>;
  /** The absence was a mistake: the participant is marked present again (what it gave is taken back). */
  presentAgain(tx: Executor, event: AbsenceEvent): Promise<void>;
}

const handlers = new WeakMap<AppContext, AbsenceHandler>();

/** Plugs in the one handler of the application's absences (`buildApp` does it once). */
export function handleAbsences(ctx: AppContext, handler: AbsenceHandler): void {
  handlers.set(ctx, handler);
}

/** Tells an absence inside the caller's transaction; nothing happens when no handler was plugged in. */
export async function tellAbsence(ctx: AppContext, tx: Executor, event: AbsenceEvent): Promise<void> {
  await handlers.get(ctx)?.absent(tx, event);
}

/** Tells a participant marked present again after an absence, inside the caller's transaction. */
export async function tellPresentAgain(ctx: AppContext, tx: Executor, event: AbsenceEvent): Promise<void> {
  await handlers.get(ctx)?.presentAgain(tx, event);
}
