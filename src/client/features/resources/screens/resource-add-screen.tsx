import { Body1, Button } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { useWizardDraft, wizardDraft } from '../draft-store';
import { STEP_TITLES, stepRoute } from '../components/wizard-frame';
import { EMPTY_DRAFT } from '../wizard';
import { WIZARD_STEPS } from '../wizard-steps';
import { useResourceStyles } from './resources.styles';

/**
 * spec §2 /resources add: the steps in order. A draft already begun is kept (its steps can be
 * opened again) until it is saved or started over.
 */
export default function ResourceAddScreen() {
  const styles = useResourceStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { draft } = useWizardDraft();
  const begun = draft !== EMPTY_DRAFT;

  return (
    <div className={styles.form}>
      <Body1>
        {t(
          'resources.add-intro',
          'A resource is added in {count} steps: where it is, what it is, its capacity, description and attributes, how it is booked, its functions and its name.',
          { count: WIZARD_STEPS.length },
        )}
      </Body1>
      <ol aria-label={t('resources.steps', 'Steps')}>
        {WIZARD_STEPS.map((step) => (
          <li key={step}>
            <AppLink to={href(stepRoute(step))}>{t(`resources.step.${step}`, STEP_TITLES[step])}</AppLink>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={() => navigate(href(stepRoute('level')))}>
          {begun ? t('resources.continue', 'Continue') : t('resources.start', 'Start')}
        </Button>
        {begun && (
          <Button onClick={() => wizardDraft.reset()}>{t('resources.start-over', 'Start over')}</Button>
        )}
      </div>
    </div>
  );
}
