import { Body1, Button, Checkbox } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import { documentsNowAccepted, landingPath } from '../../../session/session';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { acceptDocuments, useUnaccepted } from '../api';
import { DocumentView } from '../components/document-view';
import { useDocumentStyles } from '../documents.styles';

/**
 * spec §2 /accept-documents/{applicationId}: where the document guard (spec §6) sends a user who has
 * not accepted the current documents of a screen's application. Accepting returns to the screen
 * the guard remembered, else to the start page.
 */
export default function AcceptDocumentsScreen() {
  const styles = useDocumentStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const applicationId = Number(useParams()['applicationId']);
  const pendingDocuments = useUnaccepted(applicationId);
  const [agreed, setAgreed] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const carryOn = () =>
    navigate(documentsNowAccepted(applicationId) ?? landingPath(session?.startup_page, 'password'), {
      replace: true,
    });

  if (!pendingDocuments.data)
    return pendingDocuments.error ? (
      <ErrorText message={pendingDocuments.error.message} />
    ) : (
      <Loader label={t('general.loading', 'Loading…')} />
    );
  const documents = pendingDocuments.data.data;
  if (documents.length === 0)
    return (
      <div className={styles.page}>
        <Body1 role="status">{t('documents.accept.none', 'There is nothing left to accept.')}</Body1>
        <div className={styles.actions}>
          <Button appearance="primary" onClick={carryOn}>
            {t('documents.accept.continue', 'Continue')}
          </Button>
        </div>
      </div>
    );

  const accept = async () => {
    setSending(true);
    setFailure(null);
    try {
      await acceptDocuments({
        documents: documents.map((document) => ({ id: document.id, version: document.version })),
      });
      carryOn();
    } catch (error) {
      // A newer version was published meanwhile: show it, to be read and accepted again.
      setFailure(errorMessage(error));
      setAgreed(false);
      void pendingDocuments.mutate();
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className={styles.page}
      aria-label={t('documents.accept.title', 'Accept documents')}
      onSubmit={(event) => {
        event.preventDefault();
        if (agreed) void accept();
      }}
    >
      <Body1>
        {t('documents.accept.intro', 'Please read the following documents and accept them to continue.')}
      </Body1>
      {documents.map((document) => (
        <DocumentView key={document.id} document={document} />
      ))}
      <ErrorText message={failure} />
      <Checkbox
        checked={agreed}
        onChange={(_event, data) => setAgreed(data.checked === true)}
        label={t('documents.accept.agree', 'I have read these documents and accept them.')}
      />
      <div className={styles.actions}>
        {agreed ? (
          <SubmitButton pending={sending}>{t('documents.accept.action', 'Accept and continue')}</SubmitButton>
        ) : (
          <Button appearance="primary" disabled>
            {t('documents.accept.action', 'Accept and continue')}
          </Button>
        )}
      </div>
    </form>
  );
}
