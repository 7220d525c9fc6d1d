import type { AppContext } from '../../src/app-context';
import type { FamilyFixture } from '../../src/factories/families';

/*
 * Fixtures of the cart and order tests: the factories the demo seed uses too (src/factories), so that
 * tests and seed build their data one way: activities with sessions, and many signed-in families made
 * in a few inserts (no sign-up, no password hashing), each with an access token minted like sign-in does.
 */

export { type ActivityFixture, createActivity, createPeriod } from '../../src/factories/activities';
export { createFamilies, type FamilyFixture } from '../../src/factories/families';

/** A fresh access token for a family (after the test clock moved past the token's 15 minutes). */
export async function signAgain(
  ctx: Pick<AppContext, 'tokens'>,
  family: FamilyFixture,
  organizationId = 'org_demo',
) {
  family.token = (
    await ctx.tokens.sign({ userId: family.userId, organizationId, sessionId: family.sessionId })
  ).token;
  return family.token;
}
