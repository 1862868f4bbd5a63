import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import qrcode from 'qrcode-generator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, seriousAxeViolations } from '../support/browser';

/**
 * spec §2 Plan, "scanning a resource's QR code with the camera opens it": Chromium's fake camera
 * plays a picture of one of our codes; the scanner dialog must read it and hand it over. The page
 * is a bare test page around the real component (bundled here with esbuild), so the journey needs
 * neither the plan screens nor a server.
 */

const SCANNED = 'http://acme.workplace.localhost:8080/qrcode-read/q7Rk2WbC9xLm-4_TzAe1hQ';
const PAGE = 'http://localhost/scanner-test';

/** A still picture in the YUV4MPEG2 format Chromium's fake camera plays: a QR code on white. */
function qrVideo(text: string): Buffer {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const modules = qr.getModuleCount();
  const [width, height, cell] = [320, 240, 5];
  const left = Math.floor((width - modules * cell) / 2);
  const top = Math.floor((height - modules * cell) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < modules * cell; y += 1)
    for (let x = 0; x < modules * cell; x += 1)
      if (qr.isDark(Math.floor(y / cell), Math.floor(x / cell))) luma[(top + y) * width + left + x] = 16;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
    frame,
    frame,
  ]);
}

/** The real QrScanner and resolveScannedCode, mounted alone; what they answer lands in the page. */
async function scannerPageScript(): Promise<string> {
  const entry = `
    import { createRoot } from 'react-dom/client';
    import { useState } from 'react';
    import { Button, FluentProvider, webLightTheme } from '@fluentui/react-components';
    import { QrScanner } from './qr-scanner';
    import { resolveScannedCode } from './qr-scan-target';
    function Page() {
      const [open, setOpen] = useState(false);
      const [read, setRead] = useState('');
      return (
        <FluentProvider theme={webLightTheme}>
          <main>
            <h1>Scanner</h1>
            <Button onClick={() => setOpen(true)}>Scan</Button>
            <output aria-label="Read">{read}</output>
            {open && (
              <QrScanner
                onClose={() => setOpen(false)}
                onCode={(text) => {
                  setOpen(false);
                  setRead(JSON.stringify({ text, target: resolveScannedCode(text) }));
                }}
              />
            )}
          </main>
        </FluentProvider>
      );
    }
    createRoot(document.getElementById('root')).render(<Page />);
  `;
  const result = await build({
    stdin: { contents: entry, loader: 'tsx', resolveDir: resolve('src/client/ui'), sourcefile: 'page.tsx' },
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

const PAGE_HTML =
  '<!doctype html><html lang="en"><head><title>Scanner</title></head>' +
  '<body><div id="root"></div><script src="/page.js"></script></body></html>';

describe('QR scanner with the camera (spec §2 Plan)', () => {
  let browser: Browser | undefined;
  // Chromium's own fake picture (no file): a camera that sees no code.
  let noCodeBrowser: Browser | undefined;
  let script = '';

  async function scannerPage(on: Browser) {
    const context = await newContext(on);
    const page = await context.newPage();
    await page.route('http://localhost/**', (route) =>
      route.request().url().endsWith('.js')
        ? route.fulfill({ contentType: 'text/javascript', body: script })
        : route.fulfill({ contentType: 'text/html', body: PAGE_HTML }),
    );
    return { context, page };
  }
  const folder = mkdtempSync(join(tmpdir(), 'qr-camera-'));

  beforeAll(async () => {
    const video = join(folder, 'qr.y4m');
    writeFileSync(video, qrVideo(SCANNED));
    [script, browser, noCodeBrowser] = await Promise.all([
      scannerPageScript(),
      launchBrowser([
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ]),
      launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']),
    ]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), noCodeBrowser?.close()]);
    rmSync(folder, { recursive: true, force: true });
  });

  it('reads the code the camera sees, and turns it into the read screen to open', async () => {
    const { context, page } = await scannerPage(browser!);
    await page.goto(PAGE);
    await page.getByRole('button', { name: 'Scan' }).click();
    await page.getByRole('dialog', { name: 'Scan a QR code' }).waitFor();

    const read = page.locator('output');
    await expect.poll(() => read.textContent()).not.toBe('');
    expect(JSON.parse((await read.textContent())!)).toEqual({
      text: SCANNED,
      target: { route: 'r_qr-code-read', params: { code: 'q7Rk2WbC9xLm-4_TzAe1hQ' } },
    });
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('is keyboard-closable and axe-clean while the camera runs', async () => {
    const { context, page } = await scannerPage(noCodeBrowser!);
    // Keeps the tracks the scanner opened, to see them released.
    await page.addInitScript(() => {
      const devices = navigator.mediaDevices;
      const real = devices.getUserMedia.bind(devices);
      devices.getUserMedia = async (constraints) => {
        const stream = await real(constraints);
        (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks = stream.getTracks();
        return stream;
      };
    });
    await page.goto(PAGE);
    await page.getByRole('button', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Scan a QR code' }).waitFor();
    await page.waitForFunction(() => (window as unknown as { cameraTracks?: unknown[] }).cameraTracks);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // Closing released the camera.
    const states = await page.evaluate(() =>
      (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks.map(
        (track) => track.readyState,
      ),
    );
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((state) => state === 'ended')).toBe(true);
    await context.close();
  });
});
