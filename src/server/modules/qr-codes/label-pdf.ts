import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { PAGE_SIZES_MM, type QrCodeTemplateBody } from '../../../shared/contract/qr-code-templates';
import { pdfPrintable } from '../../../shared/text/pdf-printable';
import { qrPng } from './qr-png';

const MM = 72 / 25.4;
const PADDING = 3 * MM;

export interface Label {
  /** what the code carries: the address of the company's /qrcode-read/{code} screen */
  url: string;
  name: string;
  level: string;
  type: string;
}

export type LabelLayout = Omit<QrCodeTemplateBody, 'name'>;

/** A batch of labels printed with one layout; batches start on a page of their own. */
export interface LabelBatch {
  layout: LabelLayout;
  labels: Label[];
}

function colourOf(hex: string) {
  const value = Number.parseInt(hex.slice(1), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}

/** The text cut to the width, with an ellipsis when it had to be cut. */
function fitted(text: string, font: PDFFont, size: number, width: number): string {
  const printable = pdfPrintable(text);
  if (font.widthOfTextAtSize(printable, size) <= width) return printable;
  let end = printable.length;
  while (end > 0 && font.widthOfTextAtSize(`${printable.slice(0, end)}...`, size) > width) end -= 1;
  return `${printable.slice(0, end)}...`;
}

interface Fonts {
  bold: PDFFont;
  regular: PDFFont;
}

async function drawLabel(
  pdf: PDFDocument,
  page: PDFPage,
  fonts: Fonts,
  layout: LabelLayout,
  label: Label,
  box: { x: number; y: number; width: number; height: number },
) {
  const lines: Array<{ text: string; font: PDFFont; size: number }> = [];
  if (layout.show_name && label.name) lines.push({ text: label.name, font: fonts.bold, size: 10 });
  if (layout.show_level && label.level) lines.push({ text: label.level, font: fonts.regular, size: 7 });
  if (layout.show_type && label.type) lines.push({ text: label.type, font: fonts.regular, size: 7 });
  if (layout.caption) lines.push({ text: layout.caption, font: fonts.regular, size: 7 });

  const inner = { width: box.width - 2 * PADDING, height: box.height - 2 * PADDING };
  // the code takes the label's height, and at most half its width when there is text beside it
  const side = Math.min(inner.height, lines.length > 0 ? inner.width / 2 : inner.width);
  const image = await pdf.embedPng(qrPng(label.url, 4));
  const codeX = lines.length > 0 ? box.x + PADDING : box.x + (box.width - side) / 2;
  page.drawImage(image, { x: codeX, y: box.y + (box.height - side) / 2, width: side, height: side });

  const textX = codeX + side + 2 * MM;
  const textWidth = box.x + box.width - PADDING - textX;
  const colour = colourOf(layout.text_colour);
  let y = box.y + box.height - PADDING;
  for (const line of lines) {
    y -= line.size + 2;
    if (y < box.y + PADDING) break;
    page.drawText(fitted(line.text, line.font, line.size, textWidth), {
      x: textX,
      y,
      size: line.size,
      font: line.font,
      color: colour,
    });
  }
}

/**
 * The labels as a print-ready PDF: each batch's grid centred on its page size, label by label in
 * reading order, each label its QR code (an embedded PNG) and the texts its layout shows. A page is
 * written before the next one starts, yielding to other requests between pages.
 */
export async function labelPdf(title: string, batches: readonly LabelBatch[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(pdfPrintable(title));
  pdf.setCreator('Workplace');
  const fonts = {
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    regular: await pdf.embedFont(StandardFonts.Helvetica),
  };
  for (const { layout, labels } of batches) {
    const sheet = PAGE_SIZES_MM[layout.page_size];
    const width = layout.label_width_mm * MM;
    const height = layout.label_height_mm * MM;
    const left = (sheet.width * MM - layout.columns * width) / 2;
    const top = (sheet.height * MM + layout.rows * height) / 2;
    const perPage = layout.columns * layout.rows;
    for (let first = 0; first < labels.length; first += perPage) {
      const page = pdf.addPage([sheet.width * MM, sheet.height * MM]);
      for (const [index, label] of labels.slice(first, first + perPage).entries()) {
        const column = index % layout.columns;
        const row = Math.floor(index / layout.columns);
        await drawLabel(pdf, page, fonts, layout, label, {
          x: left + column * width,
          y: top - (row + 1) * height,
          width,
          height,
        });
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return pdf.save();
}
