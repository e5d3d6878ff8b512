import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from './crypto';

describe('sha256', () => {
  it('is the hex SHA-256 digest (stored token hashes depend on it)', () => {
    for (const value of ['', 'abc', 'cighDcNzAi8jN1xbePgkuga7pyqFeoqLY1gj0pP5Pvc', 'ünïcødé ✓']) {
      expect(sha256(value)).toBe(createHash('sha256').update(value).digest('hex'));
    }
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
