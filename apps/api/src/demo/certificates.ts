import { createHash } from 'node:crypto';
import { actorOf } from '../factories/actors';
import { createActivity, createPeriod } from '../factories/activities';
import type { FactoryContext } from '../factories/context';
import { payOrder, placeOrder } from '../factories/orders';
import { newId } from '../lib/ids';
import { createAssetRepository } from '../modules/assets/assets.repository';
import { createCertificateBatches } from '../modules/certificates/certificate-batches';
import { createCertificatesRepository } from '../modules/certificates/certificates.repository';
import { createCertificatesService } from '../modules/certificates/certificates.service';
import { demoSeal, demoSignature } from './certificate-images';

/*
 * The demo club's certificates: its seal and signature (the « Mutuelle » step complete), and last year's
 * certificates for the demo parent's children — a summer camp of five days each attended and paid, a
 * health-mutual certificate for Léa's, the children's national register numbers given for the 281.86,
 * and the year's 281.86 batch a manager generated (ready for the Belcotax export).
 */

const DAY_MS = 86_400_000;

/** A valid national register number for a birth date and a sequence (check: 2 prefixed from 2000). */
function nationalNumber(birthdate: string, sequence: number): string {
  const body = `${birthdate.slice(2, 4)}${birthdate.slice(5, 7)}${birthdate.slice(8, 10)}${String(sequence).padStart(3, '0')}`;
  const base = Number(body) + (Number(birthdate.slice(0, 4)) >= 2000 ? 2_000_000_000 : 0);
  return `${body}${String(97 - (base % 97)).padStart(2, '0')}`;
}

async function storeImage(ctx: FactoryContext, organizationId: string, data: Buffer, fileName: string) {
  const id = newId('ast');
  await createAssetRepository(ctx.db).insert({
    organizationId,
    id,
    contentType: 'image/png',
    byteSize: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    fileName,
    data,
    private: true,
  });
  return id;
}

export async function seedCertificates(
  ctx: FactoryContext,
  organizationId: string,
  now: Date,
  input: {
    parentEmail: string;
    managerEmail: string;
    children: { id: string; firstName: string; birthdate: string }[];
    demoFamily: boolean;
  },
): Promise<void> {
  const repository = createCertificatesRepository(ctx.db);
  await repository.updateProfile(organizationId, {
    mutualSeal: await storeImage(ctx, organizationId, demoSeal(), 'cachet.png'),
    signatureStamp: await storeImage(ctx, organizationId, demoSignature(), 'signature.png'),
    mutualRecognitionText:
      'Club affilié à la Fédération sportive de Bruxelles, reconnu par le conseil communal des sports',
    mutualSignatoryName: 'Marc Lambert',
    mutualSignatoryRole: 'Secrétaire',
    taxApprovalBody: "Office de la Naissance et de l'Enfance (ONE)",
  });
  if (!input.demoFamily || input.children.length === 0) return;

  // Last summer's camp: five days in the second week of July, registered in June, paid the next day.
  const lastYear = now.getUTCFullYear() - 1;
  const periodId = await createPeriod(ctx.db, {
    organizationId,
    name: `Stage d'été ${lastYear}`,
    startDate: `${lastYear}-07-01`,
    endDate: `${lastYear}-07-31`,
  });
  const monday = new Date(Date.UTC(lastYear, 6, 7, 7));
  while (monday.getUTCDay() !== 1) monday.setUTCDate(monday.getUTCDate() + 1);
  const camp = await createActivity(ctx.db, {
    organizationId,
    name: "Stage multisports d'été",
    price: 2200,
    visibility: 'public',
    maxSeats: 24,
    sessions: [0, 1, 2, 3, 4].map((d) => ({
      start: new Date(monday.getTime() + d * DAY_MS),
      periodId,
      duration: 420,
    })),
  });
  const family = await actorOf(ctx.db, organizationId, { email: input.parentEmail });
  const manager = await actorOf(ctx.db, organizationId, { email: input.managerEmail });
  const placedAt = new Date(Date.UTC(lastYear, 5, 2, 10));
  const { order } = await placeOrder(ctx, {
    family,
    blueprintId: camp.blueprintId,
    serviceIds: camp.serviceIds,
    memberIds: input.children.map((c) => c.id),
    at: placedAt,
  });
  await payOrder(ctx, manager, order.id, new Date(placedAt.getTime() + DAY_MS));

  const certificates = createCertificatesService(ctx);
  const [lea] = input.children;
  await certificates.requestHealthMutual(family, {
    memberId: lea!.id,
    blueprintId: camp.blueprintId,
    periodId,
  });
  for (const [i, child] of input.children.entries()) {
    await certificates.saveTaxIdentity(family, child.id, {
      childNationalNumber: nationalNumber(child.birthdate, 2 + 2 * i),
      debtorNationalNumber: nationalNumber('1988-05-21', 4),
      debtorFirstName: 'Claire',
      debtorLastName: 'Peeters',
    });
  }
  // The manager's batch of last year's 281.86, run here as its job would.
  const batches = createCertificateBatches(ctx);
  const batch = await batches.start(manager, { kind: 'tax', year: lastYear }, 'fr');
  await batches.run(
    {
      documentId: batch.id,
      kind: 'tax',
      periodId: null,
      year: lastYear,
      establishmentId: null,
      userId: manager.userId,
      locale: 'fr',
    },
    { jobId: 'seed', attempt: 1, organizationId },
  );
}
