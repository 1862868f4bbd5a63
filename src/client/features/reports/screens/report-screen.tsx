import { Body1, Button, Caption1, Subtitle2, Text } from '@fluentui/react-components';
import { ArrowDownload20Regular, Filter20Regular, Map20Regular, Save20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ReportResult, ReportSettings } from '../../../../shared/contract/reports';
import { payloadOf, selectedDates } from '../../../../shared/reports/filters';
import { errorMessage } from '../../../api/errors';
import { useLabel, type LabelFn } from '../../../i18n/i18n';
import { href, type RouteName } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { downloadExport, useCalculation, useReportSettings } from '../api';
import { DataTable } from '../components/data-table';
import { ReportChart } from '../components/report-chart';
import { useReportStyles } from '../components/reports.styles';
import { TechnicalTable } from '../components/technical-table';
import { useReportFilters } from '../filter-store';
import { useCurrentReport } from '../use-report';
import { WEEKDAYS } from '../weekdays';

/** spec §2 /reports/reservations/*: one report, its filters' summary, its figures, export. */
export default function ReportScreen() {
  const styles = useReportStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const report = useCurrentReport();
  const [filters] = useReportFilters(report.section);
  const settings = useReportSettings();
  const payload = filters ? payloadOf(filters, report.section) : null;
  const result = useCalculation(report.section === 'technical_list' ? null : payload);
  const [exporting, setExporting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = `r_reports-reservations-${report.segment}`;

  const exportCsv = async () => {
    if (!payload) return;
    setExporting(true);
    setFailure(null);
    try {
      await downloadExport(payload);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const dates = filters ? selectedDates(filters) : undefined;
  return (
    <div className={styles.page}>
      <div className={styles.toolbar} role="toolbar" aria-label={t('reports.actions', 'Report actions')}>
        <Button
          icon={<Filter20Regular />}
          onClick={() => void navigate(href(`${name}-search-filters` as RouteName))}
        >
          {t('reports.search-filters', 'Search filters')}
        </Button>
        <Button icon={<Map20Regular />} onClick={() => void navigate(href(`${name}-map` as RouteName))}>
          {t('reports.map', 'Occupancy map')}
        </Button>
        {report.preset && (
          <Button
            icon={<Save20Regular />}
            onClick={() => void navigate(href(`${name}-save-preset` as RouteName))}
          >
            {t('reports.save-preset', 'Save preset')}
          </Button>
        )}
        <Button
          icon={<ArrowDownload20Regular />}
          disabled={!payload || exporting}
          onClick={() => void exportCsv()}
        >
          {exporting ? t('reports.exporting', 'Exporting…') : t('reports.export', 'Export CSV')}
        </Button>
      </div>
      {dates && (
        <Caption1>
          {t('reports.period', '{from} to {to}, {hours}', {
            from: dates.date_start ?? '',
            to: dates.date_end ?? '',
            hours: (dates.hoursInterval ?? ['00:00', '24:00']).join('–'),
          })}
        </Caption1>
      )}
      <ErrorText message={failure ?? result.error?.message} />
      {!payload ? (
        <Loader label={t('reports.loading', 'Calculating…')} />
      ) : report.section === 'technical_list' ? (
        <TechnicalTable payload={payload} />
      ) : !result.data ? (
        <Loader label={t('reports.loading', 'Calculating…')} />
      ) : (
        <Figures result={result.data} settings={settings.data} t={t} />
      )}
    </div>
  );
}

const pct = (value: number) => `${value} %`;

function Figures({ result, settings, t }: { result: ReportResult; settings?: ReportSettings; t: LabelFn }) {
  const styles = useReportStyles();
  const booked = t('reports.booked', 'Booked');
  const used = t('reports.real-use', 'Real use (checked in)');
  const colors = {
    minAvgMax: settings?.min_average_max_report_color ?? '#0f6cbd',
    historical: settings?.historical_occupancy_report_color ?? '#107c10',
    daily: settings?.prediction_daily_report_color ?? '#8764b8',
    weekday: settings?.prediction_weekday_report_color ?? '#ca5010',
  };
  const breakdown = (title: string, rows: ReportResult['by_level']) =>
    rows && rows.length > 0 ? (
      <section className={styles.section}>
        <Subtitle2 as="h2">{title}</Subtitle2>
        <DataTable
          label={title}
          rows={rows}
          columns={[
            { key: 'name', header: t('reports.column.name', 'Name'), value: (row) => row.name },
            { key: 'booked', header: booked, value: (row) => pct(row.booked_pct) },
            { key: 'used', header: used, value: (row) => pct(row.used_pct) },
            { key: 'bookings', header: t('reports.bookings', 'Bookings'), value: (row) => row.bookings },
            { key: 'no-shows', header: t('reports.no-shows', 'No-shows'), value: (row) => row.no_shows },
          ]}
        />
      </section>
    ) : null;

  return (
    <>
      {result.summary && (
        <dl className={styles.cards} aria-label={t('reports.summary', 'Summary')}>
          {(
            [
              [booked, pct(result.summary.booked_pct)],
              [used, pct(result.summary.used_pct)],
              [t('reports.bookings', 'Bookings'), result.summary.bookings],
              [t('reports.check-ins', 'Check-ins'), result.summary.check_ins],
              [t('reports.no-shows', 'No-shows'), result.summary.no_shows],
              [t('reports.resources', 'Resources'), result.summary.resources],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className={styles.card}>
              <dt>
                <Caption1>{label}</Caption1>
              </dt>
              <dd className={styles.value}>
                <Text size={500} weight="semibold">
                  {value}
                </Text>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {result.series && (
        <ReportChart
          title={t('reports.occupancy-over-time', 'Occupancy over time')}
          keys={result.series.map((point) => point.key)}
          series={[
            {
              legend: booked,
              color: colors.historical,
              values: result.series.map((point) => point.booked_pct),
            },
            { legend: used, color: colors.minAvgMax, values: result.series.map((point) => point.used_pct) },
          ]}
        />
      )}
      {result.by_hour && (
        <ReportChart
          title={t('reports.by-hour', 'Average occupancy by hour')}
          keys={result.by_hour.map((row) => row.key)}
          series={[
            {
              legend: t('reports.average', 'Average'),
              color: colors.minAvgMax,
              values: result.by_hour.map((row) => row.average),
            },
          ]}
          tableColumns={[
            { key: 'hour', header: t('reports.hour', 'Hour'), value: (index) => result.by_hour![index]!.key },
            {
              key: 'min',
              header: t('reports.minimum', 'Minimum'),
              value: (index) => pct(result.by_hour![index]!.min),
            },
            {
              key: 'avg',
              header: t('reports.average', 'Average'),
              value: (index) => pct(result.by_hour![index]!.average),
            },
            {
              key: 'max',
              header: t('reports.maximum', 'Maximum'),
              value: (index) => pct(result.by_hour![index]!.max),
            },
          ]}
        />
      )}
      {result.by_day && (
        <section className={styles.section}>
          <Subtitle2 as="h2">{t('reports.by-day', 'Occupancy by day')}</Subtitle2>
          <DataTable
            label={t('reports.by-day', 'Occupancy by day')}
            rows={result.by_day}
            columns={[
              { key: 'day', header: t('reports.day', 'Day'), value: (row) => row.key },
              { key: 'min', header: t('reports.minimum', 'Minimum'), value: (row) => pct(row.min) },
              { key: 'avg', header: t('reports.average', 'Average'), value: (row) => pct(row.average) },
              { key: 'max', header: t('reports.maximum', 'Maximum'), value: (row) => pct(row.max) },
            ]}
          />
        </section>
      )}
      {result.prediction && (
        <>
          <ReportChart
            title={t('reports.expected', 'Expected occupancy')}
            keys={result.prediction.map((row) =>
              result.section === 'prediction_weekday' ? t(...WEEKDAYS[Number(row.key)]!) : row.key,
            )}
            series={[
              {
                legend: t('reports.expected', 'Expected occupancy'),
                color: result.section === 'prediction_weekday' ? colors.weekday : colors.daily,
                values: result.prediction.map((row) => row.expected_pct),
              },
            ]}
          />
          <Body1>
            {t(
              'reports.prediction-method',
              'Mean occupancy of the same weekday over the last 8 weeks, closed days left out, adjusted by the season a year earlier.',
            )}
          </Body1>
        </>
      )}
      {breakdown(t('reports.by-level', 'By level'), result.by_level)}
      {breakdown(t('reports.by-type', 'By resource type'), result.by_type)}
      {breakdown(t('reports.by-container', 'By user container'), result.by_container)}
    </>
  );
}
