import {
  Body1,
  Button,
  Caption1,
  makeStyles,
  MessageBar,
  MessageBarBody,
  tokens,
} from '@fluentui/react-components';
import { ArrowUpload20Regular } from '@fluentui/react-icons';
import { useRef, useState, type ReactNode } from 'react';
import { MAX_IMPORT_BYTES, type ImportPreview } from '../../shared/contract/csv-import';
import { useLabel } from '../i18n/i18n';
import { ErrorText } from './error-text';
import { SubmitButton } from './submit-button';
import { useSubmit } from './use-submit';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, width: '100%' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  tableBox: { overflowX: 'auto', width: '100%' },
  table: { width: '100%', borderCollapse: 'collapse' },
  cell: {
    textAlign: 'start',
    verticalAlign: 'top',
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export interface CsvImportProps {
  /** what the file holds (its columns) */
  help: ReactNode;
  /** the confirming form's accessible name */
  formLabel: string;
  confirmLabel: (count: number) => string;
  preview: (csv: string) => Promise<ImportPreview>;
  run: (csv: string) => Promise<{ message: string }>;
  /** shown under the success message (a way back) */
  after?: ReactNode;
}

/**
 * A CSV import (users, visitors; src/shared/contract/csv-import.ts): the chosen file is previewed
 * first, each row with its errors; nothing is written until the import is confirmed, and a file with
 * a bad row imports nothing.
 */
export function CsvImport({ help, formLabel, confirmLabel, preview: check, run, after }: CsvImportProps) {
  const styles = useStyles();
  const t = useLabel();
  const input = useRef<HTMLInputElement>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const reading = useSubmit();
  const importing = useSubmit();

  const choose = async (file: File | undefined) => {
    setPreview(null);
    setDone(null);
    if (!file) return;
    setFileName(file.name);
    if (file.size > MAX_IMPORT_BYTES) {
      reading.setFailure(t('csv-import.too-large', 'The file is larger than 1 MB.'));
      return;
    }
    const text = await file.text();
    setCsv(text);
    void reading.run(async () => setPreview(await check(text)), undefined, { failure: 'all' });
  };
  const confirm = () =>
    void importing.run(
      async () => {
        const result = await run(csv!);
        setDone(result.message);
        setPreview(null);
      },
      undefined,
      { failure: 'all' },
    );

  return (
    <div className={styles.page}>
      <Body1>{help}</Body1>
      <div className={styles.actions}>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          aria-hidden
          tabIndex={-1}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <Button
          icon={<ArrowUpload20Regular aria-hidden />}
          disabled={reading.pending || importing.pending}
          onClick={() => input.current?.click()}
        >
          {t('csv-import.choose', 'Choose a CSV file')}
        </Button>
        {fileName && <Caption1>{fileName}</Caption1>}
      </div>
      <ErrorText message={reading.failure ?? importing.failure} />
      {reading.pending && <Caption1 role="status">{t('csv-import.reading', 'Checking the file…')}</Caption1>}
      {done && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{done}</MessageBarBody>
        </MessageBar>
      )}
      {done && after}
      {preview && (
        <>
          <Caption1 role="status">
            {t('csv-import.summary', '{valid} rows ready, {invalid} with errors', {
              valid: preview.valid,
              invalid: preview.invalid,
            })}
          </Caption1>
          <div className={styles.tableBox}>
            <table className={styles.table} aria-label={t('csv-import.preview', 'Preview of the import')}>
              <thead>
                <tr>
                  <th className={styles.cell}>{t('csv-import.line', 'Line')}</th>
                  <th className={styles.cell}>{t('users.email', 'E-mail')}</th>
                  <th className={styles.cell}>{t('users.name', 'Name')}</th>
                  <th className={styles.cell}>{t('csv-import.errors', 'Errors')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.line}>
                    <td className={styles.cell}>{row.line}</td>
                    <td className={styles.cell}>{row.email}</td>
                    <td className={styles.cell}>{`${row.first_name} ${row.last_name}`.trim()}</td>
                    <td className={`${styles.cell} ${styles.error}`}>
                      {Object.entries(row.errors)
                        .map(([field, messages]) => `${field}: ${messages[0]}`)
                        .join(' ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              confirm();
            }}
            aria-label={formLabel}
          >
            {preview.invalid > 0 ? (
              <Body1 className={styles.error}>
                {t(
                  'csv-import.fix',
                  'Correct the rows with errors and choose the file again: nothing is imported.',
                )}
              </Body1>
            ) : (
              <SubmitButton pending={importing.pending}>{confirmLabel(preview.valid)}</SubmitButton>
            )}
          </form>
        </>
      )}
    </div>
  );
}
