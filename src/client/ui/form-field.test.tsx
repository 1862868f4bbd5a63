// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FormField } from './form-field';
import { useForm } from './use-form';

function Form() {
  const form = useForm({ email: '', password: '', password_confirmation: '' }, {
    email: 'required|email',
    password: 'required|min:8',
    password_confirmation: 'required|confirmed:password',
  });
  return (
    <FluentProvider theme={webLightTheme}>
      <FormField {...form.field('email')} label="Email" type="email" />
      <FormField {...form.field('password')} label="Password" type="password" />
      <FormField {...form.field('password_confirmation')} label="Confirm" type="password" />
    </FluentProvider>
  );
}

afterEach(cleanup);

describe('spec §5 form field', () => {
  it('does not validate while typing, validates on blur with the exact message', async () => {
    const user = userEvent.setup();
    render(<Form />);
    const email = screen.getByLabelText('Email');
    await user.type(email, 'a@b');
    expect(screen.queryByText('Please enter valid email.')).toBeNull();
    await user.tab();
    expect(screen.getByText('Please enter valid email.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('validates on the native change event (a committed edit)', () => {
    render(<Form />);
    const password = screen.getByLabelText('Password');
    fireEvent.input(password, { target: { value: 'short' } });
    expect(screen.queryByText('The field must contain 8 or more characters.')).toBeNull();
    fireEvent.change(password, { target: { value: 'short' } });
    expect(screen.getByText('The field must contain 8 or more characters.')).toBeTruthy();
  });

  it('stops at the first failing rule and compares a confirmation with its target', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByLabelText('Confirm'));
    await user.tab();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), 'longenough');
    await user.type(screen.getByLabelText('Confirm'), 'different');
    await user.tab();
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    expect(screen.queryByText('This field is required.')).toBeNull();
  });

  it('clears the message once the committed value is valid', async () => {
    const user = userEvent.setup();
    render(<Form />);
    const email = screen.getByLabelText('Email');
    await user.click(email);
    await user.tab();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    await user.type(email, 'employee@acme.test');
    await user.tab();
    expect(email.getAttribute('aria-invalid')).not.toBe('true');
    // (the password field, left empty on the way, now says so instead)
    expect(screen.getAllByText('This field is required.')).toHaveLength(1);
  });
});
