import {
  Body1,
  Button,
  Checkbox,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Subtitle1,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import type { KioskDesk, KioskWelcome } from '../../../../shared/contract/visitors';
import { ApiError } from '../../../api/errors';
import { sanitizeHtml } from '../../../shell/sanitize-html';
import { useLabel } from '../../../i18n/i18n';
import { useAccentClass, useDeviceLanguage } from '../../../ui/device-look';
import { Loader } from '../../../ui/loader';
import { kioskCheckIn, kioskDesk, kioskScan } from '../api';

/** A kiosk left alone for a minute starts over, so the next visitor never sees the last one's entry. */
export const KIOSK_IDLE_MS = 60_000;

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
    maxWidth: '640px',
    margin: '0 auto',
    padding: tokens.spacingVerticalXL,
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  band: {
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    borderLeftWidth: tokens.strokeWidthThickest,
    borderLeftStyle: 'solid',
    color: tokens.colorNeutralForeground1,
  },
  documents: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  // the company's document text (sanitised html)
  documentText: {
    overflowWrap: 'anywhere',
    '& a': { color: tokens.colorBrandForegroundLink },
  },
});

/**
 * spec §2 public /reception-desk/{code}: a tablet at the desk (768×1024, touch and keyboard). The
 * visitor scans the invitation's QR code (a hand scanner types it into the code field) or types
 * their name and e-mail; the host is told. Idle for a minute, it resets.
 */
export default function KioskScreen() {
  const styles = useStyles();
  const t = useLabel();
  const { code = '' } = useParams();
  const [desk, setDesk] = useState<KioskDesk | null>(null);
  const [missing, setMissing] = useState(false);
  const [visitCode, setVisitCode] = useState('');
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [email, setEmail] = useState('');
  const [welcome, setWelcome] = useState<KioskWelcome | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [touched, setTouched] = useState(0);
  const codeInput = useRef<HTMLInputElement>(null);
  // The desk's device template: its colour, language and what the kiosk offers.
  const accent = useAccentClass(desk?.accent);
  useDeviceLanguage(desk?.locale);

  useEffect(() => {
    kioskDesk(code).then(setDesk, () => setMissing(true));
  }, [code]);
  useEffect(() => {
    if (!desk) return;
    codeInput.current?.focus();
  }, [desk]);
  // Any touch or key anywhere on the page counts as input.
  useEffect(() => {
    const touchNow = () => setTouched((count) => count + 1);
    document.addEventListener('pointerdown', touchNow, true);
    document.addEventListener('keydown', touchNow, true);
    return () => {
      document.removeEventListener('pointerdown', touchNow, true);
      document.removeEventListener('keydown', touchNow, true);
    };
  }, []);
  const reset = () => {
    setVisitCode('');
    setFirst('');
    setLast('');
    setEmail('');
    setWelcome(null);
    setProblem(null);
    setAccepted(false);
    codeInput.current?.focus();
  };
  // Every input restarts the minute; when it passes, the kiosk starts over.
  useEffect(() => {
    const timer = setTimeout(reset, KIOSK_IDLE_MS);
    return () => clearTimeout(timer);
  }, [touched, welcome, problem]);
  const touch = () => setTouched((count) => count + 1);

  if (missing)
    return <Body1 role="alert">{t('visitors.kiosk-missing', 'This kiosk is not available.')}</Body1>;
  if (!desk) return <Loader label={t('general.loading', 'Loading…')} />;

  const answer = async (call: Promise<KioskWelcome>) => {
    setProblem(null);
    try {
      setWelcome(await call);
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.body?.message
          ? error.body.message
          : t('visitors.kiosk-failed', 'Something went wrong. Please ask at the reception desk.'),
      );
    }
  };
  // docs/documents.md: the desk's visitor documents are accepted before any check-in.
  const documents = desk.documents;
  const mayCheckIn = documents.length === 0 || accepted;
  const accepted_documents = accepted
    ? documents.map((document) => ({ id: document.id, version: document.version }))
    : [];
  const scan = (event: FormEvent) => {
    event.preventDefault();
    if (visitCode.trim() && mayCheckIn)
      void answer(kioskScan(code, { code: visitCode.trim(), accepted_documents }));
  };
  const typed = (event: FormEvent) => {
    event.preventDefault();
    if (mayCheckIn)
      void answer(kioskCheckIn(code, { first_name: first, last_name: last, email, accepted_documents }));
  };

  return (
    <main className={styles.page}>
      <Title2 as="h1" className={mergeClasses(styles.band, accent)}>
        {t('visitors.kiosk-welcome', 'Welcome to {desk}', { desk: desk.name })}
      </Title2>
      {welcome ? (
        <section role="status" aria-live="polite">
          <Subtitle1 as="p">
            {t('visitors.kiosk-hello', 'Hello {name}, you are checked in.', { name: welcome.first_name })}
          </Subtitle1>
          {welcome.host_name && (
            <Body1 as="p">
              {t('visitors.kiosk-host-told', '{host} knows you are here.', { host: welcome.host_name })}
            </Body1>
          )}
          <Button appearance="primary" size="large" onClick={reset}>
            {t('visitors.kiosk-done', 'Done')}
          </Button>
        </section>
      ) : (
        <>
          {problem && <Body1 role="alert">{problem}</Body1>}
          {documents.length > 0 && (
            <section
              className={styles.documents}
              aria-label={t('visitors.kiosk-documents', 'Before you check in')}
            >
              <Subtitle1 as="h2">{t('visitors.kiosk-documents', 'Before you check in')}</Subtitle1>
              {documents.map((document) => (
                <article key={document.id} aria-label={document.name}>
                  <Subtitle1 as="h3">{document.name}</Subtitle1>
                  <div
                    className={styles.documentText}
                    dangerouslySetInnerHTML={{ __html: sanitizeHtml(document.content) }}
                  />
                  {document.has_pdf && (
                    <Body1 as="p">
                      {t(
                        'visitors.kiosk-document-pdf',
                        'The full document is available at the reception desk.',
                      )}
                    </Body1>
                  )}
                </article>
              ))}
              <Checkbox
                checked={accepted}
                onChange={(_event, data) => {
                  setAccepted(data.checked === true);
                  touch();
                }}
                label={t('visitors.kiosk-accept', 'I have read these documents and accept them.')}
              />
            </section>
          )}
          {desk.actions.includes('scan') && (
            <form
              className={styles.form}
              onSubmit={scan}
              aria-label={t('visitors.kiosk-scan', 'Scan your invitation')}
            >
              <Field label={t('visitors.kiosk-code', 'Invitation code (scan the QR code)')}>
                <Input
                  ref={codeInput}
                  size="large"
                  autoComplete="off"
                  value={visitCode}
                  onChange={(_event, data) => {
                    setVisitCode(data.value);
                    touch();
                  }}
                />
              </Field>
              <Button type="submit" appearance="primary" size="large" disabled={!mayCheckIn}>
                {t('visitors.check-in', 'Check in')}
              </Button>
            </form>
          )}
          {desk.actions.includes('typed') && (
            <form
              className={styles.form}
              onSubmit={typed}
              aria-label={t('visitors.kiosk-typed', 'No code? Type your details')}
            >
              <Subtitle1 as="h2">{t('visitors.kiosk-typed', 'No code? Type your details')}</Subtitle1>
              <Field label={t('visitors.first-name', 'First name')} required>
                <Input
                  size="large"
                  value={first}
                  onChange={(_event, data) => {
                    setFirst(data.value);
                    touch();
                  }}
                />
              </Field>
              <Field label={t('visitors.last-name', 'Last name')} required>
                <Input
                  size="large"
                  value={last}
                  onChange={(_event, data) => {
                    setLast(data.value);
                    touch();
                  }}
                />
              </Field>
              <Field label={t('visitors.email', 'E-mail')} required>
                <Input
                  size="large"
                  type="email"
                  value={email}
                  onChange={(_event, data) => {
                    setEmail(data.value);
                    touch();
                  }}
                />
              </Field>
              <Button type="submit" size="large" disabled={!mayCheckIn}>
                {t('visitors.check-in', 'Check in')}
              </Button>
            </form>
          )}
        </>
      )}
    </main>
  );
}
