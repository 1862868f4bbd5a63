import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { MAP_MAX_BYTES, MAP_MAX_PIXELS } from '../../../shared/contract/maps';

export interface InspectedImage {
  mime: 'image/png' | 'image/jpeg' | 'image/svg+xml';
  width: number;
  height: number;
  /** what is stored: the bytes as sent, or the sanitised SVG */
  bytes: Buffer;
}

export const IMAGE_MESSAGES = {
  tooLarge: 'The file must be 5 MB or smaller.',
  notImage: 'The file must be a PNG, JPEG or SVG image.',
  noSize: 'The image has no readable width and height.',
  tooManyPixels: 'The image must have at most 40 megapixels.',
} as const;

export class ImageRefused extends Error {}

/** 'The file must be 2 MB or smaller.' for a limit other than the floor plans' 5 MB. */
export function tooLargeMessage(maxBytes: number): string {
  return `The file must be ${+(maxBytes / (1024 * 1024)).toFixed(1)} MB or smaller.`;
}

/**
 * Reads the type and size from the content (magic bytes, SVG parsed as XML); throws ImageRefused.
 * Floor plans may have 5 MB; other pictures (a resource's) pass their own limit.
 */
export function inspectImage(bytes: Buffer, maxBytes: number = MAP_MAX_BYTES): InspectedImage {
  if (bytes.length > maxBytes) throw new ImageRefused(tooLargeMessage(maxBytes));
  const image = pngSize(bytes) ?? jpegSize(bytes) ?? svgImage(bytes);
  if (!image) throw new ImageRefused(IMAGE_MESSAGES.notImage);
  if (!(image.width > 0 && image.height > 0)) throw new ImageRefused(IMAGE_MESSAGES.noSize);
  if (image.width * image.height > MAP_MAX_PIXELS) throw new ImageRefused(IMAGE_MESSAGES.tooManyPixels);
  return image;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG: the signature, then IHDR first with width and height as big-endian 32-bit numbers. */
function pngSize(bytes: Buffer): InspectedImage | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') throw new ImageRefused(IMAGE_MESSAGES.notImage);
  return { mime: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), bytes };
}

/** JPEG: FF D8, then segments up to a start-of-frame marker, which carries height and width. */
function jpegSize(bytes: Buffer): InspectedImage | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) break;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame && offset + 9 <= bytes.length)
      return {
        mime: 'image/jpeg',
        height: bytes.readUInt16BE(offset + 5),
        width: bytes.readUInt16BE(offset + 7),
        bytes,
      };
    offset += 2 + length;
  }
  throw new ImageRefused(IMAGE_MESSAGES.noSize);
}

/**
 * The SVG elements kept; any other element is dropped with everything inside it. An allow-list:
 * a deny-list missed HTML elements (`<meta http-equiv="refresh">`, `<form>`) under a root that
 * declared the XHTML namespace, where a browser runs them as HTML (issue 37).
 */
const SVG_ELEMENTS = new Set(
  [
    'svg',
    'g',
    'defs',
    'desc',
    'title',
    'metadata',
    'symbol',
    'use',
    'switch',
    'a',
    'image',
    'view',
    'path',
    'rect',
    'circle',
    'ellipse',
    'line',
    'polyline',
    'polygon',
    'text',
    'tspan',
    'textPath',
    'linearGradient',
    'radialGradient',
    'stop',
    'pattern',
    'clipPath',
    'mask',
    'marker',
    'filter',
  ].map((name) => name.toLowerCase()),
);
const isKeptElement = (local: string) => SVG_ELEMENTS.has(local) || /^fe[a-z]+$/.test(local);

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';
/** Attributes that fetch, navigate or reinterpret whatever their value. */
const DROPPED_ATTRIBUTES = new Set(['ping', 'http-equiv', 'action', 'formaction', 'target', 'srcdoc']);

/** A prefixed name without its prefix, as written: the output declares the SVG namespace only. */
function withoutPrefix(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

function localName(name: string): string {
  return withoutPrefix(name).toLowerCase();
}

/** Attributes kept: no event handlers, links only inside the document, no script or outside URL. */
function keepAttribute(name: string, value: string): boolean {
  const local = localName(name);
  if (local.startsWith('on') || DROPPED_ATTRIBUTES.has(local)) return false;
  // Namespaces: the writer declares SVG and XLink on the root, and nothing else.
  if (name === 'xmlns' || name.startsWith('xmlns:')) return false;
  if (name.includes(':') && !name.startsWith('xlink:') && !name.startsWith('xml:')) return false;
  // Browsers skip whitespace and control characters inside a scheme ('java\tscript:').
  const squeezed = [...value]
    .filter((char) => char.charCodeAt(0) > 0x20)
    .join('')
    .toLowerCase();
  if (squeezed.includes('javascript:') || squeezed.includes('vbscript:')) return false;
  if (local === 'href' || local === 'src') return squeezed.startsWith('#');
  // url(...) only to a fragment of this document.
  if (/url\((?!['"]?#)/.test(squeezed)) return false;
  return true;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

/** A length like '800', '800px' or '800.5'; other units (%, em, mm) are not a pixel size. */
function pixels(value: string | undefined): number | null {
  const match = value?.trim().match(/^(\d+(?:\.\d+)?)(px)?$/);
  return match ? Math.round(Number(match[1])) : null;
}

/**
 * Parses the content as XML with an <svg> root and writes it again keeping only what cannot run:
 * no DOCTYPE (no entity tricks), no processing instructions or comments, no dropped elements, no
 * event attributes, no outside links. Answers null when the content is not an SVG document.
 */
export function sanitizeSvg(source: string): { svg: string; width: number; height: number } | null {
  const parser = new SaxesParser({ xmlns: false });
  const out: string[] = [];
  let depth = 0;
  let droppedDepth = 0;
  let root: SaxesTagPlain | null = null;
  let failed = false;
  parser.on('error', () => {
    failed = true;
  });
  parser.on('doctype', () => {
    failed = true;
  });
  parser.on('opentag', (tag) => {
    depth += 1;
    if (depth === 1) root = tag;
    if (droppedDepth > 0 || !isKeptElement(localName(tag.name))) {
      if (droppedDepth === 0) droppedDepth = depth;
      return;
    }
    const attributes = Object.entries(tag.attributes)
      .filter(([name, value]) => keepAttribute(name, value))
      .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
      .join('');
    const namespace = depth === 1 ? ` xmlns="${SVG_NAMESPACE}" xmlns:xlink="${XLINK_NAMESPACE}"` : '';
    out.push(`<${withoutPrefix(tag.name)}${namespace}${attributes}${tag.isSelfClosing ? '/>' : '>'}`);
  });
  parser.on('closetag', (tag) => {
    if (droppedDepth > 0) {
      if (depth === droppedDepth) droppedDepth = 0;
    } else if (!tag.isSelfClosing) out.push(`</${withoutPrefix(tag.name)}>`);
    depth -= 1;
  });
  parser.on('text', (text) => {
    if (droppedDepth === 0 && depth > 0) out.push(escapeText(text));
  });
  parser.on('cdata', (text) => {
    if (droppedDepth === 0 && depth > 0) out.push(escapeText(text));
  });
  try {
    parser.write(source).close();
  } catch {
    return null;
  }
  const svgRoot = root as SaxesTagPlain | null;
  if (failed || !svgRoot || localName(svgRoot.name) !== 'svg') return null;
  const viewBox = String(svgRoot.attributes.viewBox ?? svgRoot.attributes.viewbox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const fromViewBox = viewBox.length === 4 && viewBox.every(Number.isFinite);
  const width = pixels(svgRoot.attributes.width) ?? (fromViewBox ? Math.round(viewBox[2]!) : 0);
  const height = pixels(svgRoot.attributes.height) ?? (fromViewBox ? Math.round(viewBox[3]!) : 0);
  return { svg: `<?xml version="1.0" encoding="UTF-8"?>\n${out.join('')}\n`, width, height };
}

function svgImage(bytes: Buffer): InspectedImage | null {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!/^\s*</.test(text)) return null;
  const result = sanitizeSvg(text);
  if (!result) return null;
  return {
    mime: 'image/svg+xml',
    width: result.width,
    height: result.height,
    bytes: Buffer.from(result.svg, 'utf8'),
  };
}
