import type { RouteName } from '../routing/types';

export interface ScanTarget {
  route: RouteName;
  params: { code: string };
}

/** The codes ensureQrCode makes are short tokens; anything else in that place is not ours. */
const CODE = /^[A-Za-z0-9_-]{1,64}$/;
const READ_PATH = /^\/qrcode-read\/([^/]+)\/?$/;

/**
 * Where a scanned text leads. Our QR codes carry `{company host}/qrcode-read/{code}` (qr-codes
 * module), and the code alone does not say whether it names a level or a resource: the read screen
 * (r_qr-code-read) asks the server and opens it. A code printed for another company still resolves
 * here; that screen refuses it. Anything else (a foreign link, free text) answers null.
 */
export function resolveScannedCode(text: string): ScanTarget | null {
  const trimmed = text.trim();
  let path: string;
  try {
    // A relative address resolves against a placeholder host; only its path matters.
    const url = new URL(trimmed, 'http://scanned.invalid');
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    path = url.pathname;
  } catch {
    return null;
  }
  const match = READ_PATH.exec(path);
  if (!match) return null;
  let code: string;
  try {
    code = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return CODE.test(code) ? { route: 'r_qr-code-read', params: { code } } : null;
}
