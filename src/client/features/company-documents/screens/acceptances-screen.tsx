import {
  Body1,
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { ArrowDownload20Regular, MailArrowUp20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { can } from '../../../../shared/permissions/can';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { exportAcceptances, openFile, remindPending, useAcceptances } from '../api';
import { useDocumentStyles } from '../documents.styles';

/**
 * Who has and has not accepted the current version of a document (edit/{documentId}/acceptances),
 * with every acceptance kept (earlier versions, visitors at the kiosk); exported as CSV, and those
 * who have not accepted reminded by mail.
 */
export default function AcceptancesScreen() {
  const styles = useDocumentStyles();
  const t = useLabel();
  const when = useWhen();
  const session = useInitialData();
  const id = Number(useParams()['documentId']);
  const report = useAcceptances(id);
  const [busy, setBusy] = useState<'export' | 'remind' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (!report.data)
    return report.error ? (
      <ErrorText message={report.error.message} />
    ) : (
      <Loader label={t('general.loading', 'Loading…')} />
    );
  const { people, history, visitors, version } = report.data;
  const pending = people.filter((person) => !person.accepted_at).length;

  const run = async (kind: 'export' | 'remind') => {
    setBusy(kind);
    setFailure(null);
    setNotice(null);
    try {
      if (kind === 'export') openFile(await exportAcceptances(id), `document-${id}-acceptances.csv`, 'save');
      else {
        const answer = await remindPending(id);
        setNotice(
          t(
            'documents.reminded',
            { one: '{count} person reminded.', other: '{count} people reminded.' },
            { count: answer.reminded },
          ),
        );
      }
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={styles.page}>
      <Body1>
        {t('documents.accepted-summary', 'Version {version}: {accepted} of {people} accepted.', {
          version,
          accepted: people.length - pending,
          people: people.length,
        })}
      </Body1>
      {notice && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{notice}</MessageBarBody>
        </MessageBar>
      )}
      <ErrorText message={failure} />
      <div className={styles.actions}>
        <Button
          icon={
            busy === 'export' ? <Spinner size="tiny" aria-hidden /> : <ArrowDownload20Regular aria-hidden />
          }
          disabled={busy !== null}
          onClick={() => void run('export')}
        >
          {t('documents.export', 'Export CSV')}
        </Button>
        {can(session?.general_permissions ?? [], ['DOCUMENTS', 'update']) && (
          <Button
            icon={
              busy === 'remind' ? <Spinner size="tiny" aria-hidden /> : <MailArrowUp20Regular aria-hidden />
            }
            disabled={busy !== null || pending === 0}
            onClick={() => void run('remind')}
          >
            {t('documents.remind', 'Remind those who have not accepted')}
          </Button>
        )}
      </div>
      <Table aria-label={t('documents.people', 'People')} className={styles.table} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('documents.person', 'Person')}</TableHeaderCell>
            <TableHeaderCell>{t('documents.accepted-at', 'Accepted')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {people.map((person) => (
            <TableRow key={person.user_id}>
              <TableCell>
                {person.name}
                <div className={styles.detail}>{person.email}</div>
              </TableCell>
              <TableCell>
                {person.accepted_at
                  ? when.dateTime(person.accepted_at)
                  : t('documents.not-accepted', 'Not yet')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Subtitle2 as="h2">{t('documents.history', 'Every acceptance')}</Subtitle2>
      {history.length === 0 && visitors.length === 0 ? (
        <Body1>{t('documents.no-acceptances', 'Nobody has accepted it yet.')}</Body1>
      ) : (
        <Table aria-label={t('documents.history', 'Every acceptance')} className={styles.table} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('documents.person', 'Person')}</TableHeaderCell>
              <TableHeaderCell>{t('documents.version', 'Version')}</TableHeaderCell>
              <TableHeaderCell>{t('documents.accepted-at', 'Accepted')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {history.map((row) => (
              <TableRow key={`u${row.user_id}-${row.version}`}>
                <TableCell>{row.name}</TableCell>
                <TableCell>{row.version}</TableCell>
                <TableCell>{when.dateTime(row.accepted_at)}</TableCell>
              </TableRow>
            ))}
            {visitors.map((row) => (
              <TableRow key={`v${row.visit_id}-${row.version}`}>
                <TableCell>{t('documents.visitor-name', '{name} (visitor)', { name: row.name })}</TableCell>
                <TableCell>{row.version}</TableCell>
                <TableCell>{when.dateTime(row.accepted_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
