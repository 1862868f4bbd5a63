// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://acme.workplace.localhost:8080/" }
import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addLabels } from '../../../i18n/i18n';
import { LanguageSwitch } from './language-switch';

configure({ asyncUtilTimeout: 15_000 });

const API = 'http://acme.workplace.localhost:8080/api/company/v1';
const asked: string[] = [];
const server = setupServer(
  http.get(`${API}/auth/login/labels/:locale`, ({ params }) => {
    asked.push(String(params.locale));
    const content = params.locale === 'de' ? 'Sprache' : 'Langue';
    return HttpResponse.json({
      status: 'success',
      labels: [{ code: 'general.language', content, translations: [] }],
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  asked.length = 0;
});
afterEach(() => {
  cleanup();
  addLabels('en', []);
});
afterAll(() => server.close());

describe('the sign-in page’s language switch (issue 40)', () => {
  it('loads the chosen language’s labels, speaks it at once and remembers it for the next visit', async () => {
    render(<LanguageSwitch />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Deutsch');
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveProperty('value', 'de');
    expect(asked).toEqual(['de']);
    expect(localStorage.getItem('appLang')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('offers English, French, German, Italian and Arabic, each named in itself', () => {
    render(<LanguageSwitch />);
    const names = screen.getAllByRole('option').map((option) => option.textContent);
    expect(names).toEqual(['English', 'Français', 'Deutsch', 'Italiano', 'العربية']);
  });
});
