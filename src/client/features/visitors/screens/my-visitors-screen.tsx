import {
  Body1,
  Button,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Tab,
  TabList,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import type { VisitGroup } from '../../../../shared/contract/visitors';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { useRealtime } from '../../../realtime/hooks';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { Option } from '@fluentui/react-components';
import { cancelVisit, inviteVisitor, refreshVisits, useDesks, useMyVisitors } from '../api';
import { localInputToInstant, localInputValue } from '../visit-time';
import { useVisitorStyles } from '../visitors.styles';

/** spec §2 /my-visitors: invite a visitor; my visitors grouped today, past, future (spec §4). */
export default function MyVisitorsScreen() {
  const styles = useVisitorStyles();
  const t = useLabel();
  const when = useWhen();
  const session = useInitialData();
  const [group, setGroup] = useState<VisitGroup>('today');
  const visitors = useMyVisitors(group);
  const [arrived, setArrived] = useState<string | null>(null);
  useRealtime('reception_desk_visitor_changed', (change) => {
    void refreshVisits();
    if (change.status === 'checked_in' && change.host_id === session?.user?.id)
      setArrived(t('visitors.arrived', 'Your visitor has arrived.'));
  });

  return (
    <div className={styles.page}>
      {arrived && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{arrived}</MessageBarBody>
        </MessageBar>
      )}
      <InviteForm />
      <TabList selectedValue={group} onTabSelect={(_event, data) => setGroup(data.value as VisitGroup)}>
        <Tab value="today">{t('visitors.today', 'Today')}</Tab>
        <Tab value="future">{t('visitors.future', 'Future')}</Tab>
        <Tab value="past">{t('visitors.past', 'Past')}</Tab>
      </TabList>
      {!visitors.data ? (
        visitors.error ? (
          <ErrorText message={visitors.error.message} />
        ) : (
          <Loader label={t('general.loading', 'Loading…')} />
        )
      ) : visitors.data.data.length === 0 ? (
        <Body1 role="status">{t('visitors.none', 'No visitors.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('visitors.my-visitors', 'My visitors')}>
          {visitors.data.data.flatMap((visitor) =>
            (visitor.visits.length ? visitor.visits : [null]).map((visit) => (
              <li key={`${visitor.id}-${visit?.id ?? 0}`} className={styles.row}>
                <span className={styles.grow}>
                  <Body1>{visitor.name}</Body1>{' '}
                  <Body1 className={styles.detail}>{visitor.visitor_company}</Body1>
                </span>
                {visit && (
                  <>
                    <Body1>{when.dateTimeRange(visit.starts_at, visit.ends_at)}</Body1>
                    <Body1 data-status={visit.status}>{statusText(t, visit.status)}</Body1>
                    {visit.status === 'expected' && (
                      <Button
                        size="small"
                        onClick={() => void cancelVisit(visit)}
                        aria-label={t('visitors.cancel-for', 'Cancel the visit of {name}', {
                          name: visitor.name,
                        })}
                      >
                        {t('visitors.cancel', 'Cancel')}
                      </Button>
                    )}
                  </>
                )}
              </li>
            )),
          )}
        </ul>
      )}
    </div>
  );
}

export function statusText(t: ReturnType<typeof useLabel>, status: string): string {
  const texts: Record<string, string> = {
    expected: t('visitors.status.expected', 'Expected'),
    checked_in: t('visitors.status.checked-in', 'Checked in'),
    checked_out: t('visitors.status.checked-out', 'Checked out'),
    cancelled: t('visitors.status.cancelled', 'Cancelled'),
    no_show: t('visitors.status.no-show', 'No-show'),
  };
  return texts[status] ?? status;
}

function InviteForm() {
  const styles = useVisitorStyles();
  const t = useLabel();
  const desks = useDesks();
  const [desk, setDesk] = useState('');
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [email, setEmail] = useState('');
  const [company, setCompany] = useState('');
  const [start, setStart] = useState(() => localInputValue(1, 9));
  const [end, setEnd] = useState(() => localInputValue(1, 10));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const list = desks.data?.data ?? [];
  const deskId = desk || (list[0] ? String(list[0].id) : '');
  const first_ = (field: string) => errors[field]?.[0];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setErrors({});
    setFailure(null);
    setDone(null);
    try {
      await inviteVisitor({
        reception_desk_id: Number(deskId),
        first_name: first,
        last_name: last,
        email,
        visitor_company: company,
        visit: { starts_at: localInputToInstant(start), ends_at: localInputToInstant(end) },
      });
      setDone(t('visitors.invited', 'The invitation is on its way.'));
      setFirst('');
      setLast('');
      setEmail('');
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
      aria-label={t('visitors.invite', 'Invite a visitor')}
    >
      <ErrorText message={failure} />
      {done && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{done}</MessageBarBody>
        </MessageBar>
      )}
      <Field
        label={t('visitors.desk', 'Reception desk')}
        required
        validationMessage={first_('reception_desk_id')}
      >
        <Dropdown
          value={list.find((d) => String(d.id) === deskId)?.name ?? ''}
          selectedOptions={[deskId]}
          onOptionSelect={(_event, data) => setDesk(data.optionValue ?? '')}
        >
          {list.map((entry) => (
            <Option key={entry.id} value={String(entry.id)}>
              {entry.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('visitors.first-name', 'First name')} required validationMessage={first_('first_name')}>
        <Input value={first} onChange={(_event, data) => setFirst(data.value)} />
      </Field>
      <Field label={t('visitors.last-name', 'Last name')} validationMessage={first_('last_name')}>
        <Input value={last} onChange={(_event, data) => setLast(data.value)} />
      </Field>
      <Field label={t('visitors.email', 'E-mail')} validationMessage={first_('email')}>
        <Input type="email" value={email} onChange={(_event, data) => setEmail(data.value)} />
      </Field>
      <Field label={t('visitors.company', 'Company')} validationMessage={first_('visitor_company')}>
        <Input value={company} onChange={(_event, data) => setCompany(data.value)} />
      </Field>
      <Field label={t('visitors.starts', 'Arrives')} validationMessage={first_('visit.starts_at')}>
        <Input type="datetime-local" value={start} onChange={(_event, data) => setStart(data.value)} />
      </Field>
      <Field
        label={t('visitors.ends', 'Leaves')}
        validationMessage={first_('visit.ends_at') ?? first_('ends_at')}
      >
        <Input type="datetime-local" value={end} onChange={(_event, data) => setEnd(data.value)} />
      </Field>
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('visitors.send-invitation', 'Invite')}</SubmitButton>
      </div>
    </form>
  );
}
