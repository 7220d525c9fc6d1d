import {
  formatDuration,
  type Locale,
  REGISTRATION_STATUSES,
  type ReportFormat,
  type ReportKind,
  SESSION_STATUSES,
} from '@inscrio/shared';
import { csvAmount, type CsvValue } from '../../lib/csv';
import type { MembersReportRow, OrderReportRow, PlanningReportRow } from './reports.repository';

/*
 * The reports' content, pure: their titles, file names, columns and the cells of each row. The same cells
 * feed the CSV (through the one writer, lib/csv.ts) and the PDF.
 */

const TITLES: Record<Locale, Record<ReportKind, string>> = {
  fr: {
    'report.orders': 'Rapport des commandes',
    'report.planning-activities': 'Planning des activités',
    'report.members-list': 'Liste des membres',
  },
  en: {
    'report.orders': 'Orders report',
    'report.planning-activities': 'Activity planning',
    'report.members-list': 'Members list',
  },
};

const FILE_BASES: Record<ReportKind, string> = {
  'report.orders': 'rapport-commandes',
  'report.planning-activities': 'planning-activites',
  'report.members-list': 'liste-membres',
};

const frenchDay = (iso: string) => iso.split('-').reverse().join('/');

/** « Rapport des commandes du 01/09/2026 au 30/09/2026 ». */
export function reportTitle(kind: ReportKind, from: string, to: string, locale: Locale): string {
  const range = locale === 'fr' ? `du ${frenchDay(from)} au ${frenchDay(to)}` : `${from} to ${to}`;
  return `${TITLES[locale][kind]} ${range}`;
}

export const reportFileName = (kind: ReportKind, from: string, to: string, format: ReportFormat) =>
  `${FILE_BASES[kind]}-${from}-${to}.${format}`;

export const reportContentType = (format: ReportFormat) =>
  format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf';

/** Seats taken out of the seats offered, as a whole percent; null when the session is unlimited. */
export function fillRate(reserved: number, max: number): number | null {
  if (max <= 0) return null;
  return Math.round((reserved / max) * 100);
}

/** Whole years between a birthdate and a day (both 'YYYY-MM-DD'), null when unknown. */
export function ageOn(birthdate: string | null, day: string): number | null {
  if (!birthdate) return null;
  const [by, bm, bd] = birthdate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

const HEADERS: Record<Locale, Record<ReportKind, string[]>> = {
  fr: {
    'report.orders': [
      'Date',
      'Commande',
      'Payeur',
      'Statut',
      'Moyen de paiement',
      'Total',
      'Payé',
      'Crédité',
      'Reste dû',
      'Facture',
      'Notes de crédit',
      'Paiements',
    ],
    'report.planning-activities': [
      'Date',
      'Heure',
      'Activité',
      'Durée',
      'Statut',
      'Encadrants',
      'Places',
      'Réservées',
      'Libres',
      'Taux de remplissage (%)',
    ],
    'report.members-list': [
      'Date',
      'Heure',
      'Activité',
      'Nom',
      'Prénom',
      'Âge',
      'Téléphone',
      'Statut',
      'Présent',
    ],
  },
  en: {
    'report.orders': [
      'Date',
      'Order',
      'Payer',
      'Status',
      'Payment method',
      'Total',
      'Paid',
      'Credited',
      'Due',
      'Invoice',
      'Credit notes',
      'Payments',
    ],
    'report.planning-activities': [
      'Date',
      'Time',
      'Activity',
      'Duration',
      'Status',
      'Holders',
      'Seats',
      'Reserved',
      'Free',
      'Fill rate (%)',
    ],
    'report.members-list': [
      'Date',
      'Time',
      'Activity',
      'Last name',
      'First name',
      'Age',
      'Phone',
      'Status',
      'Present',
    ],
  },
};

export const reportHeader = (kind: ReportKind, locale: Locale) => HEADERS[locale][kind];

const PARTICIPANT_STATUS: Record<Locale, Record<string, string>> = {
  fr: { confirmed: 'Confirmé', reserved: 'Réservé' },
  en: { confirmed: 'Confirmed', reserved: 'Reserved' },
};

const cents = (value: string | number) => Number(value);

export function orderCells(row: OrderReportRow, locale: Locale): CsvValue[] {
  const total = cents(row.total_amount);
  const paid = cents(row.paid_amount);
  const credited = cents(row.credited_amount);
  return [
    row.day,
    row.id,
    row.payer,
    REGISTRATION_STATUSES.label(row.status as never, locale),
    row.payment_provider,
    csvAmount(total),
    csvAmount(paid),
    csvAmount(credited),
    csvAmount(Math.max(total - credited - paid, 0)),
    row.invoice_number,
    row.credit_notes,
    row.payments,
  ];
}

export function planningCells(row: PlanningReportRow, locale: Locale): CsvValue[] {
  const unlimited = row.max_seats < 0;
  return [
    row.day,
    row.time,
    row.activity,
    formatDuration(row.duration),
    SESSION_STATUSES.label(row.status as never, locale),
    row.holders,
    unlimited ? (locale === 'fr' ? 'Illimité' : 'Unlimited') : row.max_seats,
    row.reserved_seats,
    unlimited ? null : Math.max(row.max_seats - row.reserved_seats, 0),
    fillRate(row.reserved_seats, row.max_seats),
  ];
}

export function memberCells(row: MembersReportRow, locale: Locale): CsvValue[] {
  const day = row.day.split('/').reverse().join('-');
  return [
    row.day,
    row.time,
    row.activity,
    row.last_name,
    row.first_name,
    ageOn(row.birthdate, day),
    row.phone,
    PARTICIPANT_STATUS[locale][row.status] ?? row.status,
    '',
  ];
}
