import {
  Button,
  Dropdown,
  Field,
  Input,
  Option,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { ArrowDownload20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { CompanyUsage } from '../../../../shared/contract/usage';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { downloadUsage, useUsage } from '../api';
import { BarChart } from '../components/bar-chart';
import { useMasterStyles } from '../master.styles';

type Metric = 'active_users' | 'bookings' | 'resources' | 'storage_bytes';
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** spec §2 /usage: per company over a chosen period, as a chart, a table and a CSV file. */
export default function UsageScreen() {
  const styles = useMasterStyles();
  const t = useLabel();
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 29 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [metric, setMetric] = useState<Metric>('active_users');
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const valid = from !== '' && to !== '' && from <= to;
  const usage = useUsage(valid ? from : '', valid ? to : '');
  const metrics: Record<Metric, string> = {
    active_users: t('master.usage.active-users', 'Active users'),
    bookings: t('master.usage.bookings', 'Bookings'),
    resources: t('master.usage.resources', 'Resources'),
    storage_bytes: t('master.usage.storage', 'Storage (bytes)'),
  };

  const download = async () => {
    setDownloading(true);
    setFailure(null);
    try {
      const url = URL.createObjectURL(await downloadUsage(from, to));
      const link = document.createElement('a');
      link.href = url;
      link.download = `usage-${from}-${to}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  const rows: CompanyUsage[] = usage.data?.data ?? [];
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <Field
          label={t('master.usage.from', 'From')}
          validationMessage={
            valid
              ? undefined
              : t('master.usage.bad-period', 'The end date must not be before the start date.')
          }
          validationState={valid ? 'none' : 'error'}
        >
          <Input type="date" value={from} onChange={(_event, data) => setFrom(data.value)} />
        </Field>
        <Field label={t('master.usage.to', 'To')}>
          <Input type="date" value={to} onChange={(_event, data) => setTo(data.value)} />
        </Field>
        <Field label={t('master.usage.metric', 'Chart')}>
          <Dropdown
            value={metrics[metric]}
            selectedOptions={[metric]}
            onOptionSelect={(_event, data) =>
              setMetric((data.optionValue as Metric | undefined) ?? 'active_users')
            }
          >
            {(Object.keys(metrics) as Metric[]).map((key) => (
              <Option key={key} value={key}>
                {metrics[key]}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      <div className={styles.actions}>
        <Button
          icon={<ArrowDownload20Regular aria-hidden />}
          disabled={!valid || downloading}
          onClick={() => void download()}
        >
          {t('master.usage.export', 'Export CSV')}
        </Button>
      </div>
      <ErrorText message={failure ?? (usage.error ? errorMessage(usage.error) : null)} />
      {!usage.data ? (
        valid && <Loader label={t('general.loading', 'Loading…')} />
      ) : (
        <>
          <BarChart
            label={metrics[metric]}
            rows={rows.map((row) => ({ name: row.name, value: row[metric] }))}
          />
          <Table aria-label={t('master.usage.title', 'Usage')} aria-busy={usage.isValidating} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('master.usage.company', 'Company')}</TableHeaderCell>
                {(Object.keys(metrics) as Metric[]).map((key) => (
                  <TableHeaderCell key={key}>{metrics[key]}</TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.company_id}>
                  <TableCell>{row.name}</TableCell>
                  {(Object.keys(metrics) as Metric[]).map((key) => (
                    <TableCell key={key}>{row[key].toLocaleString()}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </div>
  );
}
