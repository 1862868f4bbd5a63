import {
  Badge,
  Body1,
  Button,
  Caption1,
  Field,
  Radio,
  RadioGroup,
  Spinner,
  Subtitle2,
} from '@fluentui/react-components';
import { useState } from 'react';
import type { OutlookPlaces, PlaceKind } from '../../../../shared/contract/outlook';
import { calendarDateIn } from '../../../../shared/time/calendar-date';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { bookPlace, usePlaces } from '../api';
import { useOutlookStyles } from '../components/outlook.styles';
import { RoomMarks } from '../components/room-marks';
import { usePane } from '../pane-state';
import { PaneReady } from '../use-pane-ready';

/** The place the user holds that day: booked, or requested while it waits for approval. */
function BookedPlace({ booked }: { booked: NonNullable<OutlookPlaces['booked']> }) {
  const styles = useOutlookStyles();
  const t = useLabel();
  const when = useWhen(booked.place?.timezone);
  const requested = booked.booking.approval_status === 'pending';
  return (
    <section className={styles.card} aria-labelledby="booked-place" data-testid="booked-place">
      <Caption1>
        <Badge appearance="tint" color={requested ? 'warning' : 'success'}>
          {requested
            ? t('outlook.requested-place', 'Requested – waiting for approval')
            : t('outlook.booked-place', 'Booked for you')}
        </Badge>
      </Caption1>
      <Subtitle2 as="h3" id="booked-place">
        {booked.place?.name ?? booked.booking.resource_name}
      </Subtitle2>
      {booked.place && <Body1 className={styles.muted}>{booked.place.level.path}</Body1>}
      <Body1>{when.dateTimeRange(booked.booking.start, booked.booking.end)}</Body1>
    </section>
  );
}

/**
 * Issue 41: a desk or a parking place for the meeting day, for the organiser: the one they hold
 * that day, else the free ones (favourites and their own floor first), each booked for the day
 * through the booking engine. Asked only when this screen opens.
 */
function Places() {
  const styles = useOutlookStyles();
  const t = useLabel();
  const when = useWhen();
  const { meeting, zone } = usePane();
  const [kind, setKind] = useState<PlaceKind>('desk');
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const date = meeting ? calendarDateIn(zone, meeting.start) : null;
  const places = usePlaces(date, kind);
  const kindNames: Record<PlaceKind, string> = {
    desk: t('outlook.place-desk', 'Desk'),
    parking: t('outlook.place-parking', 'Parking'),
  };
  if (!date) return null;
  const day = when.date(date);

  const book = async (id: number) => {
    setBusy(id);
    setFailure(null);
    try {
      await places.mutate(await bookPlace({ resource_id: id, date }), { revalidate: false });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (places.error) body = <ErrorText message={places.error.message} />;
  else if (!places.data) body = <Loader label={t('outlook.finding-places', 'Finding free places…')} />;
  else if (places.data.booked) body = <BookedPlace booked={places.data.booked} />;
  else if (places.data.data.length === 0)
    body = (
      <Body1 role="status">
        {kind === 'desk'
          ? t('outlook.no-desks', 'No desk is free for you on {date}.', { date: day })
          : t('outlook.no-parking', 'No parking place is free for you on {date}.', { date: day })}
      </Body1>
    );
  else
    body = (
      <ul
        className={styles.list}
        aria-label={t('outlook.free-places', 'Free places on {date}', { date: day })}
        data-testid="place-list"
      >
        {places.data.data.map((place) => (
          <li key={place.id} className={styles.row}>
            <div className={styles.rowText}>
              <Body1>{place.name}</Body1>
              <Caption1 className={styles.muted}>{place.level.path}</Caption1>
              <RoomMarks room={place} />
            </div>
            <div className={styles.actions}>
              <Button
                size="small"
                appearance="primary"
                disabled={busy !== null}
                aria-label={
                  place.needs_approval
                    ? t('outlook.request-place', 'Request {name} for {date}', { name: place.name, date: day })
                    : t('outlook.book-place', 'Book {name} for {date}', { name: place.name, date: day })
                }
                onClick={() => void book(place.id)}
              >
                {place.needs_approval ? t('outlook.request', 'Request') : t('outlook.book', 'Book')}
              </Button>
              {busy === place.id && <Spinner size="tiny" label={t('outlook.booking-place', 'Booking…')} />}
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <section className={styles.screen} aria-labelledby="places-title">
      <Subtitle2 as="h2" id="places-title">
        {t('outlook.places-for', 'A desk or parking place for {date}', { date: day })}
      </Subtitle2>
      <Field label={t('outlook.place-kind', 'Kind of place')}>
        <RadioGroup
          layout="horizontal"
          value={kind}
          onChange={(_, data) => {
            setFailure(null);
            setKind(data.value as PlaceKind);
          }}
        >
          <Radio value="desk" label={kindNames.desk} />
          <Radio value="parking" label={kindNames.parking} />
        </RadioGroup>
      </Field>
      {failure && <ErrorText message={failure} />}
      {body}
    </section>
  );
}

export default function PlacesScreen() {
  return (
    <PaneReady>
      <Places />
    </PaneReady>
  );
}
