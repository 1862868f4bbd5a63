import {
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  makeStyles,
  ProgressBar,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownload20Regular, DocumentTable20Regular } from '@fluentui/react-icons';
import { useEffect, useState, type FormEvent } from 'react';
import type { LogExport } from '../../../../shared/contract/logs';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { LIST_ROW_STYLES } from '../../../ui/list-rows.styles';
import { Loader } from '../../../ui/loader';
import { PAGE_STYLES } from '../../../ui/page.styles';
import { SubmitButton } from '../../../ui/submit-button';
import { firstMessages, useSubmit } from '../../../ui/use-submit';
import {
  downloadExport,
  refreshLogExports,
  requestExport,
  switchLogging,
  useLogConfig,
  useLogExports,
} from '../api';

const useStyles = makeStyles({
  ...PAGE_STYLES,
  ...LIST_ROW_STYLES,
  period: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

const POLL_MS = 1_000;
const day = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
/** A day of the user's calendar, from its local midnight; `next` gives the following midnight. */
const midnight = (value: string, next = false) => {
  const [year, month, date] = value.split('-').map(Number);
  return new Date(year!, month! - 1, date! + (next ? 1 : 0)).toISOString();
};

/**
 * spec §2 /logs: whether the audit log records (configs/1), and its CSV export for a period of days
 * (both ends included), built in the background: its progress shows until it can be downloaded.
 */
export default function LogsScreen() {
  const styles = useStyles();
  const t = useLabel();
  const config = useLogConfig();
  const exports = useLogExports();
  const [from, setFrom] = useState(() => day(new Date(Date.now() - 29 * 86_400_000)));
  const [to, setTo] = useState(() => day(new Date()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const request = useSubmit();
  const toggle = useSubmit();
  const fetcher = useSubmit();
  const pending = exports.data?.data.some((item) => item.status === 'queued' || item.status === 'running');
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void refreshLogExports(), POLL_MS);
    return () => clearInterval(timer);
  }, [pending]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    if (from === '' || to === '' || to < from) {
      setErrors({ to: t('logs.bad-period', 'The end must not be before the start.') });
      return;
    }
    void request.run(
      () => requestExport({ from: midnight(from), to: midnight(to, true) }),
      (fieldErrors) => setErrors(firstMessages(fieldErrors)),
    );
  };
  const status = (item: LogExport) =>
    item.status === 'ready'
      ? t('logs.lines', '{count} lines', { count: item.row_count })
      : item.status === 'failed'
        ? t('logs.failed', 'Failed')
        : t('logs.preparing', 'Preparing…');

  return (
    <div className={styles.page}>
      <ErrorText message={toggle.failure ?? fetcher.failure} />
      {!config.data ? (
        config.error ? (
          <ErrorText message={errorMessage(config.error)} />
        ) : (
          <Loader label={t('general.loading', 'Loading…')} />
        )
      ) : (
        <Switch
          label={t('logs.active', 'Record the audit log')}
          checked={config.data.is_active}
          disabled={toggle.pending}
          onChange={(_event, data) => void toggle.run(() => switchLogging(data.checked))}
        />
      )}
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t('logs.export', 'Export CSV')}>
        <div className={styles.period}>
          <Field
            label={t('logs.from', 'From')}
            validationMessage={errors.from}
            validationState={errors.from ? 'error' : 'none'}
          >
            <Input type="date" value={from} onChange={(_event, data) => setFrom(data.value)} />
          </Field>
          <Field
            label={t('logs.to', 'To')}
            validationMessage={errors.to}
            validationState={errors.to ? 'error' : 'none'}
          >
            <Input type="date" value={to} onChange={(_event, data) => setTo(data.value)} />
          </Field>
        </div>
        <ErrorText message={request.failure} />
        <div className={styles.actions}>
          <SubmitButton pending={request.pending}>
            <DocumentTable20Regular aria-hidden /> {t('logs.export', 'Export CSV')}
          </SubmitButton>
        </div>
      </form>
      {exports.data && exports.data.data.length > 0 && (
        <ul className={styles.rows} aria-label={t('logs.exports', 'Exports')}>
          {exports.data.data.map((item) => (
            <li key={item.id} className={styles.row}>
              <div className={styles.rowMain}>
                <Body1>
                  {t('logs.period', '{from} to {to}', {
                    from: item.from.slice(0, 10),
                    to: new Date(Date.parse(item.to) - 1).toISOString().slice(0, 10),
                  })}
                </Body1>
                <Caption1 className={styles.detail}>{status(item)}</Caption1>
                {(item.status === 'queued' || item.status === 'running') && (
                  <ProgressBar
                    value={item.progress / 100}
                    aria-label={t('logs.progress', 'Export progress')}
                    aria-valuetext={`${item.progress}%`}
                  />
                )}
              </div>
              {item.status === 'ready' && (
                <Button
                  icon={<ArrowDownload20Regular aria-hidden />}
                  disabled={fetcher.pending}
                  onClick={() => void fetcher.run(() => downloadExport(item))}
                >
                  {t('logs.download', 'Download')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
