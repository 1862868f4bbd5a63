import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import qrcode from 'qrcode-generator';
import type { Badge } from '../../../shared/contract/visitors';
import { pdfPrintable } from '../../../shared/text/pdf-printable';
import type { ServiceContext } from '../../context';
import { qrSvg } from '../qr-codes';
import { findVisit } from './visits.service';

/** GET visitors/badge/{visitId}: what the badge shows; the QR code carries the visit's code. */
export async function badgeOf(ctx: ServiceContext, visitId: number): Promise<Badge> {
  const row = await findVisit(ctx, ctx.db, visitId, 'read', false);
  return {
    visit_id: row.id,
    visitor_name: row.visitor_name,
    visitor_company: row.visitor_company,
    host_name: row.host_name,
    reception_desk_name: row.reception_desk_name,
    starts_at: new Date(row.starts_at).toISOString(),
    timezone: row.timezone,
    qr_svg: qrSvg(row.code),
  };
}

// A badge label: 90 × 60 mm in PDF points (1 mm = 72 / 25.4 pt).
const MM = 72 / 25.4;
const WIDTH = 90 * MM;
const HEIGHT = 60 * MM;

const printable = pdfPrintable;

/** POST visitors/printbadge: the badge as a one-page PDF (name, company, host, date, QR code). */
export async function printBadge(ctx: ServiceContext, visitId: number): Promise<Uint8Array> {
  const row = await findVisit(ctx, ctx.db, visitId, 'read', false);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Visitor badge: ${printable(row.visitor_name)}`);
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const margin = 5 * MM;
  page.drawText('VISITOR', {
    x: margin,
    y: HEIGHT - margin - 8,
    size: 8,
    font: bold,
    color: rgb(0.3, 0.3, 0.3),
  });
  page.drawText(printable(row.visitor_name), {
    x: margin,
    y: HEIGHT - margin - 26,
    size: 16,
    font: bold,
    maxWidth: WIDTH * 0.55,
  });
  const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: row.timezone }).format(
    row.starts_at,
  );
  const lines = [
    row.visitor_company,
    row.host_name ? `Host: ${row.host_name}` : '',
    row.reception_desk_name,
    date,
  ].filter(Boolean);
  lines.forEach((line, index) =>
    page.drawText(printable(line), {
      x: margin,
      y: HEIGHT - margin - 44 - index * 12,
      size: 9,
      font: regular,
    }),
  );
  // The QR code, module by module, in the right-hand third.
  const qr = qrcode(0, 'M');
  qr.addData(row.code, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const size = WIDTH * 0.34;
  const cell = size / count;
  const left = WIDTH - margin - size;
  const top = HEIGHT - margin;
  for (let r = 0; r < count; r += 1)
    for (let c = 0; c < count; c += 1)
      if (qr.isDark(r, c))
        page.drawRectangle({
          x: left + c * cell,
          y: top - (r + 1) * cell,
          width: cell,
          height: cell,
          color: rgb(0, 0, 0),
        });
  return pdf.save();
}
