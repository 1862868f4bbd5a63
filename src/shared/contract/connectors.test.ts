import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../validation/messages';
import {
  CALENDAR_FIELDS,
  calendarFieldError,
  CONNECTOR_MESSAGES,
  validateCalendarFields,
} from './connectors';

describe('calendar connector fields (shared by the add form and the server)', () => {
  it('needs every required field without a default when a connector is created', () => {
    expect(validateCalendarFields('outlook', {}, 'create')).toEqual({
      'fields.tenant_id': [MESSAGES.required],
      'fields.client_id': [MESSAGES.required],
      'fields.client_secret': [MESSAGES.required],
    });
    expect(
      validateCalendarFields(
        'caldav',
        { server_url: 'https://dav.example.com/', username: 'u', password: 'p' },
        'create',
      ),
    ).toEqual({});
  });

  it('checks only what an update sends', () => {
    expect(validateCalendarFields('google', { client_id: 'x' }, 'update')).toEqual({});
    expect(validateCalendarFields('google', { client_id: ' ' }, 'update')).toEqual({
      'fields.client_id': [MESSAGES.required],
    });
  });

  it('refuses keys the provider does not have, URLs that are not http(s) and bad e-mails', () => {
    expect(
      validateCalendarFields(
        'google',
        { colour: 'red', api_url: 'ftp://x', service_account_email: 'nope' },
        'update',
      ),
    ).toEqual({
      'fields.colour': [CONNECTOR_MESSAGES.unknownField],
      'fields.api_url': [CONNECTOR_MESSAGES.url],
      'fields.service_account_email': [MESSAGES.email],
    });
  });

  it('lets an optional field stay empty', () => {
    const notification = CALENDAR_FIELDS.outlook.find((spec) => spec.key === 'notification_url')!;
    expect(calendarFieldError(notification, '')).toBeNull();
    expect(calendarFieldError(notification, 'https://hooks.example.com/')).toBeNull();
  });

  it('takes only an https change notification URL, as Microsoft Graph calls no other', () => {
    const notification = CALENDAR_FIELDS.outlook.find((spec) => spec.key === 'notification_url')!;
    expect(calendarFieldError(notification, 'http://hooks.example.com/')).toBe(
      'Microsoft 365 sends change notifications to https:// addresses only.',
    );
    expect(calendarFieldError(notification, 'HTTPS://hooks.example.com/')).toBeNull();
  });
});
