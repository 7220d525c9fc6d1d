import { describe, expect, it } from 'vitest';
import { MOLLIE_STATUSES } from './enums';
import type { MollieStatus } from './enums';
import {
  ORGANIZATION_SECTIONS,
  isBillingComplete,
  isMutualComplete,
  isPaymentComplete,
  organizationConfigurationPath,
  organizationWarnings,
} from './organization';
import type { OrganizationBillingFields } from './organization';

const COMPLETE: OrganizationBillingFields = {
  id: 'org_club',
  billingEmail: 'facturation@club.be',
  billingPhone: '+32 2 123 45 67',
  billingAddress: 'Rue du Stade 1',
  billingCity: 'Bruxelles',
  billingPostalCode: '1000',
  billingCountry: 'BEL',
  vatNumber: 'BE0123456789',
  paymentProvider: 'offline',
  iban: 'BE71096123456769',
  buckarooWebsiteKey: null,
  buckarooSecretKey: null,
  mutualSeal: 'asset_seal',
  signatureStamp: 'asset_stamp',
};

const EMPTY_VALUES = [null, undefined, ''] as const;

describe('isBillingComplete', () => {
  it('is complete when every billing field is set', () => {
    expect(isBillingComplete(COMPLETE)).toBe(true);
  });

  const fields = [
    'billingEmail',
    'billingPhone',
    'billingAddress',
    'billingCity',
    'billingPostalCode',
    'billingCountry',
    'vatNumber',
  ] as const;

  it.each(fields.flatMap((field) => EMPTY_VALUES.map((value) => [field, value] as const)))(
    'is incomplete when %s is %j',
    (field, value) => {
      expect(isBillingComplete({ ...COMPLETE, [field]: value })).toBe(false);
    },
  );

  it('is incomplete when the field is missing altogether', () => {
    const { vatNumber: _omitted, ...rest } = COMPLETE;
    expect(isBillingComplete(rest)).toBe(false);
    expect(isBillingComplete({})).toBe(false);
  });

  it('ignores fields from other sections', () => {
    expect(isBillingComplete({ ...COMPLETE, mutualSeal: null, paymentProvider: null })).toBe(true);
  });
});

describe('isMutualComplete', () => {
  it('needs both the seal and the signature stamp', () => {
    expect(isMutualComplete(COMPLETE)).toBe(true);
    for (const value of EMPTY_VALUES) {
      expect(isMutualComplete({ ...COMPLETE, mutualSeal: value })).toBe(false);
      expect(isMutualComplete({ ...COMPLETE, signatureStamp: value })).toBe(false);
    }
    expect(isMutualComplete({})).toBe(false);
  });
});

describe('isPaymentComplete', () => {
  it('treats offline (bank transfer) as complete once an IBAN is set', () => {
    expect(isPaymentComplete({ paymentProvider: 'offline', iban: 'BE71096123456769' })).toBe(true);
    for (const value of EMPTY_VALUES) {
      expect(isPaymentComplete({ paymentProvider: 'offline', iban: value })).toBe(false);
    }
    // The Mollie status plays no part.
    expect(isPaymentComplete({ paymentProvider: 'offline' }, 'ready')).toBe(false);
  });

  it('needs both Buckaroo keys', () => {
    const buckaroo = { paymentProvider: 'buckaroo', buckarooWebsiteKey: 'web', buckarooSecretKey: 'secret' };
    expect(isPaymentComplete(buckaroo)).toBe(true);
    for (const value of EMPTY_VALUES) {
      expect(isPaymentComplete({ ...buckaroo, buckarooWebsiteKey: value })).toBe(false);
      expect(isPaymentComplete({ ...buckaroo, buckarooSecretKey: value })).toBe(false);
    }
  });

  it('ignores the Mollie status for Buckaroo and the keys for Mollie', () => {
    expect(isPaymentComplete({ paymentProvider: 'buckaroo' }, 'ready')).toBe(false);
    expect(
      isPaymentComplete(
        { paymentProvider: 'mollie', buckarooWebsiteKey: 'w', buckarooSecretKey: 's' },
        'unset',
      ),
    ).toBe(false);
  });

  const mollie: Record<MollieStatus, boolean> = {
    unset: false,
    onboarding: true,
    ready: true,
    disconnected: false,
  };

  it.each(MOLLIE_STATUSES.values)('Mollie with status %s', (status) => {
    expect(isPaymentComplete({ paymentProvider: 'mollie' }, status)).toBe(mollie[status]);
  });

  it('Mollie without a known status is incomplete', () => {
    expect(isPaymentComplete({ paymentProvider: 'mollie' })).toBe(false);
    expect(isPaymentComplete({ paymentProvider: 'mollie' }, null)).toBe(false);
  });

  it.each([null, undefined, '', 'stripe', 'OFFLINE'])('provider %j is incomplete', (provider) => {
    expect(isPaymentComplete({ paymentProvider: provider }, 'ready')).toBe(false);
  });
});

describe('organizationWarnings', () => {
  it('is empty for a complete organisation', () => {
    expect(organizationWarnings(COMPLETE)).toEqual([]);
    expect(organizationWarnings({ ...COMPLETE, paymentProvider: 'mollie' }, 'ready')).toEqual([]);
  });

  it('lists every incomplete section in order with its configuration step', () => {
    expect(organizationWarnings({ id: 'org_club' })).toEqual([
      { section: 'billing', path: '/configuration/organizations/org_club?step=billing' },
      { section: 'mutual', path: '/configuration/organizations/org_club?step=mutual' },
      { section: 'payment', path: '/configuration/organizations/org_club?step=payment' },
    ]);
  });

  it.each([
    [{ ...COMPLETE, billingCity: '' }, undefined, ['billing']],
    [{ ...COMPLETE, signatureStamp: null }, undefined, ['mutual']],
    [{ ...COMPLETE, paymentProvider: 'mollie' }, 'disconnected', ['payment']],
    [{ ...COMPLETE, paymentProvider: 'mollie' }, 'onboarding', []],
    [{ ...COMPLETE, paymentProvider: 'buckaroo', buckarooWebsiteKey: 'w' }, undefined, ['payment']],
    [{ ...COMPLETE, iban: '' }, undefined, ['payment']],
    [{ ...COMPLETE, vatNumber: null, mutualSeal: '' }, undefined, ['billing', 'mutual']],
  ] as const)('%j with Mollie %j warns about %j', (org, status, sections) => {
    expect(organizationWarnings(org, status).map((warning) => warning.section)).toEqual(sections);
  });

  it('builds safe paths', () => {
    expect(organizationConfigurationPath('org/1 x', 'billing')).toBe(
      '/configuration/organizations/org%2F1%20x?step=billing',
    );
    expect(organizationWarnings({ ...COMPLETE, id: null, mutualSeal: null })).toEqual([
      { section: 'mutual', path: '/configuration/organizations/?step=mutual' },
    ]);
  });

  it('has the three sections of the notice', () => {
    expect(ORGANIZATION_SECTIONS).toEqual(['billing', 'mutual', 'payment']);
  });
});
