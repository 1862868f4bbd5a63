import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { Add20Regular, Delete20Regular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import type { Availability, Unavailability } from '../../../../../shared/contract/resources';
import { useLabel } from '../../../../i18n/i18n';
import { useWhen } from '../../../../i18n/use-when';
import { href } from '../../../../routing/paths';
import { useInitialData } from '../../../../session/hooks';
import { AppLink } from '../../../../ui/app-link';
import { ErrorText } from '../../../../ui/error-text';
import { Loader } from '../../../../ui/loader';
import { deleteAvailability, deleteUnavailability, useAvailabilities, useUnavailabilities } from '../api';
import { browserZone, formatWeekdays } from '../availability';
import { useSettingsStyles } from '../settings.styles';
import { failureMessage, ResourceName, useMayUpdate, useResourceId } from './parts';

type Doomed =
  | { kind: 'availability'; item: Availability; text: string }
  | { kind: 'unavailability'; item: Unavailability; text: string };

/** Resolves once the confirmation dialog has left the page (its exit animation included), at most after 2 s. */
function dialogGone(): Promise<void> {
  const until = Date.now() + 2000;
  return new Promise((resolve) => {
    const check = () =>
      document.querySelector('[role="alertdialog"]') !== null && Date.now() < until
        ? requestAnimationFrame(check)
        : resolve();
    check();
  });
}

/**
 * availability: the weekly windows in which the resource can be booked (none: its level's working
 * hours) and the times it cannot be booked at all (maintenance, an event), each to edit or delete.
 */
export default function AvailabilityScreen() {
  const styles = useSettingsStyles();
  const t = useLabel();
  const session = useInitialData();
  const when = useWhen();
  const id = useResourceId();
  const availabilities = useAvailabilities(id);
  const unavailabilities = useUnavailabilities(id);
  const mayUpdate = useMayUpdate();
  const [doomed, setDoomed] = useState<Doomed | null>(null);
  // Kept apart from `doomed` so the dialog keeps its text while it fades out.
  const [confirming, setConfirming] = useState(false);
  const [asked, setAsked] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const windowsHeading = useRef<HTMLHeadingElement>(null);
  const closedHeading = useRef<HTMLHeadingElement>(null);

  const loadError = availabilities.error ?? unavailabilities.error;
  if (loadError) return <ErrorText message={failureMessage(loadError)} />;
  if (id === null || !session || !availabilities.data || !unavailabilities.data)
    return <Loader label={t('general.loading', 'Loading…')} />;
  const locale = session.user.language.locale || session.user.language.code;
  // The closed times are entered in the browser's zone (datetime-local inputs): shown in it too.
  const zone = browserZone();

  const windowText = (item: Availability) => {
    const days = formatWeekdays(item.weekdays, locale);
    const times = when.clockRange(item.time_from, item.time_to);
    const from = item.date_from ? when.date(item.date_from) : null;
    const to = item.date_to ? when.date(item.date_to) : null;
    const dates =
      from && to
        ? t('resource-settings.availability.between', 'from {from} to {to}', { from, to })
        : from
          ? t('resource-settings.availability.from', 'from {from}', { from })
          : to
            ? t('resource-settings.availability.until', 'until {to}', { to })
            : t('resource-settings.availability.every-week', 'every week');
    return { title: `${days}, ${times}`, detail: dates };
  };
  const closedText = (item: Unavailability) => when.dateTimeRange(item.starts_at, item.ends_at, zone);

  const ask = (next: Doomed) => {
    setFailure(null);
    setAsked(true);
    setDoomed(next);
    setConfirming(true);
  };
  const remove = async () => {
    if (!doomed) return;
    // The dialog goes first and gives the focus back to the Delete button; then the row (and the
    // button) go, and the focus moves to the list's heading instead of being lost to the page.
    setConfirming(false);
    setDeleting(true);
    try {
      if (doomed.kind === 'availability') {
        await Promise.all([deleteAvailability(id, doomed.item.id), dialogGone()]);
        await availabilities.mutate();
        windowsHeading.current?.focus();
      } else {
        await Promise.all([deleteUnavailability(id, doomed.item.id), dialogGone()]);
        await unavailabilities.mutate();
        closedHeading.current?.focus();
      }
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setDeleting(false);
    }
  };

  const editAvailability = (item: Availability) =>
    href('r_resources-edit-availability-edit-availability-resource_id-availability_id', {
      resource_id: id,
      availability_id: item.id,
    });
  const editUnavailability = (item: Unavailability) =>
    href('r_resources-edit-availability-edit-unavailability-resource_id-unavailability_id', {
      resource_id: id,
      unavailability_id: item.id,
    });

  return (
    <div className={styles.page}>
      <ResourceName id={id} />
      <ErrorText message={failure} />
      <section className={styles.section} aria-labelledby="availability-windows">
        <div className={styles.actions}>
          <h2 id="availability-windows" ref={windowsHeading} tabIndex={-1} className={styles.heading}>
            {t('resource-settings.availability.windows', 'Bookable times')}
          </h2>
          {mayUpdate && (
            <AppLink to={href('r_resources-edit-availability-add-availability', { resource_id: id })}>
              <Add20Regular aria-hidden /> {t('resource-settings.add-availability', 'Add availability')}
            </AppLink>
          )}
        </div>
        {availabilities.data.data.length === 0 ? (
          <Body1>
            {t(
              'resource-settings.availability.none',
              "No bookable times are set: the resource can be booked during its level's working hours.",
            )}
          </Body1>
        ) : (
          <ul className={styles.rows}>
            {availabilities.data.data.map((item) => {
              const text = windowText(item);
              return (
                <li key={item.id} className={styles.item}>
                  <div className={styles.itemText}>
                    {mayUpdate ? (
                      <AppLink to={editAvailability(item)}>{text.title}</AppLink>
                    ) : (
                      <Body1>{text.title}</Body1>
                    )}
                    <Body1 className={styles.detail}>{text.detail}</Body1>
                  </div>
                  {mayUpdate && (
                    <Button
                      icon={<Delete20Regular aria-hidden />}
                      aria-label={`${t('general.actions.delete', 'Delete')}: ${text.title}`}
                      onClick={() =>
                        ask({ kind: 'availability', item, text: `${text.title} (${text.detail})` })
                      }
                    >
                      {t('general.actions.delete', 'Delete')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section className={styles.section} aria-labelledby="unavailabilities">
        <div className={styles.actions}>
          <h2 id="unavailabilities" ref={closedHeading} tabIndex={-1} className={styles.heading}>
            {t('resource-settings.availability.closed', 'Not available')}
          </h2>
          {mayUpdate && (
            <AppLink to={href('r_resources-edit-availability-add-unavailability', { resource_id: id })}>
              <Add20Regular aria-hidden /> {t('resource-settings.add-unavailability', 'Add unavailability')}
            </AppLink>
          )}
        </div>
        {unavailabilities.data.data.length === 0 ? (
          <Body1>
            {t(
              'resource-settings.availability.closed-none',
              'No time ahead in which the resource cannot be booked.',
            )}
          </Body1>
        ) : (
          <ul className={styles.rows}>
            {unavailabilities.data.data.map((item) => {
              const text = closedText(item);
              return (
                <li key={item.id} className={styles.item}>
                  <div className={styles.itemText}>
                    {mayUpdate ? (
                      <AppLink to={editUnavailability(item)}>{text}</AppLink>
                    ) : (
                      <Body1>{text}</Body1>
                    )}
                    {item.reason && <Body1 className={styles.detail}>{item.reason}</Body1>}
                  </div>
                  {mayUpdate && (
                    <Button
                      icon={<Delete20Regular aria-hidden />}
                      aria-label={`${t('general.actions.delete', 'Delete')}: ${text}`}
                      onClick={() => ask({ kind: 'unavailability', item, text })}
                    >
                      {t('general.actions.delete', 'Delete')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {/* Mounted once asked for: before that, tabster's focus sentinels would be on the screen. */}
      {asked && (
        <Dialog open={confirming} onOpenChange={(_event, data) => setConfirming(data.open)} modalType="alert">
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{t('general.actions.delete', 'Delete')}</DialogTitle>
              <DialogContent>
                {t('resource-settings.availability.delete-confirm', 'Delete {what}?', {
                  what: doomed?.text ?? '',
                })}
              </DialogContent>
              <DialogActions>
                <Button appearance="primary" disabled={deleting} onClick={() => void remove()}>
                  {t('general.actions.delete', 'Delete')}
                </Button>
                <Button onClick={() => setConfirming(false)}>{t('general.actions.cancel', 'Cancel')}</Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
    </div>
  );
}
