import { Body1, Checkbox, Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import type {
  CalendarConnector,
  CalendarProvider,
  MappableRoom,
} from '../../../../shared/contract/connectors';
import { validateValue } from '../../../../shared/validation/rules';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useSubmit } from '../../../ui/use-submit';
import { saveMappings, useCalendar, useRooms } from '../api';
import { useConnectorStyles } from '../components/connectors.styles';

const CALENDAR_LABEL: Record<CalendarProvider, { code: string; english: string }> = {
  outlook: { code: 'connectors.room-mailbox', english: 'Room mailbox' },
  google: { code: 'connectors.room-calendar-id', english: 'Resource calendar ID' },
  caldav: { code: 'connectors.room-calendar-url', english: 'Calendar collection URL' },
};

/** The room → mailbox (calendar) mapping of one connector: which rooms follow which calendar. */
export default function CalendarRoomsScreen() {
  const id = Number(useParams().calendarId);
  const t = useLabel();
  const calendar = useCalendar(Number.isInteger(id) && id > 0 ? id : null);
  const rooms = useRooms();
  const error = calendar.error ?? rooms.error;
  if (error) return <ErrorText message={error.message} />;
  if (!calendar.data || !rooms.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <RoomsForm
      connector={calendar.data}
      rooms={rooms.data.data}
      onSaved={(next) => void calendar.mutate(next, { revalidate: false })}
    />
  );
}

interface Row {
  on: boolean;
  calendar: string;
}

function RoomsForm({
  connector,
  rooms,
  onSaved,
}: {
  connector: CalendarConnector;
  rooms: MappableRoom[];
  onSaved: (next: CalendarConnector) => void;
}) {
  const styles = useConnectorStyles();
  const t = useLabel();
  const { pending, failure, run } = useSubmit();
  const [saved, setSaved] = useState(false);
  // a room not mapped yet is offered with the mailbox its resource record names
  const [rows, setRows] = useState<Record<number, Row>>(() =>
    Object.fromEntries(
      rooms.map((room) => {
        const mapped = connector.mappings.find((m) => m.resource_id === room.id);
        return [room.id, { on: mapped !== undefined, calendar: mapped?.calendar_id ?? room.email ?? '' }];
      }),
    ),
  );
  const [errors, setErrors] = useState<Record<number, string | undefined>>({});
  const label = t(CALENDAR_LABEL[connector.provider].code, CALENDAR_LABEL[connector.provider].english);
  const change = (roomId: number, next: Partial<Row>) => {
    setSaved(false);
    setRows((previous) => ({ ...previous, [roomId]: { ...previous[roomId]!, ...next } }));
  };
  const localError = (row: Row) =>
    validateValue(row.calendar, connector.provider === 'outlook' ? 'required|email' : 'required') ??
    undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const chosen = rooms.filter((room) => rows[room.id]!.on);
    const found = Object.fromEntries(chosen.map((room) => [room.id, localError(rows[room.id]!)]));
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    void run(
      async () => {
        onSaved(
          await saveMappings(connector.id, {
            mappings: chosen.map((room) => ({
              resource_id: room.id,
              calendar_id: rows[room.id]!.calendar.trim(),
            })),
          }),
        );
        setSaved(true);
      },
      // the server names the position in the list sent: mappings.{index}.calendar_id
      (fieldErrors) => {
        const placed: Record<number, string> = {};
        for (const [path, messages] of Object.entries(fieldErrors)) {
          const index = Number(path.split('.')[1]);
          const room = chosen[index];
          if (room && messages[0] && !placed[room.id]) placed[room.id] = messages[0];
        }
        setErrors(placed);
        return Object.keys(placed).length > 0;
      },
    );
  };

  if (rooms.length === 0)
    return <Body1>{t('connectors.no-rooms-to-map', 'The company has no rooms yet.')}</Body1>;
  return (
    <form
      className={styles.page}
      onSubmit={submit}
      noValidate
      aria-label={t('connectors.calendar-rooms', 'Rooms and mailboxes')}
    >
      <Body1>
        {t('connectors.rooms-intro', 'Choose the rooms that follow a calendar of {name}.').replace(
          '{name}',
          connector.name,
        )}
      </Body1>
      {saved && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t('connectors.saved', 'Saved.')}</MessageBarBody>
        </MessageBar>
      )}
      <div role="list" aria-label={t('connectors.rooms', 'Rooms')}>
        {rooms.map((room) => {
          const row = rows[room.id]!;
          const name = room.level_name ? `${room.name} (${room.level_name})` : room.name;
          return (
            <div key={room.id} role="listitem" className={styles.mapping}>
              <Checkbox
                label={name}
                checked={row.on}
                onChange={(_event, data) => change(room.id, { on: data.checked === true })}
              />
              <Field
                label={`${label}: ${room.name}`}
                validationMessage={row.on ? errors[room.id] : undefined}
                validationState={row.on && errors[room.id] ? 'error' : 'none'}
              >
                <Input
                  value={row.calendar}
                  disabled={!row.on}
                  type={connector.provider === 'outlook' ? 'email' : 'text'}
                  onChange={(_event, data) => change(room.id, { calendar: data.value })}
                  onBlur={() =>
                    row.on && setErrors((previous) => ({ ...previous, [room.id]: localError(row) }))
                  }
                />
              </Field>
            </div>
          );
        })}
      </div>
      <ErrorText message={failure} />
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}
