import {
  Radio,
  RadioGroup,
  Body1,
  Select,
  Button,
  Caption1,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ACTIVE_STATUSES, APPROVAL_STATUSES } from '../../../../shared/booking/declaration-rules';
import { can } from '../../../../shared/permissions';
import { BOOKING_COLUMNS, type BookingColumn, type BookingRow } from '../../../../shared/contract/bookings';
import { errorMessage } from '../../../api/errors';
import { useLabel, type LabelFn } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useInitialData } from '../../../session/hooks';
import { bookingActions, usePresetBookings, usePresets } from '../api';
import { APPROVAL_LABELS, COLUMN_LABELS, STATUS_LABELS } from '../booking-labels';
import { useBookingsStyles } from '../bookings.styles';

/** Each "show more" adds a week to the preset's period (spec §7 extend_period). */
const EXTEND_BY_DAYS = 7;

function money(cost: BookingRow['cost'], t: LabelFn): string {
  if (!cost) return t('bookings.cost.free', 'Free');
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: cost.currency }).format(
      cost.cents / 100,
    );
  } catch {
    return `${(cost.cents / 100).toFixed(2)} ${cost.currency}`;
  }
}

/**
 * spec §4 "Approval status can be assigned from a list": a live booking's approval, for whoever
 * may change bookings (BOOKINGS update; the server checks it again).
 */
function ApprovalChoice({ row, onDone }: { row: BookingRow; onDone: (failure: string | null) => void }) {
  const t = useLabel();
  const [saving, setSaving] = useState(false);
  return (
    <Select
      size="small"
      aria-label={t('bookings.list.approval-of', 'Approval of booking {id}', { id: row.booking_id })}
      value={row.approval_status}
      disabled={saving}
      onChange={(_event, data) => {
        setSaving(true);
        bookingActions
          .assignApproval(row.booking_id, data.value as (typeof APPROVAL_STATUSES)[number])
          .then(
            () => onDone(null),
            (error: unknown) => onDone(errorMessage(error)),
          )
          .finally(() => setSaving(false));
      }}
    >
      {APPROVAL_STATUSES.map((status) => (
        <option key={status} value={status}>
          {t(...APPROVAL_LABELS[status])}
        </option>
      ))}
    </Select>
  );
}

function cell(row: BookingRow, column: BookingColumn, t: LabelFn) {
  switch (column) {
    case 'resource':
      return (
        <>
          {row.resource.name}
          <Caption1 block>{row.resource.path}</Caption1>
        </>
      );
    case 'booking_id':
      return row.can_edit ? (
        <AppLink
          to={href('r_bookings-edit', { id: row.booking_id })}
          aria-label={t('bookings.list.edit', 'Edit booking {id}', { id: row.booking_id })}
        >
          {row.booking_id}
        </AppLink>
      ) : (
        row.booking_id
      );
    case 'subject':
      // spec §2: a private booking shows its subject only to its host (the server leaves it empty).
      return row.subject || (row.is_private ? t('bookings.list.private', 'Private') : '');
    case 'host':
      return row.host.name;
    case 'start_time':
      return `${row.start_label} – ${row.end_label}`;
    case 'cost':
      return money(row.cost, t);
    case 'status':
      return row.meeting_pending
        ? t('bookings.list.meeting-pending', '{status} (pending: meeting not sent)', {
            status: t(...STATUS_LABELS[row.status]),
          })
        : t(...STATUS_LABELS[row.status]);
    case 'approval_status':
      return t(...APPROVAL_LABELS[row.approval_status]);
  }
}

/**
 * spec §2 /bookings: the active presets as tabs, the chosen preset's bookings in the spec §3
 * columns, sorted by the BookingFirstSortField and BookingSecondSortField preferences (the server
 * sorts; the caption says by what), a longer period on demand; presets, add and the grid.
 */
export default function BookingsScreen() {
  const styles = useBookingsStyles();
  const t = useLabel();
  const [params, setParams] = useSearchParams();
  const presets = usePresets();
  const active = (presets.data?.data ?? []).filter((preset) => preset.is_active);
  const asked = Number(params.get('preset'));
  const presetId = active.find((preset) => preset.id === asked)?.id ?? active[0]?.id ?? null;
  const extend = Math.max(0, Number(params.get('extend')) || 0);
  const result = usePresetBookings(presetId, extend);
  const session = useInitialData();
  const mayApprove = can(session?.general_permissions ?? [], ['BOOKINGS', 'update']);
  const [approvalFailure, setApprovalFailure] = useState<string | null>(null);
  const approved = (failure: string | null) => {
    setApprovalFailure(failure);
    void result.mutate();
  };

  const choose = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  if (presets.error) return <ErrorText message={errorMessage(presets.error)} />;
  if (!presets.data) return <Loader label={t('bookings.presets.loading', 'Loading the presets…')} />;
  const data = result.data;

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <AppLink to={href('r_bookings-presets')}>{t('bookings.presets.manage', 'Presets')}</AppLink>
        <AppLink to={{ pathname: href('r_bookings-add'), search: presetId ? `?preset=${presetId}` : '' }}>
          {t('bookings.add', 'Add booking')}
        </AppLink>
        {presetId !== null && (
          <AppLink to={href('r_bookings-grid', { presetId })}>
            {t('bookings.grid.open', 'Booking grid')}
          </AppLink>
        )}
      </div>
      {active.length === 0 ? (
        <Body1>{t('bookings.list.no-presets', 'No active preset: add or activate one under Presets.')}</Body1>
      ) : (
        // Radios rather than a TabList: the tab list's arrow-key mover adds focusable aria-hidden
        // elements that screen readers trip over (axe aria-hidden-focus).
        <RadioGroup
          layout="horizontal"
          value={String(presetId)}
          onChange={(_event, data) => choose({ preset: data.value, extend: null })}
          aria-label={t('bookings.list.presets', 'Presets')}
        >
          {active.map((preset) => (
            <Radio key={preset.id} value={String(preset.id)} label={preset.name} />
          ))}
        </RadioGroup>
      )}
      {result.error && <ErrorText message={errorMessage(result.error)} />}
      {presetId !== null && !data && !result.error && (
        <Loader label={t('bookings.list.loading', 'Loading the bookings…')} />
      )}
      {data && (
        <section aria-labelledby="bookings-result-title" aria-busy={result.isValidating || undefined}>
          <div className={styles.toolbar}>
            <Subtitle2 as="h2" id="bookings-result-title">
              {data.booking_title}
            </Subtitle2>
            <Body1>{data.date_label}</Body1>
            <Body1 role="status">
              {t(
                'bookings.list.total',
                { one: '{count} booking', other: '{count} bookings' },
                { count: data.total_number_of_bookings },
              )}
            </Body1>
          </div>
          {approvalFailure && <ErrorText message={approvalFailure} />}
          {data.bookings.length === 0 ? (
            <Body1>{t('bookings.list.empty', 'No bookings in this period.')}</Body1>
          ) : (
            <div className={styles.tableWrap}>
              <Table aria-labelledby="bookings-result-title" size="small">
                <caption style={{ textAlign: 'start', captionSide: 'bottom' }}>
                  {t('bookings.list.sorted', 'Sorted by {first}, then {second}', {
                    first: t(...COLUMN_LABELS[data.sort_field_first]),
                    second: t(...COLUMN_LABELS[data.sort_field_second]),
                  })}
                </caption>
                <TableHeader>
                  <TableRow>
                    {BOOKING_COLUMNS.map((column) => (
                      <TableHeaderCell
                        key={column}
                        aria-sort={column === data.sort_field_first ? 'ascending' : undefined}
                      >
                        {t(...COLUMN_LABELS[column])}
                      </TableHeaderCell>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.bookings.map((row) => (
                    <TableRow key={row.booking_id} data-booking={row.booking_id}>
                      {BOOKING_COLUMNS.map((column) => (
                        <TableCell key={column}>
                          {column === 'approval_status' &&
                          mayApprove &&
                          (ACTIVE_STATUSES as readonly string[]).includes(row.status) ? (
                            <ApprovalChoice row={row} onDone={approved} />
                          ) : (
                            cell(row, column, t)
                          )}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
          <div className={styles.actions}>
            <Button
              disabled={result.isValidating}
              onClick={() => choose({ extend: String(extend + EXTEND_BY_DAYS) })}
            >
              {t('bookings.list.more', 'Show {days} more days', { days: EXTEND_BY_DAYS })}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
