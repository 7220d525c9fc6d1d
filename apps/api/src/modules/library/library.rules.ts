import { isLegalKind, type DocumentKind } from '@inscrio/shared';
import type { Viewer } from './library.repository';

/*
 * The library's rules, pure: what a PDF upload is, and who may see a stored document.
 */

const PDF_MAGIC = Buffer.from('%PDF-');

/**
 * Whether the bytes are a PDF by their content: the file starts with `%PDF-` (PDF 1.7 section 7.5.2,
 * readers accept it within the first kilobyte, but a file we serve back must be a PDF from its first
 * byte). An SVG, an HTML page or an image renamed `.pdf` is refused whatever the client declares.
 */
export function isPdf(data: Buffer): boolean {
  return data.length > PDF_MAGIC.length && data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);
}

/** What decides who sees a stored document. */
export interface StoredFacts {
  kind: DocumentKind;
  familyId: string | null;
  establishmentId: string | null;
  publishedAt: Date | null;
}

/**
 * A family sees its own documents and the published legal ones; an organisation manager every document;
 * an establishment manager his establishment's and the organisation's legal documents.
 */
export function maySee(viewer: Viewer, document: StoredFacts): boolean {
  const publishedLegal = isLegalKind(document.kind) && document.publishedAt !== null;
  if (viewer.kind === 'family') return publishedLegal || document.familyId === viewer.familyId;
  if (viewer.establishmentId === null) return true;
  return (
    document.establishmentId === viewer.establishmentId ||
    (isLegalKind(document.kind) && document.establishmentId === null)
  );
}

/** The file name a legal upload is kept under: its kind and version, never the uploader's name. */
export function legalFileName(kind: DocumentKind, version: number): string {
  const base = { 'legal.roi': 'roi', 'legal.mentions': 'mentions-legales', 'legal.other': 'document' }[
    kind as 'legal.roi'
  ];
  return `${base ?? 'document'}-v${version}.pdf`;
}
