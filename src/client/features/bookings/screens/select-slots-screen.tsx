import { Body1, Button, Caption1, Subtitle2, ToggleButton } from '@fluentui/react-components';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { PlanSlot } from '../../../../shared/contract/plan';
import type { SlotType } from '../../../../shared/time/slots';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { parentPath } from '../../../shell/sub-screen';
import { useSlots } from '../../plan/api';
import { SlotTypeField, toggleSlot } from '../../plan/slot-picker';
import { useBookingPreferences } from '../../preferences/use-booking-preferences';
import { useBooking } from '../api';
import { areContiguous, readDraft, writeDraft } from '../booking-draft';
import { useBookingsStyles } from '../bookings.styles';
import { formDay, useBookingFormPlace } from './booking-form-screen';

/**
 * spec §2 select-slots of a booking's add or edit screen: the chosen resource's slots of the chosen
 * day, by slot type; the slots picked go back to the form. When editing, the booking's own slots
 * can be picked again although they are taken (by it).
 */
export default function SelectSlotsScreen() {
  const styles = useBookingsStyles();
  const t = useLabel();
  const when = useWhen();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const draft = readDraft(params);
  const { bookingId } = useBookingFormPlace();
  const booking = useBooking(bookingId);
  const { preferences } = useBookingPreferences();
  const [type, setType] = useState<SlotType | null>(null);
  const slotType = type ?? preferences?.defaultSlot ?? null;
  const resourceId = draft.resourceId ?? booking.data?.resource.id ?? null;
  const date = formDay(draft, booking.data);
  const slots = useSlots('resource', resourceId, date, slotType);
  const [chosen, setChosen] = useState<string[]>(() => draft.slots?.map((slot) => slot.datetime_from) ?? []);
  const [problem, setProblem] = useState<string | null>(null);

  if (booking.error) return <ErrorText message={errorMessage(booking.error)} />;
  // An edit takes its resource and day from the booking until others are chosen.
  if (bookingId !== null && !booking.data && (!resourceId || !date))
    return <Loader label={t('bookings.form.loading', 'Loading the booking…')} />;
  if (!resourceId || !date)
    return (
      <Body1 role="status">{t('bookings.slots.choose-first', 'Choose a day and a resource first.')}</Body1>
    );

  const own = booking.data;
  const isOwn = (slot: PlanSlot) =>
    !!own &&
    Date.parse(slot.datetime_from) >= Date.parse(own.starts_at) &&
    Date.parse(slot.datetime_to) <= Date.parse(own.ends_at);
  const all = slots.data?.slots ?? [];

  const use = () => {
    const picked = all.filter((slot) => chosen.includes(slot.datetime_from));
    if (picked.length === 0) return setProblem(t('bookings.slots.none', 'Choose at least one slot.'));
    if (!areContiguous(picked))
      return setProblem(
        t('bookings.slots.gap', 'Choose slots that follow each other: a booking is one span of time.'),
      );
    const next = writeDraft(params, {
      slots: picked.map((slot) => ({ datetime_from: slot.datetime_from, datetime_to: slot.datetime_to })),
    });
    void navigate({ pathname: parentPath(pathname, 'select-slots'), search: `?${next}` });
  };

  return (
    <section className={styles.page} aria-labelledby="select-slots-title">
      <Subtitle2 as="h2" id="select-slots-title">
        {t('bookings.slots.title', 'Slots of {date}', { date: when.date(date) })}
      </Subtitle2>
      {preferences && slotType && (
        <SlotTypeField
          available={preferences.availableSlots}
          value={slotType}
          onChange={(next) => {
            setType(next);
            setChosen([]);
          }}
        />
      )}
      {slots.error && <ErrorText message={errorMessage(slots.error)} />}
      {!slots.data ? (
        !slots.error && <Loader label={t('bookings.slots.loading', 'Loading the slots…')} />
      ) : all.length === 0 ? (
        <Body1 role="status">{t('bookings.slots.empty', 'Nothing can be booked on this day.')}</Body1>
      ) : (
        <ul className={styles.slots} aria-label={t('bookings.slots.list', 'Slots')}>
          {all.map((slot) => {
            const mine = isOwn(slot);
            const free = slot.available || mine;
            return (
              <li key={slot.datetime_from}>
                <ToggleButton
                  checked={chosen.includes(slot.datetime_from)}
                  disabled={!free}
                  onClick={() => {
                    setProblem(null);
                    setChosen((current) => toggleSlot(current, slot, all));
                  }}
                >
                  <span>
                    {slot.from}–{slot.to}
                    <Caption1 block>
                      {mine
                        ? t('bookings.slots.this', 'This booking')
                        : slot.available
                          ? t('bookings.slots.free', 'Free')
                          : slot.occupied
                            ? t('bookings.slots.occupied', 'Occupied')
                            : t('bookings.slots.unavailable', 'Unavailable')}
                    </Caption1>
                  </span>
                </ToggleButton>
              </li>
            );
          })}
        </ul>
      )}
      <ErrorText message={problem} />
      <div className={styles.actions}>
        <Button appearance="primary" onClick={use}>
          {t('bookings.slots.use', 'Use these slots')}
        </Button>
      </div>
    </section>
  );
}
