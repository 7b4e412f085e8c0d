import { describe, expect, it } from 'vitest';
import { addressList, headerLines, resolveHeaders } from './mail-headers.ts';
import { fillMailTags } from './definition.ts';

describe('additional mail headers', () => {
  it('reads one header a line, Cc, Bcc and Reply-To in any case', () => {
    expect(headerLines('cc: a@example.com\r\n\r\n  BCC:b@example.com\nX-Foo: 1\nno colon').map((h) => [h.line, h.name, h.value, h.known])).toEqual([
      [1, 'cc', 'a@example.com', 'Cc'],
      [3, 'BCC', 'b@example.com', 'Bcc'],
      [4, 'X-Foo', '1', null],
      [5, '', '', null],
    ]);
  });

  it('parses address lists with names and quoted commas; leaves out what is not an address', () => {
    expect(addressList('a@example.com, Ana <ana@example.org>, "Doe, Jo" <jo@example.net>, nope, <x@y>')).toEqual({ addresses: ['a@example.com', 'ana@example.org', 'jo@example.net'], bad: 2 });
  });

  it('fills placeholders, keeps checked addresses only and refuses injected lines', () => {
    const values = { 'your-email': 'ana@example.com', 'your-name': 'Ana', cc: 'x@example.com\r\nBcc: evil@example.com', other: 'evil@example.com>\nBcc: evil@example.com' };
    const text = 'Reply-To: [your-name] <[your-email]>\nCc: desk@example.com, [cc]\nBcc: boss@example.com, boss@example.com\nX-Mailer: [your-name]';
    // as the submission fills them: on one line
    expect(resolveHeaders(text, (v) => fillMailTags(v, values, true))).toEqual({ replyTo: ['ana@example.com'], cc: ['desk@example.com'], bcc: ['boss@example.com'] });
    // a line break that survives filling drops the whole header
    expect(resolveHeaders('Cc: [other]', (v) => fillMailTags(v, values))).toEqual({ replyTo: [], cc: [], bcc: [] });
    expect(resolveHeaders(undefined, (v) => v)).toEqual({ replyTo: [], cc: [], bcc: [] });
  });
});
