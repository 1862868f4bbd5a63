import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAIL_TEMPLATES,
  EXAMPLE_MAIL_VALUES,
  fillTemplate,
  mailTypeId,
  mailTypeOf,
  unknownPlaceholders,
} from './mail-templates';

describe('desk e-mail templates', () => {
  it('fills every placeholder and leaves unknown ones as written', () => {
    expect(
      fillTemplate('Hi {visitor_first_name}, {host_name} at {desk_name}; {guest}', EXAMPLE_MAIL_VALUES),
    ).toBe('Hi Ada, Grace Hopper at Main lobby; {guest}');
  });

  it('names the unknown placeholders once each', () => {
    expect(unknownPlaceholders('{visitor} {nope} {nope} {visit_code} {} { spaced }')).toEqual(['nope', '']);
  });

  it('numbers the types as edit-email/:typeId does, and the built-in texts use known placeholders only', () => {
    expect([1, 2, 3, 4, 5].map(mailTypeOf)).toEqual([
      'invitation',
      'arrival',
      'departure',
      'cancellation',
      undefined,
    ]);
    expect(mailTypeId('cancellation')).toBe(4);
    for (const template of Object.values(DEFAULT_MAIL_TEMPLATES))
      if (template) expect(unknownPlaceholders(template.subject + template.body)).toEqual([]);
  });
});
