import { Button } from '@fluentui/react-components';
import { ArrowLeft20Regular, ArrowRight20Regular } from '@fluentui/react-icons';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { SubmitButton } from '../../../ui/submit-button';
import { firstMessages, useSubmit } from '../../../ui/use-submit';
import { createResource, forgetResourceLists } from '../api';
import { wizardDraft } from '../draft-store';
import { createBody, firstStepWithErrors, stepOfField, validateDraft, validateStep } from '../wizard';
import { nextStep, previousStep, stepNumber, WIZARD_STEPS, type WizardStep } from '../wizard-steps';
import { useResourceStyles } from '../screens/resources.styles';
import { useCompanyLanguages } from './company-languages';

export const STEP_TITLES: Record<WizardStep, string> = {
  level: 'Level',
  type: 'Type',
  capacity: 'Capacity',
  description: 'Description and attributes',
  model: 'Model',
  'select-function': 'Functions',
  'name-translations': 'Name translations',
};

export const stepRoute = (step: WizardStep) => `r_resources-add-${step}` as const;

/**
 * One add step: "Step 2 of 7", its fields, Back and Next. Next checks the step; the last step
 * checks them all and saves, and a server's field errors take the user to the step that asks.
 */
export function WizardStepFrame({ step, children }: { step: WizardStep; children: ReactNode }) {
  const styles = useResourceStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { languages, companyLanguageId } = useCompanyLanguages();
  const { pending, failure, setFailure, run } = useSubmit();
  const next = nextStep(step);
  const previous = previousStep(step);
  const title = t(`resources.step.${step}`, STEP_TITLES[step]);
  const heading = useRef<HTMLHeadingElement>(null);
  // Next and Previous leave with the button that had the focus: the new step's title takes it.
  useEffect(() => heading.current?.focus(), [step]);

  const save = async () => {
    const { draft } = wizardDraft.get();
    const invalid = validateDraft(draft, languages, companyLanguageId);
    if (invalid) {
      wizardDraft.setErrors(invalid.errors);
      navigate(href(stepRoute(invalid.step)));
      return;
    }
    await run(
      async () => {
        const created = await createResource(createBody(draft, languages));
        forgetResourceLists();
        wizardDraft.reset();
        navigate(href('r_resources-edit', { resource_id: created.id }));
      },
      // A server's field errors take the user to the step that asks; none asks: the message shows.
      (fieldErrors) => {
        const target = firstStepWithErrors(fieldErrors);
        if (!target) return false;
        wizardDraft.setErrors(firstMessages(fieldErrors));
        if (target !== step) navigate(href(stepRoute(target)));
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const errors = validateStep(step, wizardDraft.get().draft, languages, companyLanguageId);
    // Errors other steps hold (a server's answer) stay until those fields change.
    const others = Object.entries(wizardDraft.get().errors).filter(([field]) => stepOfField(field) !== step);
    wizardDraft.setErrors({ ...Object.fromEntries(others), ...errors });
    if (Object.keys(errors).length > 0) return;
    if (next) navigate(href(stepRoute(next)));
    else void save();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="wizard-step-title">
      <div>
        <h2 className={styles.stepTitle} id="wizard-step-title" ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <p className={styles.steps}>
          {t('resources.step-of', 'Step {number} of {count}', {
            number: stepNumber(step),
            count: WIZARD_STEPS.length,
          })}
        </p>
      </div>
      {children}
      <ErrorText message={failure} />
      <div className={styles.actions}>
        <Button
          icon={<ArrowLeft20Regular aria-hidden />}
          onClick={() => navigate(href(previous ? stepRoute(previous) : 'r_resources-add'))}
        >
          {t('resources.previous', 'Previous')}
        </Button>
        {next ? (
          <Button
            type="submit"
            appearance="primary"
            icon={<ArrowRight20Regular aria-hidden />}
            iconPosition="after"
          >
            {t('resources.next', 'Next')}
          </Button>
        ) : (
          <SubmitButton pending={pending}>{t('resources.save', 'Save resource')}</SubmitButton>
        )}
      </div>
    </form>
  );
}
