import { PDFDocument } from 'pdf-lib';
import {
  DOCUMENT_PDF_MAX_BYTES,
  PDF_NOT_A_PDF,
  PDF_TOO_LARGE,
} from '../../../shared/contract/company-documents';
import { unprocessable } from '../../http/errors';

const MAGIC = Buffer.from('%PDF-');

/**
 * An attached PDF is checked by its content, not its name: the bytes start with `%PDF-`, stay within
 * the size limit, and pdf-lib can read them into a document with at least one page. Anything else is
 * refused with 422 on `pdf`, before anything is stored.
 */
export async function checkedPdf(contentBase64: string): Promise<Buffer> {
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length > DOCUMENT_PDF_MAX_BYTES) throw unprocessable({ pdf: [PDF_TOO_LARGE] });
  if (bytes.length < MAGIC.length || !bytes.subarray(0, MAGIC.length).equals(MAGIC))
    throw unprocessable({ pdf: [PDF_NOT_A_PDF] });
  try {
    const document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    if (document.getPageCount() < 1) throw new Error('no pages');
  } catch {
    throw unprocessable({ pdf: [PDF_NOT_A_PDF] });
  }
  return bytes;
}

/** A download name that is safe in a header: the stored name's letters, digits and a few signs. */
export function pdfFileName(name: string): string {
  const base =
    name
      .replace(/\.pdf$/i, '')
      .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
      .slice(0, 100) || 'document';
  return `${base}.pdf`;
}
