import { describe, expect, it } from 'vitest';
import {
  fileMatches,
  formDataFrom,
  isDate,
  isEmail,
  isNumber,
  isTel,
  isTime,
  isUrl,
  isoWeekday,
  normalizeTel,
  normalizeUrl,
  validate,
  type FileLike,
  type FormValue,
  type Rule,
} from './rules.ts';

const file = (name: string, size = 100, type = ''): FileLike => ({ name, size, type });
/** The file part an empty file input submits. */
const noFile = file('', 0, 'application/octet-stream');

/** Verdict of one rule on field `f` holding `value`: the failing rule name, or 'ok'. */
function verdict(rule: Rule, value: FormValue | FormValue[] | undefined): string {
  const result = validate({ rules: [rule] }, formDataFrom({ f: value }));
  return result.get('f')?.rule ?? 'ok';
}

describe('required', () => {
  const rule: Rule = { rule: 'required', field: 'f', error: 'Please fill out this field.' };
  it.each([
    ['text', 'hello', 'ok'],
    ['text with spaces around', '  hi  ', 'ok'],
    ['one of several values', ['', 'Design'], 'ok'],
    ['empty string', '', 'required'],
    ['blank spaces', '   ', 'required'],
    ['tabs and newlines', '\t\n\r ', 'required'],
    ['not submitted', undefined, 'required'],
    ['empty list', [], 'required'],
    ['only blank values', ['', ' '], 'required'],
  ])('%s', (_name, value, expected) => {
    expect(verdict(rule, value)).toBe(expected);
  });

  it('reports the rule error message', () => {
    const result = validate({ rules: [rule] }, formDataFrom({}));
    expect(result.get('f')).toEqual({ error: 'Please fill out this field.', rule: 'required' });
  });

  it('reads multi-value controls submitted as name[]', () => {
    const result = validate({ rules: [{ rule: 'required', field: 'services', error: 'x' }] }, formDataFrom({ 'services[]': ['Design'] }));
    expect(result.size).toBe(0);
  });
});

describe('requiredfile', () => {
  const rule: Rule = { rule: 'requiredfile', field: 'f', error: 'x' };
  it.each([
    ['a chosen file', file('cv.pdf'), 'ok'],
    ['an empty but named file', file('empty.txt', 0), 'ok'],
    ['the empty part of an unused file input', noFile, 'requiredfile'],
    ['nothing submitted', undefined, 'requiredfile'],
    ['a text value instead of a file', 'cv.pdf', 'requiredfile'],
  ])('%s', (_name, value, expected) => {
    expect(verdict(rule, value)).toBe(expected);
  });
});

describe('email', () => {
  it.each([
    'john@example.com',
    'a@b.co',
    'first.last@sub.example.org',
    "o'brien+tag@example.co.uk",
    'x!#$%&*/=?^_`{|}~-@example.com',
    'user@xn--bcher-kva.example',
    'user@123.example',
    'USER@EXAMPLE.COM',
    '  padded@example.com  ',
    'a-b@my-domain.com',
  ])('accepts %j', (value) => {
    expect(isEmail(value)).toBe(true);
  });

  it.each([
    ['too short', 'a@b.c'],
    ['no @', 'example.com'],
    ['@ first', '@example.com'],
    ['two @', 'a@b@example.com'],
    ['double dots in the domain', 'x@example..com'],
    ['leading hyphen in a label', 'x@-example.com'],
    ['trailing hyphen in a label', 'x@example-.com'],
    ['space in the local part', 'x y@example.com'],
    ['space after @', 'x@ example.com'],
    ['single-label domain', 'john@localhost'],
    ['leading dot in the domain', 'john@.example.com'],
    ['trailing dot in the domain', 'john@example.com.'],
    ['underscore in the domain', 'john@exa_mple.com'],
    ['non-ASCII domain', 'john@bücher.de'],
    ['quoted local part', '"john"@example.com'],
    ['empty local part with comma', ',@example.com'],
  ])('rejects %s', (_name, value) => {
    expect(isEmail(value)).toBe(false);
  });

  it('passes empty values and checks every value', () => {
    const rule: Rule = { rule: 'email', field: 'f', error: 'x' };
    expect(verdict(rule, '')).toBe('ok');
    expect(verdict(rule, '  ')).toBe('ok');
    expect(verdict(rule, undefined)).toBe('ok');
    expect(verdict(rule, ['a@example.com', 'bad'])).toBe('email');
  });
});

describe('url', () => {
  it.each([
    'https://example.com',
    'http://example.com/path?q=1#frag',
    'ftp://files.example.com/a.txt',
    'mailto:someone@example.com',
    'tel:+15550109999',
    'urn:isbn:0451450523',
    'HTTPS://EXAMPLE.COM',
    'http://localhost:8080',
    '  https://example.com  ',
    'webcal://example.com/cal.ics',
  ])('accepts %j', (value) => {
    expect(isUrl(value)).toBe(true);
  });

  it.each([
    ['no scheme', 'example.com'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/plain,hi'],
    ['file scheme', 'file:///etc/passwd'],
    ['unparseable', 'http://'],
    ['spaces in the host', 'http://exa mple.com'],
    ['plain words', 'hello world'],
    ['blank', '   '],
  ])('rejects %s', (_name, value) => {
    expect(isUrl(value)).toBe(false);
  });

  it('passes empty values through the rule', () => {
    expect(verdict({ rule: 'url', field: 'f', error: 'x' }, '')).toBe('ok');
    expect(verdict({ rule: 'url', field: 'f', error: 'x' }, 'example.com')).toBe('url');
  });

  it.each([
    ['example.com', 'http://example.com'],
    ['www.example.com/path', 'http://www.example.com/path'],
    ['//example.com', 'http://example.com'],
    ['  example.com ', 'http://example.com'],
    ['https://example.com', 'https://example.com'],
    ['mailto:a@b.example', 'mailto:a@b.example'],
    ['localhost', 'localhost'],
    ['', ''],
  ])('normalizeUrl(%j) → %j', (input, expected) => {
    expect(normalizeUrl(input)).toBe(expected);
  });
});

describe('tel', () => {
  it.each([
    '0049 30 1234567',
    '+1 (555) 010-9999',
    '555.010.9999',
    '030/1234567',
    '+49\u00a030\u2009123\u202f4567', // no-break, thin and narrow no-break spaces
    '+44\t20 7946 0958',
    '123456',
    '123456789012345',
    // Contact Form 7's own verdicts: the `+` counts towards 6–15, `00` counts as `+`, and an
    // extension after `#` or `*` is dropped before the check
    '+12345',
    '+12345678901234',
    '0012345',
    '030 1234567 #12',
    '030 1234567*12',
    '+49 30 1234567 # 999999999999999',
    '++49301234567',
    '\u00a0+49 30 1234567\ufeff',
  ])('accepts %j', (value) => {
    expect(isTel(value)).toBe(true);
  });

  it.each([
    ['too short', '12345'],
    ['too short with plus', '+1234'],
    ['too long', '1234567890123456'],
    ['too long with plus (the + counts)', '+123456789012345'],
    ['00 then too few digits', '001234'],
    ['letters', '555-CALL-NOW'],
    ['plus in the middle', '12+3456789'],
    ['extension word', '030 1234567 ext 12'],
    ['only an extension', '#1234567'],
  ])('rejects %s', (_name, value) => {
    expect(isTel(value)).toBe(false);
  });

  it.each([
    ['0049 30 1234567', '+49301234567'],
    ['+1 (555) 010-9999', '+15550109999'],
    ['030/123.45-67', '0301234567'],
    ['0 0 4 9 301234567', '+49301234567'],
    ['+0049 30 1234567', '+49301234567'],
    ['030 1234567 #12', '0301234567'],
  ])('normalizeTel(%j) → %j', (input, expected) => {
    expect(normalizeTel(input)).toBe(expected);
  });

  it('passes empty values through the rule', () => {
    expect(verdict({ rule: 'tel', field: 'f', error: 'x' }, '')).toBe('ok');
    expect(verdict({ rule: 'tel', field: 'f', error: 'x' }, '12345')).toBe('tel');
  });
});

describe('number', () => {
  it.each(['0', '42', '-7', '3.14', '-0.5', '.5', '-.5', '1e3', '1E+3', '2.5e-4', ' 12 ', '007'])('accepts %j', (value) => {
    expect(isNumber(value)).toBe(true);
  });
  // Contact Form 7 accepts an optional minus only: a leading plus is not a number
  it.each(['abc', '+7', '+0.5', '+1e3', '1,5', '1.', '--1', '1e', 'e3', '1.2.3', '0x10', 'Infinity', 'NaN', '1 000', '.'])('rejects %j', (value) => {
    expect(isNumber(value)).toBe(false);
  });
  it('passes empty values through the rule', () => {
    expect(verdict({ rule: 'number', field: 'f', error: 'x' }, '')).toBe('ok');
    expect(verdict({ rule: 'number', field: 'f', error: 'x' }, '12abc')).toBe('number');
  });
});

describe('date', () => {
  it.each(['2024-02-29', '2000-02-29', '2025-12-31', '2025-01-01', '0001-01-01', ' 2025-06-15 '])('accepts %j', (value) => {
    expect(isDate(value)).toBe(true);
  });
  it.each([
    ['not a leap year', '2025-02-29'],
    ['century not divisible by 400', '1900-02-29'],
    ['April 31st', '2025-04-31'],
    ['month 13', '2025-13-01'],
    ['month 00', '2025-00-10'],
    ['day 00', '2025-01-00'],
    ['day 32', '2025-01-32'],
    ['year 0000', '0000-01-01'],
    ['single-digit parts', '2025-1-5'],
    ['slashes', '2025/01/05'],
    ['day-first', '05-01-2025'],
    ['with a time', '2025-01-05T10:00'],
    ['five-digit year', '20250-01-05'],
  ])('rejects %s', (_name, value) => {
    expect(isDate(value)).toBe(false);
  });
});

describe('time', () => {
  it.each(['00:00', '09:30', '23:59', '12:00:00', '23:59:59', ' 07:05 '])('accepts %j', (value) => {
    expect(isTime(value)).toBe(true);
  });
  it.each(['24:00', '23:60', '12:00:60', '9:30', '09:3', '0930', '12:00:00:00', '12:00 PM', '-1:00', '12:00:5'])('rejects %j', (value) => {
    expect(isTime(value)).toBe(false);
  });
});

describe('enum', () => {
  const rule: Rule = { rule: 'enum', field: 'f', error: 'x', accept: ['Design', 'Photography', 3] };
  it.each([
    ['an accepted value', 'Design', 'ok'],
    ['several accepted values', ['Design', 'Photography'], 'ok'],
    ['a number accepted as a string', '3', 'ok'],
    ['empty', '', 'ok'],
    ['nothing', undefined, 'ok'],
    ['a foreign value', 'Hacking', 'enum'],
    ['case differs', 'design', 'enum'],
    ['one foreign value among good ones', ['Design', 'Other'], 'enum'],
    ['a file', file('Design'), 'enum'],
  ])('%s', (_name, value, expected) => {
    expect(verdict(rule, value)).toBe(expected);
  });
});

describe('dayofweek', () => {
  it.each([
    ['2025-01-06', 1], // Monday
    ['2025-01-11', 6],
    ['2025-01-12', 7], // Sunday
    ['2024-02-29', 4],
    ['2000-01-01', 6],
    ['1970-01-01', 4],
    ['0001-01-01', 1],
  ])('isoWeekday(%j) = %i', (date, expected) => {
    expect(isoWeekday(date)).toBe(expected);
  });

  it('has no weekday for an invalid date', () => {
    expect(isoWeekday('2025-02-30')).toBeNull();
  });

  it('does not drift with the process time zone', () => {
    const before = process.env['TZ'];
    try {
      for (const tz of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Los_Angeles', 'Asia/Tokyo']) {
        process.env['TZ'] = tz;
        expect(isoWeekday('2025-01-06')).toBe(1);
        expect(isoWeekday('2025-01-12')).toBe(7);
      }
    } finally {
      if (before === undefined) delete process.env['TZ'];
      else process.env['TZ'] = before;
    }
  });

  const weekdays: Rule = { rule: 'dayofweek', field: 'f', error: 'x', accept: [1, 2, 3, 4, '5'] };
  it.each([
    ['a Monday', '2025-01-06', 'ok'],
    ['a Friday (accept given as string)', '2025-01-10', 'ok'],
    ['a Saturday', '2025-01-11', 'dayofweek'],
    ['a Sunday', '2025-01-12', 'dayofweek'],
    ['an invalid date (left to the date rule)', '2025-02-30', 'ok'],
    ['empty', '', 'ok'],
  ])('%s', (_name, value, expected) => {
    expect(verdict(weekdays, value)).toBe(expected);
  });
});

describe('file', () => {
  const docs: Rule = { rule: 'file', field: 'f', error: 'x', accept: ['.pdf', 'jpg', 'image/png'] };
  it.each([
    ['a pdf', file('brief.pdf', 10, 'application/pdf'), 'ok'],
    ['upper-case extension', file('BRIEF.PDF'), 'ok'],
    ['bare extension entry', file('photo.jpg', 10, 'image/jpeg'), 'ok'],
    ['png by MIME type', file('scan', 10, 'image/png'), 'ok'],
    ['png by extension of the MIME type', file('scan.png', 10, ''), 'ok'],
    ['no file chosen', noFile, 'ok'],
    ['nothing submitted', undefined, 'ok'],
    ['a word file', file('brief.docx', 10, 'application/msword'), 'file'],
    ['a gif', file('anim.gif', 10, 'image/gif'), 'file'],
    ['pdf only in the middle of the name', file('brief.pdf.exe'), 'file'],
    ['no extension and no type', file('brief'), 'file'],
    ['one bad file among good ones', [file('a.pdf'), file('b.exe')], 'file'],
  ])('%s', (_name, value, expected) => {
    expect(verdict(docs, value)).toBe(expected);
  });

  it.each([
    [file('a.jpg', 1, 'image/jpeg'), 'image/*', true],
    [file('a.webp', 1, ''), 'image/*', true],
    [file('a.bin', 1, 'image/svg+xml'), 'image/*', true],
    [file('a.mp3', 1, ''), 'audio/*', true],
    [file('a.ogg', 1, 'audio/ogg'), 'audio/*', true],
    [file('a.mp4', 1, 'video/mp4'), 'audio/*', false],
    [file('a.txt', 1, 'text/plain'), 'image/*', false],
    [file('a.pdf', 1, ''), 'application/pdf', true],
    [file('a.pdf', 1, ''), '.PDF', true],
    [file('a.pdf', 1, ''), '', false],
  ])('fileMatches(%j, %j) = %s', (f, accept, expected) => {
    expect(fileMatches(f, accept)).toBe(expected);
  });
});

describe('minlength / maxlength', () => {
  const min: Rule = { rule: 'minlength', field: 'f', error: 'x', threshold: 5 };
  const max: Rule = { rule: 'maxlength', field: 'f', error: 'x', threshold: '5' };
  it.each([
    ['empty: ignored', '', 'ok'],
    ['nothing submitted: ignored', undefined, 'ok'],
    ['exactly the threshold', 'abcde', 'ok'],
    ['longer', 'abcdefgh', 'ok'],
    ['one short', 'abcd', 'minlength'],
    ['surrounding white space is not counted', '  abcd \n', 'minlength'],
    ['white space only is empty: ignored', ' '.repeat(30), 'ok'],
    ['inner white space counts', 'ab  c', 'ok'],
    ['total across values', ['ab', 'cde'], 'ok'],
    ['total across values too short', ['ab', 'c'], 'minlength'],
  ])('minlength: %s', (_name, value, expected) => {
    expect(verdict(min, value)).toBe(expected);
  });
  it.each([
    ['empty', '', 'ok'],
    ['exactly the threshold', 'abcde', 'ok'],
    ['one too long', 'abcdef', 'maxlength'],
    ['padding does not make it long', '   abcde   ', 'ok'],
    ['white space only is empty, not long', ' '.repeat(30), 'ok'],
    ['total across values', ['abc', 'def'], 'maxlength'],
    ['a line break counts once', 'ab\ncd', 'ok'],
    ['a CRLF line break (multipart body) counts once too', 'ab\r\ncd', 'ok'],
    ['line breaks still count', 'ab\n\ncd', 'maxlength'],
    ['files do not count', [file('a-very-long-file-name.pdf')], 'ok'],
  ])('maxlength: %s', (_name, value, expected) => {
    expect(verdict(max, value)).toBe(expected);
  });
});

describe('minnumber / maxnumber', () => {
  const min: Rule = { rule: 'minnumber', field: 'f', error: 'x', threshold: 100 };
  const max: Rule = { rule: 'maxnumber', field: 'f', error: 'x', threshold: '100000' };
  it.each([
    ['equal', '100', 'ok'],
    ['above', '150.5', 'ok'],
    ['exponent above', '1e3', 'ok'],
    ['below', '99.99', 'minnumber'],
    ['negative', '-100', 'minnumber'],
    ['empty', '', 'ok'],
    ['not a number (left to the number rule)', 'abc', 'ok'],
  ])('minnumber: %s', (_name, value, expected) => {
    expect(verdict(min, value)).toBe(expected);
  });
  it.each([
    ['equal', '100000', 'ok'],
    ['below', '5', 'ok'],
    ['above', '100000.01', 'maxnumber'],
    ['exponent above', '2e5', 'maxnumber'],
  ])('maxnumber: %s', (_name, value, expected) => {
    expect(verdict(max, value)).toBe(expected);
  });
});

describe('mindate / maxdate', () => {
  const min: Rule = { rule: 'mindate', field: 'f', error: 'x', threshold: '2020-01-01' };
  const max: Rule = { rule: 'maxdate', field: 'f', error: 'x', threshold: '2030-12-31' };
  it.each([
    ['the threshold day', '2020-01-01', 'ok'],
    ['later', '2024-06-01', 'ok'],
    ['a day earlier', '2019-12-31', 'mindate'],
    ['empty', '', 'ok'],
    ['invalid date (left to the date rule)', '2019-02-30', 'ok'],
  ])('mindate: %s', (_name, value, expected) => {
    expect(verdict(min, value)).toBe(expected);
  });
  it.each([
    ['the threshold day', '2030-12-31', 'ok'],
    ['earlier', '2025-01-01', 'ok'],
    ['a day later', '2031-01-01', 'maxdate'],
  ])('maxdate: %s', (_name, value, expected) => {
    expect(verdict(max, value)).toBe(expected);
  });
  it('ignores an invalid threshold', () => {
    expect(verdict({ rule: 'mindate', field: 'f', error: 'x', threshold: 'soon' }, '1999-01-01')).toBe('ok');
  });
});

describe('minitems / maxitems', () => {
  const min: Rule = { rule: 'minitems', field: 'f', error: 'x', threshold: 1 };
  const max: Rule = { rule: 'maxitems', field: 'f', error: 'x', threshold: 2 };
  it.each([
    ['one item', ['Design'], 'ok'],
    ['two items', ['Design', 'Web'], 'ok'],
    ['no item', [], 'minitems'],
    ['only blank values', ['', ' '], 'minitems'],
    ['a chosen file counts', [file('a.pdf')], 'ok'],
    ['an empty file part does not count', [noFile], 'minitems'],
  ])('minitems: %s', (_name, value, expected) => {
    expect(verdict(min, value)).toBe(expected);
  });
  it.each([
    ['two items', ['a', 'b'], 'ok'],
    ['three items', ['a', 'b', 'c'], 'maxitems'],
    ['blank values do not count', ['a', 'b', ''], 'ok'],
  ])('maxitems: %s', (_name, value, expected) => {
    expect(verdict(max, value)).toBe(expected);
  });
});

describe('minfilesize / maxfilesize', () => {
  const min: Rule = { rule: 'minfilesize', field: 'f', error: 'x', threshold: 10 };
  const max: Rule = { rule: 'maxfilesize', field: 'f', error: 'x', threshold: 1048576 };
  it.each([
    ['exactly the limit', [file('a.pdf', 1048576)], 'ok'],
    ['one byte over', [file('a.pdf', 1048577)], 'maxfilesize'],
    ['total of several files over', [file('a.pdf', 600000), file('b.pdf', 600000)], 'maxfilesize'],
    ['no file', [noFile], 'ok'],
  ])('maxfilesize: %s', (_name, value, expected) => {
    expect(verdict(max, value)).toBe(expected);
  });
  it.each([
    ['big enough', [file('a.pdf', 10)], 'ok'],
    ['too small', [file('a.pdf', 9)], 'minfilesize'],
    ['total of several files', [file('a.pdf', 5), file('b.pdf', 5)], 'ok'],
    ['no file at all', undefined, 'ok'],
  ])('minfilesize: %s', (_name, value, expected) => {
    expect(verdict(min, value)).toBe(expected);
  });
});

describe('stepnumber', () => {
  const tenth: Rule = { rule: 'stepnumber', field: 'f', error: 'x', base: 0, interval: 0.1 };
  const fifty: Rule = { rule: 'stepnumber', field: 'f', error: 'x', base: '100', interval: '50' };
  it.each([
    ['0.3 by 0.1 (float noise)', '0.3', 'ok'],
    ['0.7 by 0.1', '0.7', 'ok'],
    ['1.1 by 0.1', '1.1', 'ok'],
    ['negative -0.3 by 0.1', '-0.3', 'ok'],
    ['0.35 by 0.1', '0.35', 'stepnumber'],
    ['0.1000001 is within six decimals', '0.1000001', 'ok'],
    ['0.100001 is not', '0.100001', 'stepnumber'],
    ['empty', '', 'ok'],
    ['not a number (left to the number rule)', 'abc', 'ok'],
  ])('interval 0.1: %s', (_name, value, expected) => {
    expect(verdict(tenth, value)).toBe(expected);
  });
  it.each([
    ['the base', '100', 'ok'],
    ['base + 50', '150', 'ok'],
    ['below the base, on the grid', '50', 'ok'],
    ['off the grid', '125', 'stepnumber'],
    ['exponent on the grid', '1e3', 'ok'],
  ])('base 100, interval 50: %s', (_name, value, expected) => {
    expect(verdict(fifty, value)).toBe(expected);
  });
  it('passes when the interval is not positive', () => {
    expect(verdict({ rule: 'stepnumber', field: 'f', error: 'x', interval: 0 }, '0.123')).toBe('ok');
  });
  it('defaults the base to 0', () => {
    expect(verdict({ rule: 'stepnumber', field: 'f', error: 'x', interval: 5 }, '15')).toBe('ok');
    expect(verdict({ rule: 'stepnumber', field: 'f', error: 'x', interval: 5 }, '16')).toBe('stepnumber');
  });
});

describe('all / any', () => {
  const all: Rule = {
    rule: 'all',
    error: 'composite error',
    rules: [
      { rule: 'number', field: 'f', error: 'not a number' },
      { rule: 'minnumber', field: 'f', error: '', threshold: 10 },
    ],
  };
  const any: Rule = {
    rule: 'any',
    field: 'f',
    error: 'Enter an email address or a phone number.',
    rules: [
      { rule: 'email', field: 'f', error: 'bad email' },
      { rule: 'tel', field: 'f', error: 'bad tel' },
    ],
  };
  const run = (rule: Rule, value: string) => validate({ rules: [rule] }, formDataFrom({ f: value })).get('f');

  it('all passes when every sub-rule passes', () => {
    expect(run(all, '12')).toBeUndefined();
  });
  it('all fails with the failing sub-rule error', () => {
    expect(run(all, 'abc')).toEqual({ error: 'not a number', rule: 'number' });
  });
  it('all falls back to its own error when the sub-rule has none', () => {
    expect(run(all, '5')).toEqual({ error: 'composite error', rule: 'all' });
  });
  it('any passes when one sub-rule passes', () => {
    expect(run(any, 'me@example.com')).toBeUndefined();
    expect(run(any, '+1 555 010 9999')).toBeUndefined();
  });
  it('any fails with its own error when none passes', () => {
    expect(run(any, 'neither')).toEqual({ error: 'Enter an email address or a phone number.', rule: 'any' });
  });
  it('nests', () => {
    const nested: Rule = { rule: 'any', error: 'nested', rules: [all, { rule: 'enum', field: 'f', error: 'e', accept: ['none'] }] };
    expect(run(nested, 'none')).toBeUndefined();
    expect(run(nested, '12')).toBeUndefined();
    expect(run(nested, '5')).toEqual({ error: 'nested', rule: 'any' });
  });
});

describe('validate', () => {
  const rules: Rule[] = [
    { rule: 'required', field: 'your-email', error: 'required' },
    { rule: 'email', field: 'your-email', error: 'invalid email' },
    { rule: 'maxlength', field: 'your-email', error: 'too long', threshold: 10 },
    { rule: 'required', field: 'your-name', error: 'name required' },
    { rule: 'minitems', field: 'services', error: 'pick one', threshold: 1 },
  ];
  const schema = { version: '6.0', locale: 'en_US', rules };

  it('keeps only the first failure per field, in rule order', () => {
    const result = validate(schema, formDataFrom({ 'your-email': 'not-an-email-and-long' }));
    expect(result.get('your-email')).toEqual({ error: 'invalid email', rule: 'email' });
    expect(result.get('your-name')).toEqual({ error: 'name required', rule: 'required' });
    expect(result.get('services')).toEqual({ error: 'pick one', rule: 'minitems' });
    expect([...result.keys()]).toEqual(['your-email', 'your-name', 'services']);
  });

  it('returns an empty map for valid data', () => {
    const data = formDataFrom({ 'your-email': 'a@b.co', 'your-name': 'Ana', 'services[]': ['Web'] });
    expect(validate(schema, data).size).toBe(0);
  });

  it('validates only the target field', () => {
    const result = validate(schema, formDataFrom({}), { target: 'your-name' });
    expect([...result.keys()]).toEqual(['your-name']);
  });

  it('accepts a control name with [] as target', () => {
    const result = validate(schema, formDataFrom({}), { target: 'services[]' });
    expect([...result.keys()]).toEqual(['services']);
  });

  it('targets composites through their sub-rules', () => {
    const composite: Rule = { rule: 'all', rules: [{ rule: 'required', field: 'x', error: 'x needed' }] };
    expect(validate({ rules: [composite] }, formDataFrom({}), { target: 'x' }).get('x')?.error).toBe('x needed');
    expect(validate({ rules: [composite] }, formDataFrom({}), { target: 'y' }).size).toBe(0);
  });

  it('ignores unknown rules and malformed entries from the network', () => {
    const wire = JSON.parse('{"rules":[{"rule":"captcha","field":"c","error":"?"},null,42,{"rule":"email"},{"rule":"all","rules":7},{"rule":"required","field":"n","error":"r"}]}') as { rules: Rule[] };
    const result = validate(wire, formDataFrom({}));
    expect([...result.entries()]).toEqual([['n', { error: 'r', rule: 'required' }]]);
  });

  it('works with a real FormData', () => {
    const data = new FormData();
    data.append('your-email', 'x@example..com');
    data.append('your-name', 'Ana');
    data.append('services[]', 'Design');
    data.append('upload', new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' }));
    const result = validate({ rules: [...rules, { rule: 'file', field: 'upload', error: 'type', accept: ['.pdf'] }] }, data);
    expect([...result.entries()]).toEqual([['your-email', { error: 'invalid email', rule: 'email' }]]);
  });
});
