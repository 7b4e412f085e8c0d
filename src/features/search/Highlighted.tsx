import type { Segment } from './query.ts';

/** A highlighted text: matched words in `<mark>`, the rest as plain text (React escapes it; never HTML). */
export function Highlighted({ segments }: { segments: readonly Segment[] }) {
  return (
    <>
      {segments.map((s, i) => (s.mark ? <mark key={i}>{s.text}</mark> : s.text))}
    </>
  );
}
