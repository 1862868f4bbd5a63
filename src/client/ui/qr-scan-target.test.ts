import { describe, expect, it } from 'vitest';
import { resolveScannedCode } from './qr-scan-target';

describe('resolveScannedCode (spec §2 Plan: scanning a QR code opens what it names)', () => {
  it('opens the read screen for the address our level and resource codes carry', () => {
    expect(resolveScannedCode('http://acme.workplace.localhost:8080/qrcode-read/Ab3_x-9Z')).toEqual({
      route: 'r_qr-code-read',
      params: { code: 'Ab3_x-9Z' },
    });
    expect(resolveScannedCode('https://acme.example.com/qrcode-read/abc/')).toEqual({
      route: 'r_qr-code-read',
      params: { code: 'abc' },
    });
  });

  it('accepts the address without a host and around blanks a scanner may add', () => {
    expect(resolveScannedCode('  /qrcode-read/abc\n')).toEqual({
      route: 'r_qr-code-read',
      params: { code: 'abc' },
    });
  });

  it('leaves the query and fragment out of the code', () => {
    expect(resolveScannedCode('https://acme.example.com/qrcode-read/abc?x=1#top')?.params.code).toBe('abc');
  });

  it('answers null for anything that is not one of our codes', () => {
    for (const text of [
      '',
      'hello',
      'https://example.com/',
      'https://example.com/qrcode/abc',
      'https://example.com/qrcode-read/',
      'https://example.com/qrcode-read/abc/more',
      'https://example.com/qrcode-read/%E0%A4%A',
      'https://example.com/qrcode-read/a%20b',
      'javascript:alert(1)//qrcode-read/abc',
      'WIFI:S:office;T:WPA;P:secret;;',
    ])
      expect(resolveScannedCode(text), text).toBeNull();
  });
});
