import { LICENCE_PLANS, type Locale, formatDate } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import { moveToNextPlan } from './licence-changes';
import { createLicenceRepository } from './licence.repository';
import { createLicenceTrialsRepository } from './licence-trials.repository';

export const TRIAL_QUEUE = 'licences.trials';
const DAY_MS = 86_400_000;
/** The club's administrators are told this many days before their trial ends. */
export const TRIAL_WARNING_DAYS = 7;
const BATCH = 100;

/**
 * The daily trial job: licences whose end has passed move to their next plan (from their end, so the
 * statements bill the exact days), and the club's administrators are e-mailed once, in their language,
 * when the end is 7 days away or less (`end_warning_sent_at`). Locked rows are skipped, so instances
 * running it at once never handle the same licence; a second run finds nothing left to do.
 */
export async function runTrialJob(ctx: AppContext): Promise<{ ended: number; warned: number }> {
  const now = ctx.clock.now();
  let ended = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const due = await createLicenceTrialsRepository(tx).lockEnded(now, BATCH);
      let moved = 0;
      for (const licence of due) {
        // A plan without a next plan stays as it is: there is nothing to move to.
        if (await moveToNextPlan(ctx, tx, licence.organizationId, licence.planKey, licence.endsAt)) moved++;
      }
      return { seen: due.length, moved };
    });
    ended += batch.moved;
    if (batch.seen < BATCH || batch.moved === 0) break;
  }

  let warned = 0;
  for (;;) {
    const count = await ctx.db.transaction(async (tx) => {
      const r = createLicenceTrialsRepository(tx);
      const due = await r.lockToWarn(now, new Date(now.getTime() + TRIAL_WARNING_DAYS * DAY_MS), BATCH);
      for (const licence of due) {
        const organization = await r.organization(licence.organizationId);
        const plan = await createLicenceRepository(tx).pricingPlan(licence.planKey);
        for (const admin of await r.administrators(licence.organizationId)) {
          const locale: Locale = admin.locale === 'en' ? 'en' : 'fr';
          await ctx.mailer.send(
            { to: admin.email, locale, organizationId: licence.organizationId, executor: tx },
            'licence-trial-ending',
            {
              organizationName: organization!.name,
              endDate: formatDate(licence.endsAt, organization!.timeZone, locale),
              nextPlanName: plan?.nextPlanKey ? LICENCE_PLANS.label(plan.nextPlanKey, locale) : null,
              link: organizationUrl(
                ctx.config,
                organization!.key,
                `/configuration/organizations/${encodeURIComponent(licence.organizationId)}`,
              ),
            },
          );
        }
        await r.markWarned(licence.organizationId, licence.id, now);
      }
      return due.length;
    });
    warned += count;
    if (count < BATCH) break;
  }
  if (ended + warned > 0) ctx.logger.info({ ended, warned }, 'licence trials handled');
  return { ended, warned };
}

/** Every day, once across instances. */
export async function registerTrialJob(ctx: AppContext): Promise<void> {
  await ctx.queue.registerRecurring(TRIAL_QUEUE, DAY_MS, async () => {
    await runTrialJob(ctx);
  });
}
