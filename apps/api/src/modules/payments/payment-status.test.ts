import { PAYMENT_STATUSES, type PaymentStatus } from '@inscrio/shared';
import { describe, expect, it } from 'vitest';
import { buckarooToPaymentStatus } from './buckaroo/buckaroo.provider';
import { mollieStatusOf } from './mollie/mollie-connection';
import { mollieToPaymentStatus } from './mollie/mollie.provider';
import {
  centsToDecimal as centsToDecimalString,
  centsToDecimalNumber,
  decimalToCents,
} from '../../lib/money';
import { canMovePayment } from './payments.service';

describe('payment state machine', () => {
  const allowed: Record<PaymentStatus, PaymentStatus[]> = {
    open: ['pending', 'paid', 'failed', 'cancelled', 'expired'],
    pending: ['paid', 'failed', 'cancelled', 'expired'],
    failed: ['paid'],
    cancelled: ['paid'],
    expired: ['paid'],
    paid: ['refunded'],
    refunded: [],
  };
  it.each(PAYMENT_STATUSES)('moves only forward from %s', (from) => {
    for (const to of PAYMENT_STATUSES)
      expect(canMovePayment(from, to), `${from} → ${to}`).toBe(allowed[from].includes(to));
  });
});

describe('provider statuses', () => {
  it('maps Mollie statuses', () => {
    expect(
      ['open', 'pending', 'authorized', 'paid', 'canceled', 'expired', 'failed'].map(mollieToPaymentStatus),
    ).toEqual(['open', 'pending', 'pending', 'paid', 'cancelled', 'expired', 'failed']);
  });

  it('maps Buckaroo codes', () => {
    expect(buckarooToPaymentStatus(190)).toBe('paid');
    for (const code of [790, 791, 792, 793]) expect(buckarooToPaymentStatus(code)).toBe('pending');
    for (const code of [490, 491, 492, 690]) expect(buckarooToPaymentStatus(code)).toBe('failed');
    for (const code of [890, 891]) expect(buckarooToPaymentStatus(code)).toBe('cancelled');
    expect(buckarooToPaymentStatus(0)).toBe('pending');
  });

  it('derives the Mollie connection status of spec section 4', () => {
    const base = {
      organizationId: 'org_a',
      oauthState: null,
      accessTokenEncrypted: 'x',
      refreshTokenEncrypted: 'y',
      accessTokenExpiresAt: null,
      profileId: 'pfl_1',
      onboardingStatus: 'needs-data',
      canReceivePayments: false,
      dashboardUrl: 'https://my.mollie.com/dashboard',
      disconnectedAt: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    expect(mollieStatusOf(undefined)).toEqual({ status: 'unset', dashboardUrl: null });
    expect(mollieStatusOf({ ...base, refreshTokenEncrypted: null })).toEqual({
      status: 'unset',
      dashboardUrl: null,
    });
    expect(mollieStatusOf(base)).toEqual({
      status: 'onboarding',
      dashboardUrl: 'https://my.mollie.com/dashboard',
    });
    expect(mollieStatusOf({ ...base, onboardingStatus: 'completed' }).status).toBe('onboarding');
    expect(mollieStatusOf({ ...base, onboardingStatus: 'in-review', canReceivePayments: true }).status).toBe(
      'onboarding',
    );
    expect(mollieStatusOf({ ...base, onboardingStatus: 'completed', canReceivePayments: true })).toEqual({
      status: 'ready',
      dashboardUrl: null,
    });
    expect(
      mollieStatusOf({
        ...base,
        refreshTokenEncrypted: null,
        accessTokenEncrypted: null,
        disconnectedAt: new Date(),
      }),
    ).toEqual({ status: 'disconnected', dashboardUrl: null });
  });
});

describe('money for providers', () => {
  it('writes cents as the decimals providers expect', () => {
    expect(centsToDecimalString(12345)).toBe('123.45');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDecimalString(100)).toBe('1.00');
    expect(centsToDecimalString(-250)).toBe('-2.50');
    expect(centsToDecimalNumber(12345)).toBe(123.45);
    expect(decimalToCents('123.45')).toBe(12345);
    expect(decimalToCents(0.1 + 0.2)).toBe(30);
    expect(decimalToCents('10')).toBe(1000);
  });
});
