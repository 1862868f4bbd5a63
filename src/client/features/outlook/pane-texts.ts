import { label } from '../../i18n/i18n';

/**
 * The pane's notices, in the language of the pane. They are written outside React (Office.js
 * callbacks), so they read the label function itself, named t so the catalogue test sees the codes.
 */
const t = label;

export const paneTexts = {
  takenOn: (name: string, dates: string[]) =>
    t(
      'outlook.taken-on',
      {
        one: '{name} is taken on {dates}: nothing was booked. Choose another room for that date.',
        other: '{name} is taken on {dates}: nothing was booked. Choose another room for those dates.',
      },
      { name, dates: dates.join(', '), count: dates.length },
    ),
  notAdded: (name: string) =>
    t('outlook.not-added', 'Outlook did not add {name} to the meeting, so it is not booked. Try again.', {
      name,
    }),
  staysBooked: (name: string) => t('outlook.stays-booked', '{name} stays booked.', { name }),
  notRebooked: (name: string) =>
    t('outlook.not-rebooked', '{name} could not be booked again: choose a room.', { name }),
  bookedMeeting: (name: string) =>
    t('outlook.booked-meeting', '{name} is booked for this meeting.', { name }),
  bookedAll: (name: string, occurrences: number, alternatives: number) =>
    alternatives > 0
      ? t(
          'outlook.booked-all-alternatives',
          {
            one: '{name} is booked for all {occurrences} occurrences (another room on {count} date).',
            other: '{name} is booked for all {occurrences} occurrences (another room on {count} dates).',
          },
          { name, occurrences, count: alternatives },
        )
      : t('outlook.booked-all', '{name} is booked for all {occurrences} occurrences.', { name, occurrences }),
  bookedUntil: (date: string) =>
    t(
      'outlook.booked-until',
      'Booked until {date}, the furthest your company allows; book again later for the dates after.',
      { date },
    ),
  leftBehind: (name: string) =>
    t(
      'outlook.left-behind',
      'Outlook did not let the pane take {name} out of the location: remove it yourself.',
      { name },
    ),
  notKept: () =>
    t(
      'outlook.not-kept',
      'Outlook did not keep the booking with the meeting: reopened, this pane may not show the room, but the booking stands.',
    ),
  noLongerBooked: (name: string) =>
    t('outlook.no-longer-booked', '{name} is no longer booked for this meeting.', { name }),
  keptInLocation: (name: string, error: string) =>
    t(
      'outlook.kept-in-location',
      '{name} is no longer booked for this meeting, but Outlook kept it in the location ({error}): remove it there.',
      { name, error },
    ),
  seriesTimeFixed: () =>
    t(
      'outlook.series-time-fixed',
      'Outlook does not let add-ins change the time of a series here: change it in the series itself.',
    ),
  movedWithMeeting: (name: string) =>
    t('outlook.moved-with-meeting', '{name} moved with the meeting.', { name }),
  stillAtPrevious: (name: string) =>
    t('outlook.still-at-previous', "{name} is still booked at the meeting's previous time.", { name }),
  removedCancelled: (name: string) =>
    t('outlook.removed-cancelled', '{name} was removed from the meeting: its booking is cancelled.', {
      name,
    }),
  declined: (name: string) =>
    t(
      'outlook.declined',
      'An approver declined {name} for this meeting: it is not booked. Choose another room, and remove {name} from the location.',
      { name },
    ),
};
