import fs from 'node:fs';
import { XMLValidator } from 'fast-xml-parser';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { belcotaxXml, type BelcotaxFiche } from './belcotax-xml';

/** The file without its comments nor the layout between tags: what Belcotax reads. */
const canonical = (xml: string) =>
  xml
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/>\s+</g, '><')
    .trim();

const handBuilt = fs.readFileSync(
  fileURLToPath(new URL('../../../test/fixtures/belcotax-281-86-2026.xml', import.meta.url)),
  'utf8',
);

const home = { address: 'Rue des Écoles 12', postalCode: '1000', city: 'Bruxelles', country: 'BEL' };
const debtor = { ...home, nationalNumber: '85.07.30-033.28', lastName: 'Dupont', firstName: 'Marie' };

const fiches: BelcotaxFiche[] = [
  {
    reference: '28186-2026-000001',
    debtor,
    child: {
      ...home,
      nationalNumber: '19031501284',
      lastName: 'Dupont',
      firstName: 'Léa',
      birthdate: '2019-03-15',
    },
    periods: [
      { from: '2026-03-02', to: '2026-03-06', days: 5, dailyCents: 1600, amountCents: 8000 },
      { from: '2026-07-06', to: '2026-07-10', days: 5, dailyCents: 1500, amountCents: 7500 },
    ],
  },
  {
    reference: '28186-2026-000002',
    debtor,
    child: {
      ...home,
      nationalNumber: '17050100397',
      lastName: 'Dupont',
      firstName: 'Tom',
      birthdate: '2017-05-01',
    },
    periods: [{ from: '2026-08-03', to: '2026-08-07', days: 5, dailyCents: 2000, amountCents: 10000 }],
  },
];

describe('Belcotax-on-web XML of the 281.86', () => {
  it('matches the file built by hand from the published description', () => {
    const xml = belcotaxXml({
      year: 2026,
      createdOn: '2027-02-15',
      sender: {
        name: 'Club Sportif D&mo ASBL',
        address: 'Rue du Stade 1',
        postalCode: '1000',
        city: 'Bruxelles',
        country: 'BEL',
        enterpriseNumber: 'BE 0403.019.261',
        phone: '025551234',
        email: 'contact@demo.test',
        contactName: 'Anne Martin',
        locale: 'fr',
        certificationCode: 2,
      },
      fiches,
    });
    expect(canonical(xml)).toBe(canonical(handBuilt));
  });

  it('cuts a long name into its two zones before escaping, so the file stays well-formed', () => {
    const xml = belcotaxXml({
      year: 2026,
      createdOn: '2027-02-15',
      sender: {
        name: 'Cercle Natation Uccle Xl & Forest',
        address: 'Rue du Stade 1',
        postalCode: '1180',
        city: 'Uccle',
        country: 'BEL',
        enterpriseNumber: 'BE 0403.019.261',
        phone: '025551234',
        email: 'contact@cnu.test',
        contactName: 'Anne Martin',
        locale: 'fr',
        certificationCode: 2,
      },
      fiches,
    });
    expect(xml).toContain('<a1011_naamnl1>Cercle Natation Uccle Xl &amp; F</a1011_naamnl1>');
    expect(xml).toContain('<a1012_naamnl2>orest</a1012_naamnl2>');
    expect(XMLValidator.validate(xml)).toBe(true);
  });
});
