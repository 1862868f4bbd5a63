import { Body1, Button, Field, Input, SearchBox, Tab, TabList } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { Outlet, useParams } from 'react-router-dom';
import type { VisitGroup } from '../../../../shared/contract/visitors';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { useRealtime } from '../../../realtime/hooks';
import { useInitialData } from '../../../session/hooks';
import { can } from '../../../../shared/permissions/can';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import {
  anonymiseVisitor,
  changeStatus,
  inviteVisitor,
  refreshVisits,
  saveFile,
  useDeskVisits,
  visitorExample,
  visitorReport,
} from '../api';
import { ConfirmAction } from '../../profile/components/confirm-action';
import { useVisitorStyles } from '../visitors.styles';
import { statusText } from './my-visitors-screen';

const SEARCH_DEBOUNCE_MS = 300; // spec §9

/**
 * spec §2 /visitor-management/reception/:receptionDeskId: today's expected visitors (and the other
 * groups), search, walk-ins, check in and out, the badge. Live through 'reception desk visitor changed'.
 */
export default function ReceptionScreen() {
  const styles = useVisitorStyles();
  const t = useLabel();
  const when = useWhen();
  const deskId = Number(useParams().receptionDeskId);
  const session = useInitialData();
  const [group, setGroup] = useState<VisitGroup>('today');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const visits = useDeskVisits(deskId, group, query);
  const [fileFailure, setFileFailure] = useState<string | undefined>();
  const download = async (file: Promise<Blob>, name: string) => {
    setFileFailure(undefined);
    try {
      saveFile(await file, name);
    } catch (error) {
      setFileFailure(errorMessage(error));
    }
  };
  useRealtime('reception_desk_visitor_changed', (change) => {
    if (change.reception_desk_id === deskId) void refreshVisits();
  });

  return (
    <div className={styles.page}>
      <Outlet />
      <WalkInForm deskId={deskId} />
      <div className={styles.actions}>
        <AppLink to={href('r_visitor-management-reception-import', { receptionDeskId: deskId })}>
          {t('visitors.import', 'Import visitors')}
        </AppLink>
        <Button onClick={() => void download(visitorReport(deskId, group), `visitors-${group}.csv`)}>
          {t('visitors.export', 'Export the list')}
        </Button>
        <Button onClick={() => void download(visitorExample(), 'visitors-example.csv')}>
          {t('visitors.example-file', 'Example file')}
        </Button>
        {can(session?.general_permissions ?? [], ['VISITOR_MANAGEMENT', 'read']) && (
          <AppLink to={href('r_visitor-management-reception-blocked-emails', { receptionDeskId: deskId })}>
            {t('visitors.blocked-title', 'Blocked addresses')}
          </AppLink>
        )}
      </div>
      <ErrorText message={fileFailure} />
      <div className={styles.toolbar}>
        <TabList selectedValue={group} onTabSelect={(_event, data) => setGroup(data.value as VisitGroup)}>
          <Tab value="today">{t('visitors.today', 'Today')}</Tab>
          <Tab value="future">{t('visitors.future', 'Future')}</Tab>
          <Tab value="past">{t('visitors.past', 'Past')}</Tab>
        </TabList>
        <SearchBox
          aria-label={t('general.actions.search', 'Search')}
          placeholder={t('general.actions.search', 'Search')}
          value={search}
          onChange={(_event, data) => setSearch(data.value)}
        />
      </div>
      {!visits.data ? (
        visits.error ? (
          <ErrorText message={visits.error.message} />
        ) : (
          <Loader label={t('general.loading', 'Loading…')} />
        )
      ) : visits.data.data.length === 0 ? (
        <Body1 role="status">{t('visitors.none', 'No visitors.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('visitors.visits', 'Visits')}>
          {visits.data.data.map((visit) => (
            <li key={visit.id} className={styles.row} data-visit={visit.id}>
              <span className={styles.grow}>
                <Body1>{visit.visitor_name || t('visitors.anonymised', 'Anonymised visitor')}</Body1>{' '}
                <Body1 className={styles.detail}>{visit.visitor_company}</Body1>
              </span>
              <Body1>{when.dateTimeRange(visit.starts_at, visit.ends_at)}</Body1>
              <Body1 className={styles.detail}>{visit.host_name}</Body1>
              <Body1>
                {statusText(t, visit.status)}
                {visit.documents_accepted_at &&
                  ` · ${t('visitors.documents-accepted', 'Documents accepted {time}', { time: when.time(visit.documents_accepted_at) })}`}
              </Body1>
              <span className={styles.actions}>
                {(visit.status === 'expected' || visit.status === 'no_show') && group === 'today' && (
                  <Button
                    size="small"
                    onClick={() => void changeStatus(visit.id, 'checked_in')}
                    aria-label={t('visitors.check-in-for', 'Check in {name}', { name: visit.visitor_name })}
                  >
                    {t('visitors.check-in', 'Check in')}
                  </Button>
                )}
                {visit.status === 'checked_in' && (
                  <Button
                    size="small"
                    onClick={() => void changeStatus(visit.id, 'checked_out')}
                    aria-label={t('visitors.check-out-for', 'Check out {name}', { name: visit.visitor_name })}
                  >
                    {t('visitors.check-out', 'Check out')}
                  </Button>
                )}
                {visit.status === 'expected' && group !== 'future' && (
                  <Button
                    size="small"
                    appearance="subtle"
                    onClick={() => void changeStatus(visit.id, 'no_show')}
                    aria-label={t('visitors.no-show-for', 'Mark {name} as a no-show', {
                      name: visit.visitor_name,
                    })}
                  >
                    {t('visitors.no-show', 'No-show')}
                  </Button>
                )}
                {visit.visitor_name && (
                  <ConfirmAction
                    label={t('visitors.anonymise', 'Anonymise')}
                    accessibleLabel={t('visitors.anonymise-for', 'Anonymise {name}', {
                      name: visit.visitor_name,
                    })}
                    title={t('visitors.anonymise-title', 'Anonymise {name}?', { name: visit.visitor_name })}
                    message={t(
                      'visitors.anonymise-message',
                      'The name, e-mail address, phone, company and notes of {name} are erased for good. Their expected visits are cancelled and nobody is mailed; past visits stay in the list without a name. This cannot be undone.',
                      { name: visit.visitor_name },
                    )}
                    action={() => anonymiseVisitor(visit.visitor_id)}
                    after={() => undefined}
                  />
                )}
                <AppLink
                  to={href('r_visitor-management-reception-badge', {
                    receptionDeskId: String(deskId),
                    visitId: String(visit.id),
                  })}
                  aria-label={t('visitors.badge-for', 'Badge of {name}', { name: visit.visitor_name })}
                >
                  {t('visitors.badge-link', 'Badge')}
                </AppLink>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A walk-in: registered and checked in at once. */
function WalkInForm({ deskId }: { deskId: number }) {
  const styles = useVisitorStyles();
  const t = useLabel();
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [company, setCompany] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setErrors({});
    setFailure(null);
    try {
      await inviteVisitor({
        reception_desk_id: deskId,
        first_name: first,
        last_name: last,
        visitor_company: company,
        host_id: null,
        check_in: true,
      });
      setFirst('');
      setLast('');
      setCompany('');
    } catch (error) {
      const body = error instanceof ApiError ? error.body?.errors : undefined;
      if (body) setErrors(body);
      else setFailure(errorMessage(error));
    }
    setPending(false);
  };
  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('visitors.walk-in', 'Walk-in')}
    >
      <ErrorText message={failure} />
      <div className={styles.toolbar}>
        <Field
          label={t('visitors.first-name', 'First name')}
          required
          validationMessage={errors.first_name?.[0]}
        >
          <Input value={first} onChange={(_event, data) => setFirst(data.value)} />
        </Field>
        <Field label={t('visitors.last-name', 'Last name')}>
          <Input value={last} onChange={(_event, data) => setLast(data.value)} />
        </Field>
        <Field label={t('visitors.company', 'Company')}>
          <Input value={company} onChange={(_event, data) => setCompany(data.value)} />
        </Field>
      </div>
      <div className={styles.actions}>
        <SubmitButton pending={pending}>
          {t('visitors.register-walk-in', 'Register and check in')}
        </SubmitButton>
      </div>
    </form>
  );
}
