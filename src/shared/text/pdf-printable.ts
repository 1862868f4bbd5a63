/**
 * pdf-lib's standard fonts encode WinAnsi only: any other character prints as '?', so a name in
 * another script never fails a badge or a label.
 */
export const pdfPrintable = (text: string): string =>
  text.normalize('NFC').replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');
