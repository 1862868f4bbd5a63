import { inflateSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import jsQR from 'jsqr';
import type { PDFDict, PDFNumber } from 'pdf-lib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/** What a phone's camera reads from an RGBA image, or null. */
function read(rgba: Uint8ClampedArray, width: number, height: number): string | null {
  return jsQR(rgba, width, height)?.data ?? null;
}

/**
 * The texts of the QR codes drawn as images in a PDF, in the order they were embedded: each image
 * XObject is inflated to its pixels (DeviceRGB or DeviceGray, 8 bits) and read with jsQR.
 */
export async function qrTextsInPdf(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const texts: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict: PDFDict = object.dict;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const width = (dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    const pixels = inflateSync(object.contents);
    const channels = pixels.length / (width * height);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let index = 0; index < width * height; index += 1) {
      for (let c = 0; c < 3; c += 1)
        rgba[index * 4 + c] = pixels[index * channels + (channels === 1 ? 0 : c)]!;
      rgba[index * 4 + 3] = 255;
    }
    const text = read(rgba, width, height);
    if (text !== null) texts.push(text);
  }
  return texts;
}

/** The texts of the QR codes in a ZIP of 8-bit greyscale PNGs (as qrPng writes them), by file name. */
export function qrTextsInZip(bytes: Uint8Array): Record<string, string | null> {
  const found: Record<string, string | null> = {};
  for (const [name, png] of Object.entries(unzipSync(bytes))) {
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
    const width = view.getUint32(16);
    const height = view.getUint32(20);
    const idat: Uint8Array[] = [];
    for (let at = 8; at < png.length;) {
      const length = view.getUint32(at);
      const type = new TextDecoder().decode(png.subarray(at + 4, at + 8));
      if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
      at += 12 + length;
    }
    const raw = inflateSync(Buffer.concat(idat));
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y += 1)
      for (let x = 0; x < width; x += 1) {
        const grey = raw[y * (width + 1) + 1 + x]!;
        rgba.set([grey, grey, grey, 255], (y * width + x) * 4);
      }
    found[name] = read(rgba, width, height);
  }
  return found;
}
