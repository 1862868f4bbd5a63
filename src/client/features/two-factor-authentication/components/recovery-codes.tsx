import { Button, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { ArrowDownload20Regular, Copy20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { useTwoFactorStyles } from './two-factor.styles';

/** The recovery codes, shown once: the user keeps them (copy, download) before going on. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const styles = useTwoFactorStyles();
  const t = useLabel();
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard?.writeText(text);
    setCopied(true);
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'workplace-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <section className={styles.form} aria-labelledby="recovery-codes-title">
      <MessageBar intent="success">
        <MessageBarBody>
          <MessageBarTitle id="recovery-codes-title">
            {t('two-factor.recovery-title', 'Two-factor sign-in is on')}
          </MessageBarTitle>
          {t(
            'two-factor.recovery-hint',
            'Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.',
          )}
        </MessageBarBody>
      </MessageBar>
      <ol className={styles.codes} aria-label={t('two-factor.recovery-codes', 'Recovery codes')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button icon={<Copy20Regular aria-hidden />} onClick={() => void copy()}>
          {copied ? t('two-factor.copied', 'Copied') : t('two-factor.copy', 'Copy')}
        </Button>
        <Button icon={<ArrowDownload20Regular aria-hidden />} onClick={download}>
          {t('two-factor.download', 'Download')}
        </Button>
        <Button appearance="primary" onClick={onDone}>
          {t('two-factor.codes-kept', 'I have kept them')}
        </Button>
      </div>
    </section>
  );
}
