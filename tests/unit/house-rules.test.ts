import { describe, expect, it } from 'vitest';
import { lint } from '../../scripts/lint.ts';

describe('house rules (scripts/lint.ts)', () => {
  it('browser code never imports server modules, and SQL stays in the repositories', () => {
    expect(lint().map((v) => `${v.file}:${v.line}: ${v.rule}`)).toEqual([]);
  });
});
