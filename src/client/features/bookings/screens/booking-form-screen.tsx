import { Body1, Button, Checkbox, Field, Input, Select, Subtitle2 } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import type { Booking, GridResource } from '../../../../shared/contract/bookings';
import { can } from '../../../../shared/permissions';
import { calendarDateIn } from '../../../../shared/time/calendar-date';
import { formatWallClock, toResourceClock, withMeridiem } from '../../../../shared/time/grid';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { PeopleSearch } from '../../../ui/people-search';
import { SubmitButton } from '../../../ui/submit-button';
import { useSubmit } from '../../../ui/use-submit';
import { bookingActions, refreshBookings, useBooking, useDelegators, useGrid, usePresets } from '../api';
import { readDraft, spanOfSlots, writeDraft, type BookingDraft } from '../booking-draft';
import { useBookingsStyles } from '../bookings.styles';

const REQUIRED = 'This field is required.';

function money({ cents, currency }: { cents: number; currency: string }): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** 'from – to' of a span in a resource's zone and time format. */
export function spanLabel(from: string, to: string, timezone: string, timeFormat = 'HH:mm'): string {
  const format = withMeridiem(timeFormat);
  const start = toResourceClock(from, timezone);
  const end = toResourceClock(to, timezone);
  return `${formatWallClock(start.date, start.time, format)} – ${formatWallClock(end.date, end.time, format)}`;
}

/** Where the form belongs: the list or a preset's grid, and the booking it edits if any. */
export function useBookingFormPlace() {
  const params = useParams();
  const gridPreset = params.presetId ? Number(params.presetId) : null;
  const idText = params.id ?? params.bookingId;
  return { gridPreset, bookingId: idText ? Number(idText) : null };
}

/** The booking's own day, in its resource's zone. */
export const bookingDay = (booking: Booking) => calendarDateIn(booking.timezone, new Date(booking.starts_at));

/** The day the form and its select-slots show: the one chosen, else (editing) the booking's own. */
export const formDay = (draft: BookingDraft, booking: Booking | null | undefined): string | null =>
  draft.date ?? (booking ? bookingDay(booking) : null);

/**
 * spec §2 /bookings add, edit/{id} and /bookings-grid/{presetId} add, edit/{bookingId}: a booking's
 * resource (one of the preset's), day, slots (chosen on the select-slots sub-screen), subject and
 * privacy, with what it costs; an edit can also cancel the booking.
 */
export default function BookingFormScreen() {
  const { bookingId } = useBookingFormPlace();
  const booking = useBooking(bookingId);
  const t = useLabel();
  if (bookingId === null) return <BookingForm booking={null} />;
  if (booking.error) return <ErrorText message={errorMessage(booking.error)} />;
  if (!booking.data) return <Loader label={t('bookings.form.loading', 'Loading the booking…')} />;
  return <BookingForm booking={booking.data} />;
}

function BookingForm({ booking }: { booking: Booking | null }) {
  const styles = useBookingsStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { gridPreset } = useBookingFormPlace();
  const [params, setParams] = useSearchParams();
  const draft = readDraft(params);
  const presets = usePresets();
  const firstActive = presets.data?.data.find((preset) => preset.is_active)?.id ?? null;
  const presetId = gridPreset ?? draft.presetId ?? firstActive;
  const date = formDay(draft, booking);
  const grid = useGrid(presetId, date ?? undefined);
  const resources: GridResource[] = presetId === null ? [] : (grid.data?.data ?? []);
  const resourceId = draft.resourceId ?? booking?.resource.id ?? null;
  const resource = resources.find((candidate) => candidate.id === resourceId) ?? null;
  const slots = draft.slots;
  const span = slots ? spanOfSlots(slots) : booking ? { from: booking.starts_at, to: booking.ends_at } : null;
  const subject = draft.subject ?? booking?.subject ?? '';
  const isPrivate = draft.isPrivate ?? booking?.is_private ?? false;
  const session = useInitialData();
  // spec §7 host_id: booking for someone else needs BOOKINGS create (moving a booking to another
  // host, BOOKINGS update), or a delegation of MY_BOOKINGS from that person; the server checks again.
  const permissions = session?.general_permissions ?? [];
  const mayChooseAnyone = can(permissions, ['BOOKINGS', booking ? 'update' : 'create']);
  const delegators = useDelegators(!mayChooseAnyone);
  const mayChooseHost = mayChooseAnyone || delegators.length > 0;
  const me = session?.user ? { id: session.user.id, name: session.user.name } : null;
  const host = draft.host ?? (booking ? booking.host : me);
  // A delegate picks among the people they book for, other than the one already chosen.
  const others = delegators.filter((person) => person.id !== host?.id);
  // Someone else's private booking: its subject is hidden here, and the server keeps it as it is.
  const othersSecret = booking !== null && booking.is_private && booking.host.id !== me?.id;
  const [choosingHost, setChoosingHost] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const { pending, failure, run } = useSubmit();
  const remove = useSubmit();

  const cost = useSWR(
    resourceId && slots ? ['bookings-cost', resourceId, JSON.stringify(slots)] : null,
    () => bookingActions.cost({ resource_id: resourceId!, slots: slots! }),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );

  const change = (changes: Parameters<typeof writeDraft>[1]) =>
    setParams((current) => writeDraft(current, changes), { replace: true });

  // The list or grid the form came from, keeping the grid's day.
  const back = () => {
    void refreshBookings();
    const target = gridPreset !== null ? `/bookings-grid/${gridPreset}` : '/bookings';
    const kept = new URLSearchParams();
    if (gridPreset !== null && date) kept.set('date', date);
    void navigate({ pathname: target, search: kept.size ? `?${kept}` : '' });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!resourceId) found.resource_id = REQUIRED;
    if (!booking && !slots) found.slots = REQUIRED;
    // An edit keeps its slots when none are chosen: on another day they must be chosen, or the
    // booking would stay on its old day while the form shows the new one.
    if (booking && !slots && date !== bookingDay(booking))
      found.slots = t('bookings.form.slots-new-day', 'Choose the slots of the new day.');
    setErrors(found);
    if (Object.keys(found).length) return;
    void run(
      async () => {
        if (booking)
          await bookingActions.update(booking.id, {
            ...(resourceId !== booking.resource.id ? { resource_id: resourceId! } : {}),
            ...(slots ? { slots } : {}),
            ...(othersSecret ? {} : { subject, is_private: isPrivate }),
            ...(draft.host && draft.host.id !== booking.host.id ? { host_id: draft.host.id } : {}),
          });
        else
          await bookingActions.store({
            resource_id: resourceId!,
            slots: slots!,
            subject: subject || undefined,
            is_private: isPrivate,
            is_grid: gridPreset !== null,
            ...(draft.host ? { host_id: draft.host.id } : {}),
          });
        back();
      },
      (fieldErrors) => {
        setErrors(
          Object.fromEntries(
            Object.entries(fieldErrors).map(([key, list]) => [key.split('.')[0]!, list[0] ?? '']),
          ),
        );
        return Object.keys(fieldErrors).some((key) =>
          ['resource_id', 'slots', 'subject', 'host_id'].includes(key.split('.')[0]!),
        );
      },
    );
  };

  const cancelBooking = () =>
    void remove.run(async () => {
      await bookingActions.remove(booking!.id);
      back();
    });

  const slotsText = span
    ? spanLabel(span.from, span.to, resource?.timezone ?? booking?.timezone ?? 'UTC', resource?.time_format)
    : t('bookings.form.no-slots', 'No slots chosen yet.');
  const presetsShown = gridPreset === null && !booking;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="booking-form-title">
      <Subtitle2 as="h2" id="booking-form-title">
        {booking
          ? t('bookings.form.edit-title', 'Booking {id}', { id: booking.id })
          : t('bookings.form.add-title', 'New booking')}
      </Subtitle2>
      {presetsShown && (
        <Field label={t('bookings.form.preset', 'Preset')}>
          <Select
            value={presetId === null ? '' : String(presetId)}
            onChange={(_event, data) =>
              change({ presetId: Number(data.value) || null, resourceId: null, slots: null })
            }
          >
            {(presets.data?.data ?? [])
              .filter((preset) => preset.is_active)
              .map((preset) => (
                <option key={preset.id} value={preset.id}>
                  {preset.name}
                </option>
              ))}
          </Select>
        </Field>
      )}
      <Field label={t('bookings.form.date', 'Day')}>
        <Input
          type="date"
          value={date ?? ''}
          onChange={(_event, data) => change({ date: data.value || null, slots: null })}
        />
      </Field>
      <Field
        label={t('bookings.form.resource', 'Resource')}
        required
        validationMessage={errors.resource_id}
        validationState={errors.resource_id ? 'error' : 'none'}
      >
        <Select
          value={resourceId === null ? '' : String(resourceId)}
          onChange={(_event, data) => change({ resourceId: Number(data.value) || null, slots: null })}
        >
          <option value="">{t('bookings.form.choose-resource', 'Choose a resource')}</option>
          {booking && !resource && <option value={booking.resource.id}>{booking.resource.name}</option>}
          {resources.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name} ({candidate.path})
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label={t('bookings.form.slots', 'Time')}
        required
        validationMessage={errors.slots}
        validationState={errors.slots ? 'error' : 'none'}
      >
        <div className={styles.actions}>
          <Body1>{slotsText}</Body1>
          <RouterLink
            to={{ pathname: `${pathname.replace(/\/+$/, '')}/select-slots`, search: params.toString() }}
          >
            {t('bookings.form.select-slots', 'Select slots')}
          </RouterLink>
        </div>
      </Field>
      <Field
        label={t('bookings.form.subject', 'Subject')}
        validationMessage={errors.subject}
        validationState={errors.subject ? 'error' : 'none'}
        hint={
          othersSecret
            ? t('bookings.form.subject-private', 'Private: only {name} sees and changes the subject.', {
                name: booking.host.name,
              })
            : undefined
        }
      >
        <Input
          value={subject}
          maxLength={255}
          disabled={othersSecret}
          onChange={(_event, data) => change({ subject: data.value })}
        />
      </Field>
      {mayChooseHost && (
        <Field
          label={t('bookings.form.host', 'Booked for')}
          validationMessage={errors.host_id}
          validationState={errors.host_id ? 'error' : 'none'}
        >
          <div className={styles.actions}>
            <Body1>
              {host && host.id !== me?.id
                ? host.name
                : t('bookings.form.host-me', 'You ({name})', { name: me?.name ?? '' })}
            </Body1>
            {host && me && host.id !== me.id && (
              <Button onClick={() => change({ host: booking ? me : null })}>
                {t('bookings.form.host-myself', 'Book for myself')}
              </Button>
            )}
            {(mayChooseAnyone || others.length > 0) && (
              <Button aria-expanded={choosingHost} onClick={() => setChoosingHost((open) => !open)}>
                {t('bookings.form.host-change', 'Book for someone else')}
              </Button>
            )}
          </div>
          {choosingHost && !mayChooseAnyone && others.length > 0 && (
            <section
              className={styles.actions}
              aria-label={t('bookings.form.host-delegators', 'People you book for')}
            >
              {others.map((person) => (
                <Button
                  key={person.id}
                  onClick={() => {
                    change({ host: { id: person.id, name: person.name } });
                    setChoosingHost(false);
                  }}
                >
                  {t('bookings.form.host-pick', 'Book for {name}', { name: person.name })}
                </Button>
              ))}
            </section>
          )}
          {choosingHost && mayChooseAnyone && (
            <PeopleSearch
              label={t('bookings.form.host-search', 'Search for the person it is for')}
              actionLabel={(person) => t('bookings.form.host-pick', 'Book for {name}', { name: person.name })}
              exclude={(person) => person.id === host?.id}
              onPick={(person) => {
                change({
                  host: person.id === me?.id && !booking ? null : { id: person.id, name: person.name },
                });
                setChoosingHost(false);
              }}
            />
          )}
        </Field>
      )}
      <Checkbox
        checked={isPrivate}
        disabled={othersSecret}
        label={t('bookings.form.private', 'Private: only I see the subject')}
        onChange={(_event, data) => change({ isPrivate: data.checked === true })}
      />
      {cost.data && (
        <Body1>
          {cost.data.cost
            ? t('bookings.form.cost', 'Cost: {cost}', { cost: money(cost.data.cost) })
            : t('bookings.form.free', 'Cost: free')}
        </Body1>
      )}
      <ErrorText message={failure ?? remove.failure} />
      <div className={styles.actions}>
        <SubmitButton pending={pending}>
          {booking ? t('bookings.form.save', 'Save booking') : t('bookings.form.book', 'Book')}
        </SubmitButton>
        {booking?.can_cancel && !confirming && (
          <Button onClick={() => setConfirming(true)}>{t('bookings.form.delete', 'Delete booking')}</Button>
        )}
      </div>
      {booking && confirming && (
        <div
          role="group"
          aria-label={t('bookings.form.confirm-title', 'Delete this booking?')}
          className={styles.actions}
        >
          <Body1>{t('bookings.form.confirm', 'Delete this booking?')}</Body1>
          <Button appearance="primary" disabled={remove.pending} onClick={cancelBooking}>
            {t('bookings.form.confirm-yes', 'Yes, delete it')}
          </Button>
          <Button onClick={() => setConfirming(false)}>{t('bookings.form.confirm-no', 'Keep it')}</Button>
        </div>
      )}
    </form>
  );
}
