import { Label, makeStyles, ProgressBar, tokens, useId } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '../api/errors';
import { readAsBase64 } from '../api/files';

const useStyles = makeStyles({
  upload: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

/**
 * Sending a picked file as base64 (floor maps, resource pictures): `progress` 0..1 while it runs
 * (reading is the first half), null otherwise; a refusal's message in `failure` (spec §5: the
 * content checks' message under the field, not the warning modal, so the call should be silent).
 */
export function useFileUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  /** Reads the file and hands its content to `send` (the call and what follows it). */
  // Only the latest pick reports: an earlier refusal arriving late must not cover a later success.
  const latest = useRef(0);
  const upload = async (file: File, send: (contentBase64: string) => Promise<unknown>) => {
    const attempt = ++latest.current;
    setFailure(null);
    setProgress(0);
    try {
      const content = await readAsBase64(file, (share) => {
        if (attempt === latest.current) setProgress(share * 0.5);
      });
      if (attempt === latest.current) setProgress(0.6);
      await send(content);
      if (attempt === latest.current) setProgress(1);
    } catch (error) {
      if (attempt === latest.current) setFailure(uploadFailureMessage(error));
    } finally {
      if (attempt === latest.current) setProgress(null);
    }
  };

  return { progress, failure, setFailure, upload };
}

export type FileUpload = ReturnType<typeof useFileUpload>;

/** The content's own message first (type, size, pixels), else the call's. */
export function uploadFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.body?.errors?.content_base64?.[0] ?? errorMessage(error);
  return error instanceof Error ? error.message : String(error);
}

/** A labelled file input that starts `upload`'s sending, with its progress bar while it runs. */
export function FileUploadInput({
  label,
  accept,
  progressLabel,
  upload,
  onFile,
}: {
  label: string;
  accept: readonly string[];
  progressLabel: string;
  upload: FileUpload;
  onFile(file: File): void;
}) {
  const styles = useStyles();
  const id = useId('file-upload');
  return (
    <>
      <div className={styles.upload}>
        {/* A native file input: Fluent's Field labels only its own controls. */}
        <Label htmlFor={id}>{label}</Label>
        <input
          id={id}
          type="file"
          accept={accept.join(',')}
          disabled={upload.progress !== null}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // Cleared, so the same file can be picked again after a refusal.
            event.currentTarget.value = '';
            if (file) onFile(file);
          }}
        />
      </div>
      {upload.progress !== null && <ProgressBar value={upload.progress} aria-label={progressLabel} />}
    </>
  );
}
