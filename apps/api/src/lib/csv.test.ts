import { describe, expect, it } from 'vitest';
import { csvCell, csvRecords, decodeCsvBytes, detectDelimiter, parseCsv, toCsv } from './csv';

describe('CSV helpers', () => {
  it('escapes cells a spreadsheet would run as formulas', () => {
    for (const [input, out] of [
      ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
      ['+1 555', "'+1 555"],
      ['-2+3', "'-2+3"],
      ['@cmd', "'@cmd"],
      ['\tTAB', "'\tTAB"],
      ['\r=1', `"'\r=1"`],
      ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
      ['plain', 'plain'],
      ['a,b', '"a,b"'],
      ['say "hi"', '"say ""hi"""'],
      [null, ''],
      [12, '12'],
    ] as const) {
      expect(csvCell(input), String(input)).toBe(out);
    }
    expect(toCsv(['a', 'b'], [['=1', 'x']])).toBe("\uFEFFa,b\r\n'=1,x\r\n");
  });

  it('detects the delimiter of the header line, ignoring quoted ones', () => {
    expect(detectDelimiter('a,b,c\n1,2,3')).toBe(',');
    expect(detectDelimiter('a;b;c\n1,2;3')).toBe(';');
    expect(detectDelimiter('a\tb\tc\n')).toBe('\t');
    expect(detectDelimiter('"x;y;z",b\n')).toBe(',');
    expect(detectDelimiter('single')).toBe(',');
  });

  it('detects UTF-8 and falls back to Latin-1', () => {
    expect(decodeCsvBytes(new TextEncoder().encode('\uFEFFname\nJosé'))).toEqual({ text: 'name\nJosé', encoding: 'utf-8' });
    expect(decodeCsvBytes(Uint8Array.from([0x4a, 0x6f, 0x73, 0xe9]))).toEqual({ text: 'José', encoding: 'latin1' });
  });

  it('parses quoted fields with delimiters, quotes and line breaks', () => {
    expect(parseCsv('a,b\r\n"x, y","he said ""hi""\nthen left"\r\n\r\nz\n', ',')).toEqual([
      ['a', 'b'],
      ['x, y', 'he said "hi"\nthen left'],
      ['z'],
    ]);
    expect(parseCsv('a;b\n1;2\n3;4\n', ';', 2)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('streams records from a big text with quoted line breaks across slices, and emoji intact', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `${i},"multi\nline ${i} 😀","x""y"`);
    const text = ['id,note,q', ...rows].join('\r\n');
    let n = 0;
    for await (const r of csvRecords(text, ',')) {
      if (n > 0) expect(r).toEqual([String(n - 1), `multi\nline ${n - 1} 😀`, 'x"y']);
      n++;
    }
    expect(n).toBe(20_001);
  });
});
