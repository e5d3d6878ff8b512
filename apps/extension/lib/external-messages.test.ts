import { describe, expect, it } from 'vitest';
import { handleExternalMessage } from './external-messages';

describe('handleExternalMessage', () => {
  it('answers presence with ok and the version', () => {
    expect(handleExternalMessage({ type: 'presence' }, { version: '1.2.3' })).toEqual({ status: 'ok', version: '1.2.3' });
  });
  it('answers an unknown type with a clear error', () => {
    expect(handleExternalMessage({ type: 'steal-cookies' }, { version: '1' })).toEqual({
      status: 'error',
      error: 'Unknown message type: steal-cookies',
    });
  });
  it('answers garbage with an error, never throws', () => {
    for (const junk of [null, 42, 'presence', [], { type: 1 }, { type: 'presence', extra: true }]) {
      expect(handleExternalMessage(junk, { version: '1' }).status).toBe('error');
    }
  });
});
