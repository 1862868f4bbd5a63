import { Body1, Button, Checkbox, Field, Input, Subtitle2 } from '@fluentui/react-components';
import { useState, useSyncExternalStore } from 'react';
import useSWR from 'swr';
import { useNavigate } from 'react-router-dom';
import {
  servicesReportPaths,
  type AutoReleaseFigures,
  type AutoReleaseFilters,
  type AutoReleaseReport,
} from '../../../../shared/contract/services-report';
import { formatPrice } from '../../../../shared/services/order-rules';
import { addDays } from '../../../../shared/time/zone';
import { api } from '../../../api/client';
import type { ApiError } from '../../../api/errors';
import { useLabel, type LabelFn } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useServiceTypes } from '../../services/api';
import { DataTable, type Column } from '../components/data-table';
import { LevelChoices } from '../components/level-choices';
import { useReportStyles } from '../components/reports.styles';

/*
 * spec §2 /reports services (REPORTS_SERVICES): auto-release and its search-filters. The filters are
 * kept while the app is open, as the reservations reports keep theirs (filter-store.ts).
 */

type Filters = Required<AutoReleaseFilters>;
const today = new Date().toISOString().slice(0, 10);
let filters: Filters = {
  date_from: addDays(today, -29),
  date_to: today,
  location_ids: [],
  service_type_ids: [],
};
const listeners = new Set<() => void>();
const setFilters = (next: Filters) => {
  filters = next;
  listeners.forEach((listener) => listener());
};
const useFilters = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => filters,
  );

function columns<T extends AutoReleaseFigures>(
  t: LabelFn,
  currency: string,
  first: Column<T>[],
): Column<T>[] {
  const price = (cents: number) => formatPrice(cents, currency);
  return [
    ...first,
    { key: 'orders', header: t('reports.services.orders', 'Orders'), value: (row) => row.orders },
    {
      key: 'ordered',
      header: t('reports.services.ordered', 'Ordered'),
      value: (row) => price(row.ordered_cents),
    },
    { key: 'released', header: t('reports.services.released', 'Released'), value: (row) => row.released },
    { key: 'saved', header: t('reports.services.saved', 'Cancelled in time'), value: (row) => row.saved },
    {
      key: 'saved_cents',
      header: t('reports.services.saved-value', 'Saved'),
      value: (row) => price(row.saved_cents),
    },
    {
      key: 'wasted',
      header: t('reports.services.wasted', 'Delivered for nobody'),
      value: (row) => row.wasted,
    },
    {
      key: 'wasted_cents',
      header: t('reports.services.wasted-value', 'Wasted'),
      value: (row) => price(row.wasted_cents),
    },
  ];
}

export function ServicesAutoReleaseScreen() {
  const styles = useReportStyles();
  const t = useLabel();
  const current = useFilters();
  const report = useSWR<AutoReleaseReport, ApiError>(
    ['services-auto-release', JSON.stringify(current)],
    () => api.post<AutoReleaseReport>(servicesReportPaths.autoRelease, current, { silent: true }),
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false },
  );
  if (report.error) return <ErrorText message={report.error.message} />;
  if (!report.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const { currency, summary } = report.data;
  const price = (cents: number) => formatPrice(cents, currency);
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <Body1>
          {current.date_from} – {current.date_to}
        </Body1>
        <AppLink to={href('r_reports-services-auto-release-search-filters')}>
          {t('reports.search-filters', 'Search filters')}
        </AppLink>
      </div>
      <dl className={styles.cards} aria-label={t('reports.services.summary', 'Summary')}>
        {[
          [t('reports.services.orders', 'Orders'), `${summary.orders} · ${price(summary.ordered_cents)}`],
          [t('reports.services.released', 'Released'), String(summary.released)],
          [t('reports.services.saved-value', 'Saved'), `${summary.saved} · ${price(summary.saved_cents)}`],
          [
            t('reports.services.wasted-value', 'Wasted'),
            `${summary.wasted} · ${price(summary.wasted_cents)}`,
          ],
        ].map(([term, value]) => (
          <div key={term} className={styles.card}>
            <dt>{term}</dt>
            <dd className={styles.value} data-testid="services-figure">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <Breakdown
        id="services-by-resource"
        title={t('reports.services.by-resource', 'By resource')}
        rows={report.data.by_resource}
        columns={columns<AutoReleaseReport['by_resource'][number]>(t, currency, [
          {
            key: 'resource',
            header: t('reports.services.resource', 'Resource'),
            value: (row) => `${row.resource} (${row.path})`,
          },
        ])}
      />
      <Breakdown
        id="services-by-type"
        title={t('reports.services.by-type', 'By service type')}
        rows={report.data.by_type}
        columns={columns<AutoReleaseReport['by_type'][number]>(t, currency, [
          { key: 'type', header: t('reports.services.type', 'Service type'), value: (row) => row.name },
        ])}
      />
      <Breakdown
        id="services-by-day"
        title={t('reports.services.by-day', 'By day')}
        rows={report.data.by_day}
        columns={columns<AutoReleaseReport['by_day'][number]>(t, currency, [
          { key: 'date', header: t('reports.services.date', 'Date'), value: (row) => row.date },
        ])}
      />
    </div>
  );
}

export function ServicesAutoReleaseFiltersScreen() {
  const styles = useReportStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const current = useFilters();
  const types = useServiceTypes();
  const [draft, setDraft] = useState<Filters>(current);
  const toggle = (list: readonly number[], id: number, on: boolean) =>
    on ? [...new Set([...list, id])] : list.filter((entry) => entry !== id);
  const invalid = draft.date_from === '' || draft.date_to === '' || draft.date_to < draft.date_from;
  return (
    <form
      className={styles.page}
      onSubmit={(event) => {
        event.preventDefault();
        if (invalid) return;
        setFilters(draft);
        void navigate(-1);
      }}
    >
      <div className={styles.toolbar}>
        <Field label={t('reports.services.from', 'From')} required>
          <Input
            type="date"
            value={draft.date_from}
            onChange={(_e, data) => setDraft({ ...draft, date_from: data.value })}
          />
        </Field>
        <Field
          label={t('reports.services.to', 'To')}
          required
          validationMessage={
            invalid
              ? t('reports.services.end-before-start', 'The end date must not be before the start date.')
              : undefined
          }
        >
          <Input
            type="date"
            value={draft.date_to}
            onChange={(_e, data) => setDraft({ ...draft, date_to: data.value })}
          />
        </Field>
      </div>
      <fieldset className={styles.section}>
        <legend>{t('reports.services.types', 'Service types')}</legend>
        {(types.data?.data ?? []).map((type) => (
          <Checkbox
            key={type.id}
            label={type.name}
            checked={draft.service_type_ids.includes(type.id)}
            onChange={(_e, data) =>
              setDraft({
                ...draft,
                service_type_ids: toggle(draft.service_type_ids, type.id, data.checked === true),
              })
            }
          />
        ))}
      </fieldset>
      <fieldset className={styles.section}>
        <legend>{t('reports.services.locations', 'Locations')}</legend>
        <LevelChoices
          parentId={null}
          chosen={draft.location_ids}
          onToggle={(id, on) => setDraft({ ...draft, location_ids: toggle(draft.location_ids, id, on) })}
        />
      </fieldset>
      <div className={styles.toolbar}>
        <Button type="submit" appearance="primary" disabled={invalid}>
          {t('reports.services.apply', 'Apply')}
        </Button>
      </div>
    </form>
  );
}

/** One breakdown of the figures: a titled table. */
function Breakdown<T>({
  id,
  title,
  rows,
  columns,
}: {
  id: string;
  title: string;
  rows: T[];
  columns: Column<T>[];
}) {
  const styles = useReportStyles();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <Subtitle2 as="h2" id={id}>
        {title}
      </Subtitle2>
      <DataTable label={title} rows={rows} columns={columns} />
    </section>
  );
}
