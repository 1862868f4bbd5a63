import { Body1, Button, Caption1, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { ArrowUpload20Regular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { IMPORT_COLUMNS, MAX_IMPORT_BYTES, type ImportPreview } from '../../../../shared/contract/users';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { SubmitButton } from '../../../ui/submit-button';
import { useSubmit } from '../../../ui/use-submit';
import { previewImport, runImport } from '../api';
import { useUserStyles } from './users.styles';

/**
 * spec §2 /manage-users import: a CSV file is previewed first, each row with its errors; nothing is
 * written until the administrator confirms, and a file with a bad row imports nothing.
 */
export default function UsersImportScreen() {
  const styles = useUserStyles();
  const t = useLabel();
  const navigate = useNavigate();
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
      reading.setFailure(t('users.import-too-large', 'The file is larger than 1 MB.'));
      return;
    }
    const text = await file.text();
    setCsv(text);
    void reading.run(async () => setPreview(await previewImport(text)), undefined, { failure: 'all' });
  };
  const confirm = () =>
    void importing.run(
      async () => {
        const result = await runImport(csv!);
        setDone(result.message);
        setPreview(null);
      },
      undefined,
      { failure: 'all' },
    );

  return (
    <div className={styles.page}>
      <Body1>
        {t(
          'users.import-help',
          'A CSV file with a header row. Columns: {columns}. Containers are separated by |.',
          {
            columns: IMPORT_COLUMNS.join(', '),
          },
        )}
      </Body1>
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
          {t('users.import-choose', 'Choose a CSV file')}
        </Button>
        {fileName && <Caption1>{fileName}</Caption1>}
      </div>
      <ErrorText message={reading.failure ?? importing.failure} />
      {reading.pending && (
        <Caption1 role="status">{t('users.import-reading', 'Checking the file…')}</Caption1>
      )}
      {done && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{done}</MessageBarBody>
        </MessageBar>
      )}
      {done && (
        <Button appearance="primary" onClick={() => navigate(href('r_manage-users'))}>
          {t('users.import-back', 'Back to the users')}
        </Button>
      )}
      {preview && (
        <>
          <Caption1 role="status">
            {t('users.import-summary', '{valid} rows ready, {invalid} with errors', {
              valid: preview.valid,
              invalid: preview.invalid,
            })}
          </Caption1>
          <div className={styles.tableBox}>
            <table className={styles.table} aria-label={t('users.import-preview', 'Preview of the import')}>
              <thead>
                <tr>
                  <th className={styles.cell}>{t('users.import-line', 'Line')}</th>
                  <th className={styles.cell}>{t('users.email', 'E-mail')}</th>
                  <th className={styles.cell}>{t('users.name', 'Name')}</th>
                  <th className={styles.cell}>{t('users.import-errors', 'Errors')}</th>
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
            aria-label={t('users.import', 'Import users')}
          >
            {preview.invalid > 0 ? (
              <Body1 className={styles.error}>
                {t(
                  'users.import-fix',
                  'Correct the rows with errors and choose the file again: nothing is imported.',
                )}
              </Body1>
            ) : (
              <SubmitButton pending={importing.pending}>
                {t(
                  'users.import-confirm',
                  { one: 'Import {count} user', other: 'Import {count} users' },
                  { count: preview.valid },
                )}
              </SubmitButton>
            )}
          </form>
        </>
      )}
    </div>
  );
}
