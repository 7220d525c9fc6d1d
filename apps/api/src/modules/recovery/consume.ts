import { type Locale, refusalText } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { type AuthContext, familyOf } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { checkEligibility } from '../registrations/eligibility';
import { refuse, refusalError } from '../registrations/notifications';
import { createParticipantsRepository } from '../registrations/participants.repository';
import { takeSeat } from '../registrations/seats.repository';
import { toRecoveryTokenDto } from './recovery.dto';
import { createRecoveryRepository } from './recovery.repository';
import { hasExpired, tokenSessionRefusal } from './recovery.rules';
import { candidateFacts, scopeOf } from './recovery.service';

/**
 * `POST /recovery-tokens/{id}/consume`: the family uses its token on a session. In ONE transaction: the
 * token row is locked (two uses at once wait, the second finds it used), the session is judged (the
 * token's rules, then the registrations' age and overlap rules), the seat is taken by the conditional
 * update every registration uses (never oversold), a confirmed participant is created at no charge (no
 * order, no invoice) and the token is marked used with it.
 */
export async function consumeRecoveryToken(
  ctx: AppContext,
  auth: AuthContext,
  tokenId: string,
  serviceId: string,
  locale: Locale,
) {
  const { organizationId, familyId } = familyOf(auth);
  try {
    await ctx.db.transaction(async (tx) => {
      const tokens = createRecoveryRepository(tx);
      const token = await tokens.lock(organizationId, tokenId);
      if (!token || token.familyId !== familyId) throw new AppError('not_found');
      const now = ctx.clock.now();
      if (token.status !== 'available' || hasExpired(token, now)) {
        throw refuse('recovery_token_not_available', 'id', 'status');
      }
      const session = await tokens.candidate(organizationId, serviceId);
      if (!session) throw new AppError('not_found');
      const settings = (await tokens.settings(organizationId))!;
      const origin = token.originBlueprintId
        ? await tokens.blueprint(organizationId, token.originBlueprintId)
        : undefined;
      const refusal = tokenSessionRefusal(
        {
          status: token.status,
          expiresAt: token.expiresAt,
          originBlueprintId: token.originBlueprintId,
          originEstablishmentId: origin?.establishment_id ?? null,
        },
        candidateFacts(session),
        scopeOf(settings.recoveryScope),
        now,
      );
      const full = () => refuse('session_full', 'serviceId', 'full');
      if (refusal === 'full') throw full();
      if (refusal) throw refuse('recovery_session_not_eligible', 'serviceId', refusal);
      // The registrations' rules for the member: age on the session date, not already registered, no
      // overlap. Visibility is the token's rule (protected and public), and a make-up is not held back by
      // the period's opening.
      const check = await checkEligibility(
        ctx,
        tx,
        { organizationId, serviceId, memberId: token.memberId, familyId, locale, auth },
        { skip: { visibility: true, opening: true }, now },
      );
      if (!check.ok) throw refusalError(check.refusal);
      if (!(await takeSeat(tx, organizationId, serviceId))) throw full();
      const participantId = newId('reg', now.getTime());
      await createParticipantsRepository(tx).insert({
        organizationId,
        id: participantId,
        serviceId,
        memberId: token.memberId,
        familyId,
        status: 'confirmed',
        holdsSeat: true,
        createdByUserId: auth.userId,
        confirmedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await tokens.update(
        organizationId,
        tokenId,
        { status: 'used', usedAt: now, usedParticipantId: participantId, usedServiceId: serviceId },
        now,
      );
      const audit = {
        organizationId,
        actorUserId: auth.userId,
        impersonatorUserId: auth.impersonatorUserId,
      };
      // Confirmed at once, like a registration a manager adds: both events, as everywhere else.
      for (const type of ['registration-created', 'registration-confirmed'] as const) {
        await ctx.audit.record(
          {
            ...audit,
            type,
            subjectType: 'participant',
            subjectId: participantId,
            data: { serviceId, memberId: token.memberId, recoveryTokenId: tokenId },
          },
          tx,
        );
      }
      await ctx.audit.record(
        {
          ...audit,
          type: 'recovery-token-used',
          subjectType: 'recovery-token',
          subjectId: tokenId,
          data: { serviceId, participantId },
        },
        tx,
      );
      return participantId;
    });
  } catch (error) {
    // The member took the session at the same moment by another way: the live-registration index says so.
    if (isUniqueViolation(error, 'participants_live_unique')) {
      throw new AppError('already_registered', [
        {
          field: 'serviceId',
          rule: 'already-registered',
          message: refusalText('already-registered', locale),
        },
      ]);
    }
    throw error;
  }
  const view = (await createRecoveryRepository(ctx.db).findView(organizationId, tokenId))!;
  return { token: toRecoveryTokenDto(view), participantId: view.usedParticipantId! };
}
