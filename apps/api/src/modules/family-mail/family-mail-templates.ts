import type { Locale } from '@inscrio/shared';
import { brandHeader, type MailBrand } from '../mail/mail-brand';

/*
 * The money e-mails' texts and layout (plain text and HTML, phone-width first). Every value arrives
 * formatted in the recipient's language (amounts with formatMoney, dates dd/MM/yyyy HH:mm in the
 * organisation's zone).
 */

export interface OrderPlacedMail {
  organizationName: string;
  orderDate: string;
  lines: {
    memberName: string;
    activityName: string;
    start: string;
    unitPrice: string;
    supplements: { name: string; price: string }[];
    total: string;
  }[];
  total: string;
  paid: string | null;
  due: string;
  payment:
    | { kind: 'nothing-due' }
    | { kind: 'online-pending' }
    | { kind: 'offline-pending' }
    | {
        kind: 'transfer';
        beneficiary: string;
        iban: string;
        bic: string | null;
        amount: string;
        reference: string;
        /** The EPC QR image is attached inline as `cid:epc-qr`. */
        qr: boolean;
      };
  invoiceAttached: boolean;
  link: string;
}

export interface CancelledMail {
  organizationName: string;
  memberName: string;
  activityName: string;
  start: string;
  by: 'family' | 'manager';
  reason: string | null;
  creditNote: { number: string; amount: string; refunded: boolean } | null;
  /** Still due on the order after the cancellation, when something is. */
  due: string | null;
  link: string;
  toOrder: boolean;
}

export interface RefundMail {
  organizationName: string;
  amount: string;
  orderDate: string;
  byTransfer: boolean;
  creditNoteNumber: string | null;
  link: string;
}

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Non-breaking spaces kept together (IBAN groups, amounts) so a phone never breaks them. */
const nowrap = (value: string) => `<span style="white-space:nowrap">${escapeHtml(value)}</span>`;

const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;

function page(
  locale: Locale,
  body: string,
  link: { label: string; href: string },
  brand: MailBrand | null | undefined,
): string {
  const button = `<p style="margin:24px 0 8px"><a href="${escapeHtml(link.href)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p><p style="font-size:12px;color:#64748b;word-break:break-all;margin:0">${escapeHtml(link.href)}</p>`;
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#0f172a;background:#f8fafc;padding:16px;line-height:1.45"><div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:20px">${brandHeader(brand)}${body}${button}</div></body></html>`;
}

const row = (label: string, value: string, strong = false) =>
  `<tr><td style="padding:4px 8px 4px 0;color:${strong ? '#0f172a' : '#334155'};${strong ? 'font-weight:600;' : ''}">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right;white-space:nowrap;${strong ? 'font-weight:600;' : ''}">${escapeHtml(value)}</td></tr>`;

const ORDER_TEXTS = {
  fr: {
    subject: (p: OrderPlacedMail) => `Votre commande du ${p.orderDate} – ${p.organizationName}`,
    hello: 'Bonjour,',
    intro: (p: OrderPlacedMail) =>
      `Merci ! Votre commande du ${p.orderDate} auprès de ${p.organizationName} est enregistrée. Voici ce qu'elle comprend.`,
    session: 'Séance',
    supplement: 'Supplément',
    subtotal: 'Sous-total',
    total: 'Total',
    paid: 'Déjà payé',
    due: 'Montant à payer',
    transferTitle: 'Paiement par virement',
    transferIntro:
      'Les inscriptions sont confirmées. Pour régler la commande, faites un virement avec exactement ces informations :',
    beneficiary: 'Bénéficiaire',
    iban: 'IBAN',
    bic: 'BIC',
    amount: 'Montant',
    reference: 'Communication structurée',
    qr: "Ou scannez ce code avec l'application de votre banque : tout est déjà rempli.",
    qrAlt: 'Code QR du virement',
    onlinePending:
      "Votre paiement en ligne n'est pas encore confirmé. Les places restent réservées pendant le paiement : s'il n'a pas abouti, reprenez-le depuis la page de votre commande.",
    offlinePending: "L'organisation vous communiquera comment régler cette commande.",
    nothingDue: 'Il ne reste rien à payer : les inscriptions sont confirmées.',
    invoice: 'La facture est jointe à ce message (PDF).',
    button: 'Voir ma commande',
  },
  en: {
    subject: (p: OrderPlacedMail) => `Your order of ${p.orderDate} – ${p.organizationName}`,
    hello: 'Hello,',
    intro: (p: OrderPlacedMail) =>
      `Thank you! Your order of ${p.orderDate} with ${p.organizationName} is recorded. Here is what it includes.`,
    session: 'Session',
    supplement: 'Supplement',
    subtotal: 'Subtotal',
    total: 'Total',
    paid: 'Already paid',
    due: 'Amount to pay',
    transferTitle: 'Payment by bank transfer',
    transferIntro:
      'The registrations are confirmed. To pay the order, make a transfer with exactly these details:',
    beneficiary: 'Beneficiary',
    iban: 'IBAN',
    bic: 'BIC',
    amount: 'Amount',
    reference: 'Structured reference',
    qr: "Or scan this code with your bank's app: everything is filled in.",
    qrAlt: 'Transfer QR code',
    onlinePending:
      'Your online payment is not confirmed yet. The seats stay held while you pay: if the payment did not go through, resume it from your order page.',
    offlinePending: 'The organisation will tell you how to pay this order.',
    nothingDue: 'Nothing is left to pay: the registrations are confirmed.',
    invoice: 'The invoice is attached to this message (PDF).',
    button: 'View my order',
  },
} as const;

/** The order confirmation: sessions per family member, amounts, and how to pay. */
export function renderOrderPlacedMail(
  p: OrderPlacedMail,
  locale: Locale,
  brand?: MailBrand | null,
): Rendered {
  const t = ORDER_TEXTS[locale];
  const members = [...new Set(p.lines.map((l) => l.memberName))];
  const text: string[] = [t.hello, t.intro(p)];
  let html = paragraph(t.hello) + paragraph(t.intro(p));
  for (const member of members) {
    const lines = p.lines.filter((l) => l.memberName === member);
    text.push(
      [
        member,
        ...lines.flatMap((l) => [
          `• ${l.activityName}, ${l.start} : ${l.unitPrice}`,
          ...l.supplements.map((s) => `  + ${s.name} : ${s.price}`),
        ]),
      ].join('\n'),
    );
    html += `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(member)}</h2><table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px">`;
    for (const l of lines) {
      html += `<tr><td style="padding:6px 8px 2px 0;border-top:1px solid #e2e8f0"><strong>${escapeHtml(l.activityName)}</strong><br><span style="color:#475569">${escapeHtml(l.start)}</span></td><td style="padding:6px 0 2px;border-top:1px solid #e2e8f0;text-align:right;vertical-align:top;white-space:nowrap">${escapeHtml(l.unitPrice)}</td></tr>`;
      for (const s of l.supplements) {
        html += `<tr><td style="padding:2px 8px 2px 12px;color:#334155">+ ${escapeHtml(s.name)}</td><td style="padding:2px 0;text-align:right;white-space:nowrap;color:#334155">${escapeHtml(s.price)}</td></tr>`;
      }
    }
    html += '</table>';
  }
  const totals = [
    row(t.total, p.total),
    ...(p.paid ? [row(t.paid, p.paid)] : []),
    row(t.due, p.due, true),
  ].join('');
  html += `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px;margin:16px 0;border-top:2px solid #0f172a">${totals}</table>`;
  text.push(
    [`${t.total} : ${p.total}`, ...(p.paid ? [`${t.paid} : ${p.paid}`] : []), `${t.due} : ${p.due}`].join(
      '\n',
    ),
  );

  const pay = p.payment;
  if (pay.kind === 'transfer') {
    // [label, value, copied as is (monospace, never broken)]
    const facts: [string, string, boolean][] = [
      [t.beneficiary, pay.beneficiary, false],
      [t.iban, pay.iban, true],
      ...(pay.bic ? [[t.bic, pay.bic, true] as [string, string, boolean]] : []),
      [t.amount, pay.amount, true],
      [t.reference, pay.reference, true],
    ];
    text.push(
      [t.transferTitle, t.transferIntro, ...facts.map(([label, value]) => `${label} : ${value}`)].join('\n'),
    );
    html += `<div style="border:1px solid #cbd5e1;border-radius:8px;padding:16px;margin:16px 0"><h2 style="font-size:16px;margin:0 0 8px">${escapeHtml(t.transferTitle)}</h2>${paragraph(t.transferIntro)}<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px">${facts
      .map(
        ([label, value, code]) =>
          `<tr><td style="padding:4px 8px 4px 0;color:#475569;vertical-align:top">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600;${code ? 'font-family:ui-monospace,Menlo,monospace' : ''}">${code ? nowrap(label === t.iban ? value.replace(/(.{4})(?=.)/g, '$1 ') : value) : escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>`;
    if (pay.qr) {
      text.push(t.qr);
      html += `<p style="margin:16px 0 8px">${escapeHtml(t.qr)}</p><img src="cid:epc-qr" alt="${escapeHtml(t.qrAlt)}" width="200" height="200" style="display:block;width:200px;height:200px">`;
    }
    html += '</div>';
  } else {
    const message =
      pay.kind === 'online-pending'
        ? t.onlinePending
        : pay.kind === 'offline-pending'
          ? t.offlinePending
          : t.nothingDue;
    text.push(message);
    html += paragraph(message);
  }
  if (p.invoiceAttached) {
    text.push(t.invoice);
    html += paragraph(t.invoice);
  }
  text.push(`${t.button} : ${p.link}`);
  return {
    subject: t.subject(p),
    text: text.join('\n\n'),
    html: page(locale, html, { label: t.button, href: p.link }, brand),
  };
}

const CANCEL_TEXTS = {
  fr: {
    subject: (p: CancelledMail) =>
      `Inscription annulée : ${p.activityName} du ${p.start} – ${p.organizationName}`,
    hello: 'Bonjour,',
    body: (p: CancelledMail) =>
      p.by === 'manager'
        ? `${p.organizationName} a annulé l'inscription de ${p.memberName} à la séance ${p.activityName} du ${p.start}.`
        : `L'inscription de ${p.memberName} à la séance ${p.activityName} du ${p.start} est annulée, comme vous l'avez demandé.`,
    reason: (reason: string) => `Motif : ${reason}`,
    credit: (c: NonNullable<CancelledMail['creditNote']>) =>
      c.refunded
        ? `La note de crédit ${c.number} de ${c.amount} est jointe à ce message : ce montant vous est remboursé.`
        : `La note de crédit ${c.number} de ${c.amount} est jointe à ce message : ce montant n'est plus dû.`,
    due: (due: string) => `Il reste ${due} à payer pour cette commande.`,
    question: "Pour toute question, contactez l'organisation.",
    button: (toOrder: boolean) => (toOrder ? 'Voir ma commande' : 'Voir mes activités'),
  },
  en: {
    subject: (p: CancelledMail) =>
      `Registration cancelled: ${p.activityName} on ${p.start} – ${p.organizationName}`,
    hello: 'Hello,',
    body: (p: CancelledMail) =>
      p.by === 'manager'
        ? `${p.organizationName} cancelled the registration of ${p.memberName} to the ${p.activityName} session on ${p.start}.`
        : `The registration of ${p.memberName} to the ${p.activityName} session on ${p.start} is cancelled, as you asked.`,
    reason: (reason: string) => `Reason: ${reason}`,
    credit: (c: NonNullable<CancelledMail['creditNote']>) =>
      c.refunded
        ? `Credit note ${c.number} for ${c.amount} is attached to this message: this amount is refunded to you.`
        : `Credit note ${c.number} for ${c.amount} is attached to this message: this amount is no longer due.`,
    due: (due: string) => `${due} remains to be paid on this order.`,
    question: 'For any question, contact the organisation.',
    button: (toOrder: boolean) => (toOrder ? 'View my order' : 'See my activities'),
  },
} as const;

export function renderCancelledMail(p: CancelledMail, locale: Locale, brand?: MailBrand | null): Rendered {
  const t = CANCEL_TEXTS[locale];
  const paragraphs = [
    t.hello,
    t.body(p),
    ...(p.reason ? [t.reason(p.reason)] : []),
    ...(p.creditNote ? [t.credit(p.creditNote)] : []),
    ...(p.due ? [t.due(p.due)] : []),
    t.question,
  ];
  const link = { label: t.button(p.toOrder), href: p.link };
  return {
    subject: t.subject(p),
    text: [...paragraphs, `${link.label} : ${link.href}`].join('\n\n'),
    html: page(locale, paragraphs.map(paragraph).join(''), link, brand),
  };
}

const REFUND_TEXTS = {
  fr: {
    subject: (p: RefundMail) => `Remboursement de ${p.amount} – ${p.organizationName}`,
    hello: 'Bonjour,',
    body: (p: RefundMail) =>
      `${p.organizationName} vous a remboursé ${p.amount} sur votre commande du ${p.orderDate}.`,
    when: (p: RefundMail) =>
      p.byTransfer
        ? 'Le montant est versé par virement sur votre compte : comptez quelques jours ouvrables.'
        : 'Le montant revient sur le moyen de paiement utilisé : comptez quelques jours ouvrables.',
    credit: (number: string) => `La note de crédit ${number} est jointe à ce message.`,
    button: 'Voir ma commande',
  },
  en: {
    subject: (p: RefundMail) => `Refund of ${p.amount} – ${p.organizationName}`,
    hello: 'Hello,',
    body: (p: RefundMail) =>
      `${p.organizationName} refunded you ${p.amount} on your order of ${p.orderDate}.`,
    when: (p: RefundMail) =>
      p.byTransfer
        ? 'The amount is sent to your account by bank transfer: allow a few working days.'
        : 'The amount goes back to the payment method you used: allow a few working days.',
    credit: (number: string) => `Credit note ${number} is attached to this message.`,
    button: 'View my order',
  },
} as const;

export function renderRefundMail(p: RefundMail, locale: Locale, brand?: MailBrand | null): Rendered {
  const t = REFUND_TEXTS[locale];
  const paragraphs = [
    t.hello,
    t.body(p),
    t.when(p),
    ...(p.creditNoteNumber ? [t.credit(p.creditNoteNumber)] : []),
  ];
  const link = { label: t.button, href: p.link };
  return {
    subject: t.subject(p),
    text: [...paragraphs, `${link.label} : ${link.href}`].join('\n\n'),
    html: page(locale, paragraphs.map(paragraph).join(''), link, brand),
  };
}
