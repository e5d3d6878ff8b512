import { describe, expect, it } from 'vitest';
import { parseCsvFile, parsePasted } from '../lib/parse-entries';

describe('what a paste or a file holds', () => {
  it('splits a paste on lines, commas, semicolons and spaces, and unwraps "Name <address>"', () => {
    expect(parsePasted('ann@acme.com\nbob@acme.com, carl@acme.com;  Dan Brown <dan@acme.com>\r\n\n')).toEqual(['ann@acme.com', 'bob@acme.com', 'carl@acme.com', 'dan@acme.com']);
  });

  it('takes every address of an emails CSV, whatever its column', () => {
    const csv = '\uFEFFName,Email,Company\r\n"Ann Lee",ann@acme.com,Acme\r\nBob;"bob@rival.io";Rival\r\nNo email,,Nowhere\r\n';
    expect(parseCsvFile(csv, 'emails')).toEqual(['ann@acme.com', 'bob@rival.io']);
  });

  it('takes the domain (or website) column of a domains CSV, else the first column, skipping a header', () => {
    expect(parseCsvFile('Company,Website\nAcme,acme.com\nRival,https://rival.io\n', 'domains')).toEqual(['acme.com', 'https://rival.io']);
    expect(parseCsvFile('acme.com\nrival.io\n', 'domains')).toEqual(['acme.com', 'rival.io']);
    expect(parseCsvFile('name\nacme.com\n', 'domains')).toEqual(['acme.com']);
  });
});
