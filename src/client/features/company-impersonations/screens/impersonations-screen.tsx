import { Badge, Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDown20Regular, ChevronRight20Regular } from '@fluentui/react-icons';
import { useId, useState } from 'react';
import type { Impersonation } from '../../../../shared/contract/impersonations';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { ErrorText } from '../../../ui/error-text';
import { LIST_ROW_STYLES } from '../../../ui/list-rows.styles';
import { Loader } from '../../../ui/loader';
import { PAGE_STYLES } from '../../../ui/page.styles';
import { useImpersonation, useImpersonations } from '../api';

const useStyles = makeStyles({
  ...PAGE_STYLES,
  ...LIST_ROW_STYLES,
  changes: { gridColumn: '1 / -1', margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
  route: { overflowWrap: 'anywhere' },
});

/** /company-impersonations: every opening of the company by a platform administrator, newest first. */
export default function ImpersonationsScreen() {
  const styles = useStyles();
  const t = useLabel();
  const list = useImpersonations();
  // when the list was opened: what is "in progress" is judged against it
  const [openedAt] = useState(() => Date.now());
  if (list.error) return <ErrorText message={errorMessage(list.error)} />;
  if (!list.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <div className={styles.page}>
      <Body1>
        {t(
          'impersonation.intro',
          'Platform administrators can open the company as one of its administrators, for a limited time and a stated reason. Each opening and every change made under it is listed here.',
        )}
      </Body1>
      {list.data.data.length === 0 ? (
        <Body1 role="status">
          {t('impersonation.none', 'The company has not been opened by a platform administrator.')}
        </Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('impersonation.title', 'Administrator access')}>
          {list.data.data.map((row) => (
            <ImpersonationRow key={row.id} row={row} now={openedAt} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ImpersonationRow({ row, now }: { row: Impersonation; now: number }) {
  const styles = useStyles();
  const t = useLabel();
  const when = useWhen();
  const [open, setOpen] = useState(false);
  const changesId = useId();
  const running = row.ended_at === null && Date.parse(row.expires_at) > now;
  return (
    <li className={styles.row}>
      <span className={styles.rowMain}>
        <Body1>
          {t('impersonation.who', '{platform} as {admin}', {
            platform: row.platform_user_email,
            admin: row.acting_user_email,
          })}
        </Body1>
        <Body1 className={styles.detail}>
          {when.dateTimeRange(row.started_at, row.ended_at ?? row.expires_at)}
        </Body1>
        <Body1>{t('impersonation.reason', 'Reason: {reason}', { reason: row.reason })}</Body1>
      </span>
      <span>
        {running && (
          <Badge appearance="tint" color="warning">
            {t('impersonation.running', 'In progress')}
          </Badge>
        )}
        <Button
          appearance="subtle"
          icon={open ? <ChevronDown20Regular aria-hidden /> : <ChevronRight20Regular aria-hidden />}
          aria-expanded={open}
          aria-controls={open ? changesId : undefined}
          onClick={() => setOpen(!open)}
        >
          {t('impersonation.changes', 'Changes: {count}', { count: row.actions_count })}
        </Button>
      </span>
      {open && <Changes id={changesId} impersonationId={row.id} />}
    </li>
  );
}

function Changes({ id, impersonationId }: { id: string; impersonationId: number }) {
  const styles = useStyles();
  const t = useLabel();
  const when = useWhen();
  const detail = useImpersonation(impersonationId);
  if (detail.error) return <ErrorText message={errorMessage(detail.error)} />;
  if (!detail.data) return <Loader label={t('general.loading', 'Loading…')} />;
  if (detail.data.actions.length === 0)
    return (
      <Body1 id={id} className={styles.changes}>
        {t('impersonation.no-changes', 'Nothing was changed.')}
      </Body1>
    );
  return (
    <ul id={id} className={styles.changes} aria-label={t('impersonation.changes-label', 'Changes made')}>
      {detail.data.actions.map((action, index) => (
        <li key={index} className={styles.route}>
          {when.dateTime(action.at)} · {action.method} {action.route} · {action.status}
        </li>
      ))}
    </ul>
  );
}
