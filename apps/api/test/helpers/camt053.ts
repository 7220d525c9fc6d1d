/** A credit transfer to write into a generated CAMT.053 statement. */
export interface CamtTransfer {
  /** The bank's reference (`AcctSvcrRef`), unique per transfer. */
  bankReference: string;
  /** Cents. */
  amount: number;
  /** A structured reference (12 Belgian digits or RF…), or null for a free communication. */
  reference: string | null;
  name?: string;
}

const euros = (cents: number) => (cents / 100).toFixed(2);

/**
 * A CAMT.053.001.02 statement of booked credit transfers, one entry each, as a Belgian bank sends it
 * (generated in memory: a 100,000-transfer file is about 70 MB).
 */
export function camt053Statement(transfers: CamtTransfer[], day = new Date().toISOString().slice(0, 10)) {
  const entries = transfers.map(
    (t) => `<Ntry><Amt Ccy="EUR">${euros(t.amount)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>${day}</Dt></BookgDt><AcctSvcrRef>${t.bankReference}</AcctSvcrRef>
<NtryDtls><TxDtls><Refs><AcctSvcrRef>${t.bankReference}</AcctSvcrRef></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">${euros(t.amount)}</Amt></TxAmt></AmtDtls>
<RltdPties><Dbtr><Nm>${t.name ?? 'DUPONT MARIE'}</Nm></Dbtr><DbtrAcct><Id><IBAN>BE62510007547061</IBAN></Id></DbtrAcct></RltdPties>
<RmtInf>${
      t.reference
        ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>BBA</Issr></Tp><Ref>${t.reference}</Ref></CdtrRefInf></Strd>`
        : '<Ustrd>Stage de Léa</Ustrd>'
    }</RmtInf></TxDtls></NtryDtls></Ntry>
`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>MSG${day}</MsgId><CreDtTm>${day}T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>STMT1</Id><CreDtTm>${day}T06:00:00</CreDtTm><Acct><Id><IBAN>BE71096123456769</IBAN></Id><Ccy>EUR</Ccy></Acct>
${entries.join('')}</Stmt></BkToCstmrStmt></Document>`;
}
