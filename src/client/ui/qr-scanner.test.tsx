// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QrScanner } from './qr-scanner';

function stubCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
}

function renderScanner(onClose = vi.fn()) {
  render(
    <FluentProvider theme={webLightTheme}>
      <QrScanner onCode={vi.fn()} onClose={onClose} />
    </FluentProvider>,
  );
  return onClose;
}

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('QrScanner (spec §2 Plan: the camera/QR button)', () => {
  it('says so when the camera is refused', async () => {
    stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    renderScanner();
    expect(await screen.findByText(/The camera was refused/)).toBeTruthy();
  });

  it('says so when the device has no camera, or the browser cannot reach one', async () => {
    stubCamera(() => Promise.reject(new DOMException('none', 'NotFoundError')));
    renderScanner();
    expect(await screen.findByText('No camera was found on this device.')).toBeTruthy();
    cleanup();
    Reflect.deleteProperty(navigator, 'mediaDevices');
    renderScanner();
    expect(await screen.findByText('No camera was found on this device.')).toBeTruthy();
  });

  it('closes with Escape and with the Close button', async () => {
    stubCamera(() => Promise.reject(new DOMException('none', 'NotFoundError')));
    const onClose = renderScanner();
    await screen.findByText('No camera was found on this device.');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('releases a camera that opens after the dialog is already gone', async () => {
    const stopTrack = vi.fn();
    let open!: (stream: MediaStream) => void;
    stubCamera(() => new Promise<MediaStream>((resolve) => (open = resolve)));
    renderScanner();
    cleanup();
    open({ getTracks: () => [{ stop: stopTrack }] } as unknown as MediaStream);
    await waitFor(() => expect(stopTrack).toHaveBeenCalled());
  });
});
