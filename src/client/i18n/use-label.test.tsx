// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addLabels, useLabel } from './i18n';

function Button() {
  const t = useLabel();
  return <button type="submit">{t('test.login.submit', 'Log in')}</button>;
}

/** Adds labels while rendering: after Button rendered, before Button's effects subscribed. */
function LabelsArriving() {
  addLabels('en', [{ code: 'test.login.submit', content: 'Sign in', translations: [] }]);
  return null;
}

afterEach(cleanup);

describe('labels reaching a screen (spec §9: the server’s labels, else the English default)', () => {
  it('shows labels that arrive after the screen mounted', () => {
    addLabels('en', [{ code: 'test.login.submit', content: 'Log in', translations: [] }]);
    render(<Button />);
    act(() => addLabels('en', [{ code: 'test.login.submit', content: 'Sign in', translations: [] }]));
    expect(screen.getByRole('button').textContent).toBe('Sign in');
  });

  it('shows labels that arrive between the first render and the subscription', () => {
    addLabels('en', [{ code: 'test.login.submit', content: 'Log in', translations: [] }]);
    render(
      <>
        <Button />
        <LabelsArriving />
      </>,
    );
    expect(screen.getByRole('button').textContent).toBe('Sign in');
  });
});
