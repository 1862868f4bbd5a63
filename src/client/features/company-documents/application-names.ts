import { APPLICATION_IDS } from '../../../shared/contract/applications';
import type { LabelFn } from '../../i18n/i18n';

/** spec §1 application ids, named for people (labels documents.application-<key>). */
export function applicationChoices(t: LabelFn): { id: number; name: string }[] {
  return [
    { id: APPLICATION_IDS.hub, name: t('documents.application-hub', 'Hub') },
    { id: APPLICATION_IDS.maps, name: t('documents.application-maps', 'Maps') },
    { id: APPLICATION_IDS.realTime, name: t('documents.application-real-time', 'Real-time') },
    { id: APPLICATION_IDS.plan, name: t('documents.application-plan', 'Plan') },
    { id: APPLICATION_IDS.visitor, name: t('documents.application-visitor', 'Visitors') },
    { id: APPLICATION_IDS.oneClick, name: t('documents.application-one-click', 'One-click') },
    { id: APPLICATION_IDS.myVisits, name: t('documents.application-my-visits', 'My visits') },
    { id: APPLICATION_IDS.bookings, name: t('documents.application-bookings', 'Bookings') },
  ];
}
