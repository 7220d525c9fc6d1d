import { and, eq, sql } from 'drizzle-orm';
import { communicationRecipients, inboxMessages } from '../db/schema';
import { actorOf } from '../factories/actors';
import type { FactoryContext } from '../factories/context';
import { createCommunicationsService } from '../modules/communications/communications.service';

const DAY = 86_400_000;

/**
 * Two messages the demo club sent to everyone (ten and two days ago), already delivered, so that the
 * parent's `/communications` is lived in: the older one read, the newer one unread.
 */
export async function seedCommunications(
  ctx: FactoryContext,
  organizationId: string,
  now: Date,
  people: { managerEmail: string; parentFamilyId: string },
): Promise<void> {
  const manager = await actorOf(ctx.db, organizationId, { email: people.managerEmail });
  const service = createCommunicationsService(ctx);
  const messages = [
    {
      daysAgo: 10,
      subjectFr: 'Bienvenue pour cette nouvelle saison',
      bodyFr:
        '<p>Bonjour à toutes et à tous,</p><p>La saison reprend ! Pensez à vérifier les <strong>certificats médicaux</strong> de vos enfants et à compléter leur fiche dans « Ma famille ».</p><p>Sportivement,<br>Le comité</p>',
      subjectEn: 'Welcome to the new season',
      bodyEn:
        '<p>Hello everyone,</p><p>The season starts again! Please check your children’s <strong>medical certificates</strong> and complete their details under « Ma famille ».</p><p>Best,<br>The committee</p>',
      read: true,
    },
    {
      daysAgo: 2,
      subjectFr: 'Piscine fermée samedi prochain',
      bodyFr:
        '<p>Bonjour,</p><p>La piscine sera fermée samedi prochain pour entretien. Les séances de ce jour-là sont <em>reportées</em> : vous recevrez un e-mail pour chacune.</p><ul><li>Pas de cours le matin</li><li>Stage de l’après-midi maintenu au gymnase</li></ul>',
      subjectEn: null,
      bodyEn: null,
      read: false,
    },
  ];
  for (const message of messages) {
    ctx.at(new Date(now.getTime() - message.daysAgo * DAY));
    const { communication } = await service.create(
      manager,
      {
        idempotencyKey: `demo-${message.daysAgo}`,
        target: 'everyone',
        targetId: null,
        subjectFr: message.subjectFr,
        bodyFr: message.bodyFr,
        subjectEn: message.subjectEn,
        bodyEn: message.bodyEn,
        attachmentIds: [],
      },
      'fr',
    );
    // Delivered when it was sent: its job (discarded with the demo's other queued jobs) has nothing to do.
    await ctx.db
      .update(communicationRecipients)
      .set({ status: 'sent', sentAt: ctx.clock.now() })
      .where(
        and(
          eq(communicationRecipients.organizationId, organizationId),
          eq(communicationRecipients.communicationId, communication.id),
        ),
      );
    if (message.read) {
      await ctx.db
        .update(inboxMessages)
        .set({ readAt: sql`${inboxMessages.createdAt} + interval '1 hour'` })
        .where(
          and(
            eq(inboxMessages.organizationId, organizationId),
            eq(inboxMessages.familyId, people.parentFamilyId),
            eq(inboxMessages.communicationId, communication.id),
          ),
        );
    }
  }
  ctx.at(null);
}
