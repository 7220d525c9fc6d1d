/*
 * The Belcotax-on-web XML of a year's 281.86 certificates (childcare expenses), for the organisation to
 * upload in February. Structure and field names: the SPF Finances Belcotax brochure (« Verzendingen »,
 * v0xxx sender, a1xxx declaration, f2xxx / f86_2xxx one `Fiche28186` per certificate, r8xxx and r9xxx
 * control totals), https://financien.belgium.be/sites/default/files/downloads/161-belcotax-brochure-2022-20221209-nl.pdf
 * and https://financien.belgium.be/nl/E-services/Belcotaxonweb/technische-documentatie ; field order and
 * codes as implemented by Tactics/FodAttest28186 `src/XmlGenerator.php` (country NIS codes 150/111/113,
 * language 1 NL / 2 FR / 3 DE, certification 0–4, send code 0 original). Amounts are in cents, dates
 * dd-mm-yyyy. `f86_2059_totaalcontrole` is the sum of the fiche's amount zones (2060–2064: the periods
 * and their total, so twice the total); r8012/r9013 sum it over the fiches.
 */

import { escapeXml } from '../../lib/xml';

/** NIS country codes of the countries our families live in. */
const NIS_COUNTRY: Record<string, string> = { BEL: '150', FRA: '111', LUX: '113', NLD: '129', DEU: '103' };
const LANGUAGE: Record<string, string> = { nl: '1', fr: '2', de: '3', en: '2' };

export interface BelcotaxAddress {
  address: string;
  postalCode: string;
  city: string;
  /** ISO alpha-3 (BEL, FRA, LUX). */
  country: string;
}

export interface BelcotaxSender extends BelcotaxAddress {
  name: string;
  /** Enterprise (BCE/KBO) number, 10 digits. */
  enterpriseNumber: string;
  phone: string;
  email: string;
  contactName: string;
  locale: string;
  /** 281.86 Cadre I: 1 ONE / Opgroeien, 2 public authorities, 3 EEA body, 4 school; 0 none. */
  certificationCode: number;
}

export interface BelcotaxPeriod {
  from: string;
  to: string;
  days: number;
  dailyCents: number;
  amountCents: number;
}

export interface BelcotaxFiche {
  /** The certificate's number, our reference for it. */
  reference: string;
  debtor: BelcotaxAddress & { nationalNumber: string; lastName: string; firstName: string };
  child: BelcotaxAddress & { nationalNumber: string; lastName: string; firstName: string; birthdate: string };
  /** One to four periods. */
  periods: BelcotaxPeriod[];
}

/** Field lengths of the brochure: names 41, first names 30 (debtor 15), cities 27, addresses 200 (child 41). */
const cut = (value: string | null | undefined, max: number) =>
  escapeXml([...(value ?? '').trim()].slice(0, max).join(''));
const digits = (value: string) => value.replace(/\D/g, '');
const date = (iso: string) => (iso ? `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}` : '');
const nis = (country: string) => NIS_COUNTRY[country.toUpperCase()] ?? '150';

function el(name: string, value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return `<${name}>${text}</${name}>`;
}

function fiche(
  f: BelcotaxFiche,
  n: number,
  year: number,
  sender: BelcotaxSender,
): { xml: string; control: number } {
  const total = f.periods.reduce((sum, p) => sum + p.amountCents, 0);
  const control = total * 2;
  const p = (i: number) => f.periods[i];
  const belgianDebtor = f.debtor.country.toUpperCase() === 'BEL';
  const parts = [
    el('f2002_inkomstenjaar', year),
    el('f2005_registratienummer', digits(sender.enterpriseNumber)),
    el('f2008_typefiche', '28186'),
    el('f2009_volgnummer', n),
    el('f2010_referentie', cut(f.reference, 32)),
    el('f2011_nationaalnr', digits(f.debtor.nationalNumber)),
    el('f2012_geboortedatum', ''),
    el('f2013_naam', cut(f.debtor.lastName, 41)),
    el('f2014_naampartner', ''),
    el('f2015_adres', cut(f.debtor.address, 200)),
    belgianDebtor ? el('f2016_postcodebelgisch', cut(f.debtor.postalCode, 4)) : '',
    el('f2017_gemeente', cut(f.debtor.city, 27)),
    el('f2018_landwoonplaats', nis(f.debtor.country)),
    el('f2028_typetraitement', 0),
    el('f2029_enkelopgave325', 0),
    belgianDebtor ? '' : el('f2112_buitenlandspostnummer', cut(f.debtor.postalCode, 12)),
    el('f2114_voornamen', cut(f.debtor.firstName, 15)),
    el('f86_2031_certificationautorisation', sender.certificationCode),
    el('f86_2055_begindate1', date(p(0)?.from ?? '')),
    el('f86_2056_enddate1', date(p(0)?.to ?? '')),
    el('f86_2059_totaalcontrole', control),
    el('f86_2060_amount1', p(0)?.amountCents),
    el('f86_2061_amount2', p(1)?.amountCents),
    el('f86_2062_amount3', p(2)?.amountCents),
    el('f86_2063_amount4', p(3)?.amountCents),
    el('f86_2064_totalamount', total),
    el('f86_2093_begindate2', date(p(1)?.from ?? '')),
    el('f86_2101_childcountry', nis(f.child.country)),
    el('f86_2102_childaddress', cut(f.child.address, 41)),
    el('f86_2106_childname', cut(f.child.lastName, 41)),
    el('f86_2107_childfirstname', cut(f.child.firstName, 30)),
    el('f86_2110_numberofday1', p(0)?.days),
    el('f86_2111_dailytariff1', p(0)?.dailyCents),
    el('f86_2113_numberofday2', p(1)?.days),
    el('f86_2115_dailytariff2', p(1)?.dailyCents),
    el('f86_2116_numberofday3', p(2)?.days),
    el('f86_2117_dailytariff3', p(2)?.dailyCents),
    el('f86_2119_numberofday4', p(3)?.days),
    el('f86_2120_dailytariff4', p(3)?.dailyCents),
    el('f86_2139_childpostnr', cut(f.child.postalCode, 12)),
    el('f86_2140_childmunicipality', cut(f.child.city, 27)),
    el('f86_2144_enddate2', date(p(1)?.to ?? '')),
    el('f86_2153_nnchild', digits(f.child.nationalNumber)),
    el('f86_2157_begindate3', date(p(2)?.from ?? '')),
    el('f86_2158_enddate3', date(p(2)?.to ?? '')),
    el('f86_2161_begindate4', date(p(3)?.from ?? '')),
    el('f86_2162_enddate4', date(p(3)?.to ?? '')),
    el('f86_2163_childbirthdate', date(f.child.birthdate)),
  ];
  return { xml: `<Fiche28186>${parts.join('')}</Fiche28186>`, control };
}

/** The whole file: one sending, one declaration of the organisation, a `Fiche28186` per certificate. */
export function belcotaxXml(input: {
  year: number;
  /** The file's creation day, 'YYYY-MM-DD'. */
  createdOn: string;
  sender: BelcotaxSender;
  fiches: BelcotaxFiche[];
}): string {
  const { year, sender, fiches } = input;
  const enterprise = digits(sender.enterpriseNumber);
  const rendered = fiches.map((f, i) => fiche(f, i + 1, year, sender));
  const amounts = rendered.reduce((sum, f) => sum + f.control, 0);
  const count = fiches.length;
  const triangle = (count * (count + 1)) / 2;
  // The name is cut into its two zones before escaping, so an « & » is never split into « &am » + « p; ».
  const name = [...sender.name.trim()].slice(0, 59);
  const language = LANGUAGE[sender.locale] ?? '2';
  const head = [
    el('v0002_inkomstenjaar', year),
    el('v0010_bestandtype', 'BELCOTAX'),
    el('v0011_aanmaakdatum', date(input.createdOn)),
    el('v0014_naam', cut(sender.name, 41)),
    el('v0015_adres', cut(sender.address, 200)),
    el('v0016_postcode', cut(sender.postalCode, 4)),
    el('v0017_gemeente', cut(sender.city, 27)),
    el('v0018_telefoonnummer', cut(sender.phone, 12)),
    el('v0021_contactpersoon', cut(sender.contactName, 34)),
    el('v0022_taalcode', language),
    el('v0023_emailadres', cut(sender.email, 44)),
    el('v0024_nationaalnr', enterprise),
    el('v0025_typeenvoi', 0),
    el('v0028_landwoonplaats', nis(sender.country)),
  ];
  const declaration = [
    el('a1002_inkomstenjaar', year),
    el('a1005_registratienummer', enterprise),
    el('a1011_naamnl1', escapeXml(name.slice(0, 28).join(''))),
    name.length > 28 ? el('a1012_naamnl2', escapeXml(name.slice(28).join(''))) : '',
    el('a1013_adresnl', cut(sender.address, 200)),
    el('a1014_postcodebelgisch', cut(sender.postalCode, 4)),
    el('a1015_gemeente', cut(sender.city, 27)),
    el('a1016_landwoonplaats', nis(sender.country)),
    el('a1020_taalcode', language),
  ];
  const declarationTotals = [
    el('r8002_inkomstenjaar', year),
    el('r8005_registratienummer', enterprise),
    el('r8010_aantalrecords', count + 2),
    el('r8011_controletotaal', triangle),
    el('r8012_controletotaal', amounts),
  ];
  const sendingTotals = [
    el('r9002_inkomstenjaar', year),
    el('r9010_aantallogbestanden', 3),
    el('r9011_totaalaantalrecords', count + 4),
    el('r9012_controletotaal', triangle),
    el('r9013_controletotaal', amounts),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<Verzendingen><Verzending>${head.join('')}` +
    `<Aangiften><Aangifte>${declaration.join('')}` +
    `<Opgaven><Opgave32586>${rendered.map((f) => f.xml).join('')}</Opgave32586></Opgaven>` +
    `${declarationTotals.join('')}</Aangifte></Aangiften>` +
    `${sendingTotals.join('')}</Verzending></Verzendingen>\n`
  );
}
