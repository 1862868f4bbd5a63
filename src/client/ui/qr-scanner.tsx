import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import jsQR from 'jsqr';
import { useEffect, useRef, useState } from 'react';
import { useLabel, type LabelFn } from '../i18n/i18n';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  preview: {
    width: '100%',
    aspectRatio: '4 / 3',
    objectFit: 'cover',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  hidden: { display: 'none' },
});

type CameraState = 'starting' | 'scanning' | 'refused' | 'absent' | 'failed';

/** Frames are scaled down to this width before decoding: enough for a code held at arm's length. */
const DECODE_WIDTH = 640;
/** Decoding every animation frame would keep a phone's processor busy; a few times a second finds a code. */
const DECODE_INTERVAL_MS = 120;

function cameraState(error: unknown): CameraState {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'absent';
  return 'failed';
}

function problemText(state: CameraState, t: LabelFn): string | null {
  if (state === 'refused')
    return t(
      'qr-scanner.refused',
      'The camera was refused. Allow this site to use the camera in your browser settings, then try again.',
    );
  if (state === 'absent') return t('qr-scanner.absent', 'No camera was found on this device.');
  if (state === 'failed') return t('qr-scanner.failed', 'The camera could not be started.');
  return null;
}

/**
 * Reads a QR code with the device's camera (the back one where there are two): a dialog with the
 * live picture; the first code read goes to onCode, once. The camera is released when the dialog
 * closes or unmounts, whichever comes first. Escape and the Close button call onClose.
 */
export function QrScanner({ onCode, onClose }: { onCode: (text: string) => void; onClose: () => void }) {
  const styles = useStyles();
  const t = useLabel();
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  // The latest callback, so a parent re-rendering does not restart the camera.
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let frame = 0;
    let lastDecode = 0;
    let done = false;
    const stop = () => {
      done = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
      stream = null;
    };

    const decode = (now: number) => {
      if (done) return;
      frame = requestAnimationFrame(decode);
      const video = videoRef.current;
      const canvas = canvasRef.current;
      if (!video || !canvas || video.readyState < video.HAVE_CURRENT_DATA || video.videoWidth === 0) return;
      if (now - lastDecode < DECODE_INTERVAL_MS) return;
      lastDecode = now;
      const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
      const width = Math.round(video.videoWidth * scale);
      const height = Math.round(video.videoHeight * scale);
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return;
      context.drawImage(video, 0, 0, width, height);
      const code = jsQR(context.getImageData(0, 0, width, height).data, width, height, {
        inversionAttempts: 'dontInvert',
      });
      if (code?.data) {
        stop();
        onCodeRef.current(code.data);
      }
    };

    const start = async () => {
      // No mediaDevices at all: an old browser, or a page not served over HTTPS.
      if (!navigator.mediaDevices?.getUserMedia) return setState('absent');
      try {
        const opened = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        if (done) return opened.getTracks().forEach((track) => track.stop());
        stream = opened;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = opened;
        await video.play();
        if (done) return;
        setState('scanning');
        frame = requestAnimationFrame(decode);
      } catch (error) {
        if (!done) setState(cameraState(error));
      }
    };
    void start();
    return stop;
  }, []);

  const problem = problemText(state, t);
  return (
    <Dialog modalType="modal" open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface aria-describedby="qr-scanner-status">
        <DialogBody>
          <DialogTitle>{t('qr-scanner.title', 'Scan a QR code')}</DialogTitle>
          <DialogContent className={styles.content}>
            <div id="qr-scanner-status" role="status">
              {state === 'starting' && (
                <Spinner size="small" label={t('qr-scanner.starting', 'Starting the camera…')} />
              )}
              {state === 'scanning' &&
                t('qr-scanner.hint', 'Point the camera at the QR code of a desk, a room or a floor.')}
            </div>
            {problem && (
              <MessageBar intent="warning">
                <MessageBarBody>{problem}</MessageBarBody>
              </MessageBar>
            )}
            <video
              ref={videoRef}
              className={problem ? styles.hidden : styles.preview}
              aria-label={t('qr-scanner.preview', 'Camera picture')}
              muted
              playsInline
            />
            <canvas ref={canvasRef} className={styles.hidden} aria-hidden />
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              {t('general.actions.close', 'Close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
