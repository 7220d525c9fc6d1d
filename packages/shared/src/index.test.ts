import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from './index';

/** The names other packages code against; removing or renaming one breaks them. */
const CONTRACT = {
  locale: ['LOCALES', 'DEFAULT_LOCALE', 'resolveLocale'],
  vat: ['isValidVatNumber', 'normalizeVatNumber'],
  enums: [
    'defineEnum',
    'LICENCE_PLANS',
    'SESSION_STATUSES',
    'REGISTRATION_STATUSES',
    'INVOICE_STATUSES',
    'PARTICIPANT_STATUSES',
    'participantBadgeVariant',
    'VISIBILITIES',
    'VISIBILITY_RULES',
    'allowsSelfRegistration',
    'allowsRecovery',
    'AUDIT_EVENTS',
    'MOLLIE_STATUSES',
    'GENDERS',
    'ROLES',
    'PAYMENT_PROVIDERS',
    'DOCUMENT_KINDS',
    'LOCATION_TYPES',
    'STATUS_ICONS',
  ],
  permissions: [
    'isHolder',
    'isParticipant',
    'isElevated',
    'canManageServices',
    'canManageUsers',
    'isAtLeastHolder',
    'isAtLeastEstManager',
    'isAtLeastOrgManager',
    'isAtLeastSupport',
    'isSystemAdmin',
    'SYSTEM_ORGANIZATION_ID',
    'DEFAULT_ESTABLISHMENT_ID',
    'actingOrganizationId',
    'userKind',
  ],
  format: [
    'formatMoney',
    'formatPercent',
    'formatDuration',
    'formatAge',
    'ageRestrictionText',
    'formatSeats',
    'displayName',
    'withHttps',
    'isEmpty',
    'isCustomButtonVisible',
    'COUNTRY_OPTIONS',
    'COUNTRY_CODES',
    'countryName',
    'countryIndicative',
    'formatDate',
    'formatDateTime',
  ],
  organization: ['isBillingComplete', 'isMutualComplete', 'isPaymentComplete', 'organizationWarnings'],
  validation: [
    'MESSAGES',
    'message',
    'passwordSchema',
    'withPasswordConfirmation',
    'organizationCreateSchema',
    'personSchema',
    'personSchemaWithPassword',
    'delegatedPersonSchema',
    'companySchema',
    'blueprintSchema',
  ],
};

describe('package entry point', () => {
  it.each(Object.entries(CONTRACT))('exports the %s names', (_module, names) => {
    for (const name of names) expect(shared, name).toHaveProperty(name);
    for (const name of names) expect((shared as Record<string, unknown>)[name], name).toBeDefined();
  });

  it('builds every schema in both locales', () => {
    for (const locale of shared.LOCALES) {
      for (const factory of [
        shared.passwordSchema,
        shared.organizationCreateSchema,
        shared.personSchema,
        shared.personSchemaWithPassword,
        shared.delegatedPersonSchema,
        shared.companySchema,
        shared.blueprintSchema,
      ]) {
        const schema = factory(locale);
        expect(schema.safeParse(undefined).success).toBe(false);
        // The API documents its routes from these schemas (fastify-type-provider-zod uses toJSONSchema).
        expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
        expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
      }
    }
  });
});
