import type { TemplateSet } from './mail-template-types';

const listFr = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} et ${names.at(-1)}`;
const listEn = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** The reminder the day before a session; a mail one may stop (the mailer adds its link and headers). */
export const reminderTemplates: TemplateSet<'session-reminder'> = {
  'session-reminder': {
    fr: (p) => ({
      subject: `Rappel : ${p.activityName} demain, ${p.start} – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        `${p.organizationName} vous rappelle la séance ${p.activityName} de demain, le ${p.start}, à laquelle ${listFr(p.memberNames)} ${p.memberNames.length > 1 ? 'sont inscrits' : 'est inscrit(e)'}.`,
        ...(p.location ? [`Lieu : ${p.location}`] : []),
      ],
      link: { label: 'Voir mes activités', href: p.link },
    }),
    en: (p) => ({
      subject: `Reminder: ${p.activityName} tomorrow, ${p.start} – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        `${p.organizationName} reminds you of tomorrow's ${p.activityName} session, on ${p.start}, that ${listEn(p.memberNames)} ${p.memberNames.length > 1 ? 'are' : 'is'} registered to.`,
        ...(p.location ? [`Place: ${p.location}`] : []),
      ],
      link: { label: 'See my activities', href: p.link },
    }),
  },
};
