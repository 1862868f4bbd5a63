import { describe, expect, it } from 'vitest';
import { can, type GeneralPermission } from '.';

const perm = (
  permission: string,
  type: GeneralPermission['type'],
  flags: Partial<GeneralPermission> = {},
) => ({
  permission,
  type,
  is_active: true,
  create: false,
  read: false,
  update: false,
  delete: false,
  value: null,
  ...flags,
});

const permissions: GeneralPermission[] = [
  perm('LEVELS', 'CRUD', { read: true }),
  perm('RESOURCES', 'CRUD', { read: true, create: true }),
  perm('REPORTS', 'LOGICAL'),
  perm('CLEAN', 'LOGICAL', { is_active: false }),
  perm('PLAN', 'NUMERICAL', { value: 3 }),
];

describe('spec §6 permission check', () => {
  it('refuses false always', () => expect(can(permissions, false)).toBe(false));
  it('allows an active permission by name', () => expect(can(permissions, 'REPORTS')).toBe(true));
  it('refuses an inactive permission', () => expect(can(permissions, 'CLEAN')).toBe(false));
  it('refuses a permission the user does not have', () => expect(can(permissions, 'SYNC')).toBe(false));
  it('allows when any name in a comma list is active', () => {
    expect(can(permissions, 'BOOKINGS,REPORTS')).toBe(true);
    expect(can(permissions, 'BOOKINGS, SYNC')).toBe(false);
  });
  it('needs the CRUD flag for an action', () => {
    expect(can(permissions, ['RESOURCES', 'create'])).toBe(true);
    expect(can(permissions, ['LEVELS', 'create'])).toBe(false);
    expect(can(permissions, ['LEVELS', 'read'])).toBe(true);
  });
  it('denies a non-CRUD permission when a CRUD action is asked', () => {
    expect(can(permissions, ['REPORTS', 'read'])).toBe(false);
    expect(can(permissions, ['PLAN', 'read'])).toBe(false);
  });
  it('allows when any entry of a list allows', () => {
    expect(can(permissions, ['SYNC', ['LEVELS', 'read']])).toBe(true);
    expect(can(permissions, [['LEVELS', 'delete'], 'CLEAN'])).toBe(false);
  });
});
