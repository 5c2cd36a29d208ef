import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('CSV exports (RFC 4180, no formula injection)', () => {
  it('quotes commas, quotes and line breaks; CRLF rows', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"'], ['line\nbreak', 3]])).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",3\r\n');
  });
  it('text that a spreadsheet would run as a formula is neutralised; numbers stay numbers', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell(-250)).toBe('-250');
    expect([csvCell(null), csvCell(undefined), csvCell(true), csvCell(Number.NaN)]).toEqual(['', '', 'true', '']);
  });
});
