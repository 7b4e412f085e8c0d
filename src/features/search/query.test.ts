import { describe, expect, it } from 'vitest';
import { ftsMatch, highlight, searchTerms, snippet, tsQuery, type Segment } from './query.ts';

const show = (s: Segment[] | null) => (s ?? []).map((x) => (x.mark ? `[${x.text}]` : x.text)).join('');

describe('search query', () => {
  it('keeps letters and digits only, lower case, at most 8 distinct words of a bounded query', () => {
    expect(searchTerms('  Harbour "lights" AND( *  ')).toEqual(['harbour', 'lights', 'and']);
    expect(searchTerms('"*(:^')).toEqual([]);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
    expect(searchTerms('x'.repeat(5000))[0]).toHaveLength(40);
    expect(searchTerms('Ｆｕｌｌ width, déjà vu')).toEqual(['full', 'width', 'déjà', 'vu']);
  });

  it('quotes every word for FTS5 and tsquery; four letters or more, or the last word from two, also find longer words', () => {
    expect(ftsMatch(['harb', 'a'])).toBe('"harb"* OR "a"');
    expect(ftsMatch(['harb', 'a'], 'AND')).toBe('"harb"* AND "a"');
    expect(tsQuery(['harb', 'a'])).toBe("'harb':* | 'a'");
    expect(tsQuery(['harb', 'a'], '&')).toBe("'harb':* & 'a'");
    // a short complete word before the last matches whole words only; the last one is still being typed
    expect(ftsMatch(['the', 'old', 'ha'])).toBe('"the" OR "old" OR "ha"*');
    expect(tsQuery(['the', 'harbour', 'wa'], '&')).toBe("'the' & 'harbour':* & 'wa':*");
    expect(tsQuery(['ver'])).toBe("'ver':*");
    expect(show(highlight('Then the harbour', ['the', 'harb']))).toBe('Then [the] [harbour]');
    expect(show(highlight('Then the harbour', ['harb', 'the']))).toBe('[Then] [the] [harbour]');
  });

  it('marks found words (beginnings, any case and accent) and cuts an excerpt around the most of them', () => {
    expect(show(highlight('Harbour lights at the Hárbour-master’s', ['harb']))).toBe('[Harbour] lights at the [Hárbour]-master’s');
    expect(show(highlight('a cat and a dog', ['a']))).toBe('[a] cat and [a] dog');
    const long = `${'filler '.repeat(50)}the old harbour wall, then the harbour master ${'more '.repeat(50)}`;
    const s = show(snippet(long, ['harbour'], 12));
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).toContain('[harbour] wall, then the [harbour] master');
    expect(snippet('nothing here', ['harbour'])).toBeNull();
    expect(show(snippet('short <b>harbour</b>', ['harbour']))).toBe('short <b>[harbour]</b>');
  });
});
