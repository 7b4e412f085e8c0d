import { describe, expect, it } from 'vitest';
import { foldKey } from './fold.ts';

describe('foldKey', () => {
  it('folds case the Unicode way, and width', () => {
    expect(foldKey('Ana')).toBe(foldKey('ANA'));
    expect(foldKey('straße')).toBe(foldKey('STRASSE'));
    expect(foldKey('ＡＮＡ')).toBe('ana');
    expect(foldKey('Σοφία')).toBe(foldKey('ΣΟΦΊΑ'));
    expect(foldKey(' Ed@Example.COM ')).toBe('ed@example.com');
    expect(foldKey('ana')).not.toBe(foldKey('anna'));
  });
});
