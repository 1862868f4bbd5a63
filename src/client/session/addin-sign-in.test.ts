// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { parseDialogMessage } from './addin-sign-in';
import { readStored, setStoragePartition, writeStored } from './storage';

describe('the task pane’s storage partition (Office.context.partitionKey)', () => {
  afterEach(() => {
    setStoragePartition(null);
    localStorage.clear();
  });

  it('prefixes every key with the partition, and reads only its own', () => {
    writeStored('token', 'outside');
    setStoragePartition('p-1:');
    expect(readStored('token')).toBeNull();
    writeStored('token', 'inside');
    expect(localStorage.getItem('p-1:atApp')).toBe('inside');
    expect(localStorage.getItem('atApp')).toBe('outside');
  });
});

describe('what the sign-in dialog sends the pane', () => {
  it('is a hand-over code for a company, or a cancellation; anything else is ignored', () => {
    expect(parseDialogMessage('{"kind":"handover","subdomain":"acme","handover_code":"c0de"}')).toEqual({
      kind: 'handover',
      subdomain: 'acme',
      handover_code: 'c0de',
    });
    expect(parseDialogMessage('{"kind":"cancelled"}')).toEqual({ kind: 'cancelled' });
    expect(parseDialogMessage('{"kind":"handover","subdomain":"acme"}')).toBeNull();
    expect(parseDialogMessage('{"access_token":"eyJ"}')).toBeNull();
    expect(parseDialogMessage('not json')).toBeNull();
  });
});
