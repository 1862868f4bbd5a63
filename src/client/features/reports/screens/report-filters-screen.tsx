import {
  Button,
  Checkbox,
  Field,
  Input,
  Label,
  Radio,
  RadioGroup,
  SpinButton,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  selectFilter,
  selectedDates,
  setCustomRange,
  setFilterValue,
  type ReportFilter,
} from '../../../../shared/reports/filters';
import { useLabel } from '../../../i18n/i18n';
import { href, type RouteName } from '../../../routing/paths';
import { Loader } from '../../../ui/loader';
import { useResourceTypes } from '../api';
import { LevelChoices } from '../components/level-choices';
import { useReportStyles } from '../components/reports.styles';
import { useReportFilters } from '../filter-store';
import { useCurrentReport } from '../use-report';

const DATE_LABELS: Record<string, [string, string]> = {
  'dates-today': ['reports.dates.today', 'Today'],
  'dates-week': ['reports.dates.week', 'This week'],
  'dates-month': ['reports.dates.month', 'This month'],
  'dates-quarter': ['reports.dates.quarter', 'This quarter'],
  'dates-year': ['reports.dates.year', 'This year'],
  'dates-custom': ['reports.dates.custom', 'Custom'],
};
const INTERVAL_LABELS: Record<string, [string, string]> = {
  'intervals-hour': ['reports.interval.hour', 'By hour'],
  'intervals-day': ['reports.interval.day', 'By day'],
  'intervals-week': ['reports.interval.week', 'By week'],
  'intervals-month': ['reports.interval.month', 'By month'],
};

const idsOf = (filters: ReportFilter[], id: string) => {
  const value = filters.find((filter) => filter.id === id)?.value;
  return Array.isArray(value) ? value : [];
};

/**
 * spec §2 search-filters of a report, with the rules of spec §4 applied as each filter is chosen
 * (src/shared/reports/filters.ts): locations, types, dates and hours, interval, alarm.
 */
export default function ReportFiltersScreen() {
  const styles = useReportStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const report = useCurrentReport();
  const [stored, setStored] = useReportFilters(report.section);
  const [draft, setDraft] = useState<ReportFilter[] | null>(null);
  const types = useResourceTypes();
  const filters = draft ?? stored;
  if (!filters) return <Loader label={t('general.loading', 'Loading…')} />;

  const dates = selectedDates(filters);
  const custom = filters.find((filter) => filter.id === 'dates-custom')!;
  const hours = dates?.hoursInterval ?? ['08:00', '18:00'];
  const alarm = filters.find((filter) => filter.id === 'alarm');
  const alarmRange = Array.isArray(alarm?.value) ? alarm.value : [0, 100];
  const toggleId = (id: string, value: number, on: boolean) => {
    const current = idsOf(filters, id);
    setDraft(
      setFilterValue(filters, id, on ? [...current, value] : current.filter((entry) => entry !== value)),
    );
  };
  const setRange = (start: string, end: string, range: [string, string]) => {
    if (/^\d{4}-\d{2}-\d{2}$/.test(start) && /^\d{4}-\d{2}-\d{2}$/.test(end) && start <= end)
      setDraft(setCustomRange(filters, start, end, range));
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setStored(filters);
    void navigate(href(`r_reports-reservations-${report.segment}` as RouteName));
  };

  return (
    <form className={styles.form} onSubmit={apply} aria-label={t('reports.search-filters', 'Search filters')}>
      <section className={styles.section} role="group" aria-labelledby="report-filter-locations">
        <Label id="report-filter-locations">{t('reports.filter.locations', 'Locations')}</Label>
        <LevelChoices
          parentId={null}
          chosen={idsOf(filters, 'locations')}
          onToggle={(id, on) => toggleId('locations', id, on)}
        />
      </section>
      <section className={styles.section} role="group" aria-labelledby="report-filter-types">
        <Label id="report-filter-types">{t('reports.filter.types', 'Resource types')}</Label>
        <div className={styles.row}>
          {(types.data?.data ?? []).map((type) => (
            <Checkbox
              key={type.id}
              label={type.name}
              checked={idsOf(filters, 'types').includes(type.id)}
              onChange={(_event, data) => toggleId('types', type.id, data.checked === true)}
            />
          ))}
        </div>
      </section>
      <Field label={t('reports.filter.dates', 'Period')}>
        <RadioGroup
          value={dates?.id ?? ''}
          onChange={(_event, data) => setDraft(selectFilter(filters, data.value))}
        >
          {Object.entries(DATE_LABELS).map(([id, [code, english]]) => (
            <Radio key={id} value={id} label={t(code, english)} />
          ))}
        </RadioGroup>
      </Field>
      <div className={styles.row}>
        <Field label={t('reports.filter.from', 'From')}>
          <Input
            type="date"
            value={dates?.date_start ?? custom.date_start ?? ''}
            onChange={(_event, data) => setRange(data.value, dates?.date_end ?? data.value, hours)}
          />
        </Field>
        <Field label={t('reports.filter.to', 'To')}>
          <Input
            type="date"
            value={dates?.date_end ?? custom.date_end ?? ''}
            onChange={(_event, data) => setRange(dates?.date_start ?? data.value, data.value, hours)}
          />
        </Field>
      </div>
      <div className={styles.row}>
        <Field label={t('reports.filter.hours-from', 'Hours from')}>
          <SpinButton
            min={0}
            max={23}
            value={Number(hours[0].slice(0, 2))}
            onChange={(_event, data) => {
              const hour = data.value ?? Number(data.displayValue);
              if (Number.isInteger(hour) && hour >= 0 && hour < Number(hours[1].slice(0, 2)))
                setRange(dates?.date_start ?? '', dates?.date_end ?? '', [
                  `${String(hour).padStart(2, '0')}:00`,
                  hours[1],
                ]);
            }}
          />
        </Field>
        <Field label={t('reports.filter.hours-to', 'Hours to')}>
          <SpinButton
            min={1}
            max={24}
            value={Number(hours[1].slice(0, 2))}
            onChange={(_event, data) => {
              const hour = data.value ?? Number(data.displayValue);
              if (Number.isInteger(hour) && hour <= 24 && hour > Number(hours[0].slice(0, 2)))
                setRange(dates?.date_start ?? '', dates?.date_end ?? '', [
                  hours[0],
                  `${String(hour).padStart(2, '0')}:00`,
                ]);
            }}
          />
        </Field>
      </div>
      <Field label={t('reports.filter.interval', 'Interval')}>
        <RadioGroup
          layout="horizontal"
          value={filters.find((filter) => filter.slug === 'intervals' && filter.selected)?.id ?? ''}
          onChange={(_event, data) => setDraft(selectFilter(filters, data.value))}
        >
          {Object.entries(INTERVAL_LABELS).map(([id, [code, english]]) => (
            <Radio key={id} value={id} label={t(code, english)} />
          ))}
        </RadioGroup>
      </Field>
      <Checkbox
        label={t('reports.filter.alarm', 'Only occupancy between')}
        checked={alarm?.selected ?? false}
        onChange={() => setDraft(selectFilter(filters, 'alarm'))}
      />
      {alarm?.selected && (
        <div className={styles.row}>
          {([0, 1] as const).map((index) => (
            <Field
              key={index}
              label={
                index === 0
                  ? t('reports.filter.alarm-min', 'Minimum %')
                  : t('reports.filter.alarm-max', 'Maximum %')
              }
            >
              <SpinButton
                min={0}
                max={100}
                value={alarmRange[index] ?? 0}
                onChange={(_event, data) => {
                  const value = data.value ?? Number(data.displayValue);
                  if (!Number.isFinite(value)) return;
                  const next = [...alarmRange];
                  next[index] = Math.min(100, Math.max(0, value));
                  setDraft(
                    filters.map((filter) => (filter.id === 'alarm' ? { ...filter, value: next } : filter)),
                  );
                }}
              />
            </Field>
          ))}
        </div>
      )}
      <Button appearance="primary" type="submit">
        {t('reports.apply-filters', 'Show report')}
      </Button>
    </form>
  );
}
