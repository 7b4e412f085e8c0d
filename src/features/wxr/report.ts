/**
 * The outcome of an import (or a dry run): counts per kind, and the reasons behind every skip and
 * failure. Lists of examples are bounded so a 200 MB file's report stays small; counts are exact.
 */
export const reportKinds = ['authors', 'categories', 'tags', 'portfolioCategories', 'media', 'forms', 'posts', 'pages', 'portfolio', 'menus', 'redirects', 'comments'] as const;
export type ReportKind = (typeof reportKinds)[number];

export interface Counts {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
}

export interface ReportEntry {
  kind: ReportKind;
  /** the WordPress object, as people know it: a title, a login, a file name */
  name: string;
  reason: string;
}

export interface ImportReport {
  site: string;
  wxrVersion: string;
  dryRun: boolean;
  counts: Record<ReportKind, Counts>;
  /** skip reasons with how often each happened, most frequent first */
  skipReasons: { kind: ReportKind; reason: string; count: number }[];
  skipped: ReportEntry[];
  failed: ReportEntry[];
  /** constructs kept as HTML blocks, with how often */
  fallbacks: { construct: string; count: number }[];
  notes: string[];
  /** true when nothing failed (the command's exit code is 0) */
  ok: boolean;
}

const MAX_ENTRIES = 200;

export class ReportBuilder {
  private counts = Object.fromEntries(reportKinds.map((k) => [k, { created: 0, updated: 0, skipped: 0, failed: 0 }])) as Record<ReportKind, Counts>;
  private reasons = new Map<string, { kind: ReportKind; reason: string; count: number }>();
  private skippedList: ReportEntry[] = [];
  private failedList: ReportEntry[] = [];
  private fallbackCounts = new Map<string, number>();
  private noteSet = new Set<string>();

  created(kind: ReportKind, n = 1) {
    this.counts[kind].created += n;
  }
  updated(kind: ReportKind) {
    this.counts[kind].updated++;
  }
  skipped(kind: ReportKind, name: string, reason: string, n = 1) {
    this.counts[kind].skipped += n;
    const key = `${kind}\u0000${reason}`;
    const r = this.reasons.get(key) ?? { kind, reason, count: 0 };
    r.count += n;
    this.reasons.set(key, r);
    if (this.skippedList.length < MAX_ENTRIES) this.skippedList.push({ kind, name, reason });
  }
  failed(kind: ReportKind, name: string, reason: string) {
    this.counts[kind].failed++;
    if (this.failedList.length < MAX_ENTRIES) this.failedList.push({ kind, name, reason });
  }
  fallback(construct: string) {
    this.fallbackCounts.set(construct, (this.fallbackCounts.get(construct) ?? 0) + 1);
  }
  note(text: string) {
    if (this.noteSet.size < MAX_ENTRIES) this.noteSet.add(text);
  }
  get failures() {
    return reportKinds.reduce((n, k) => n + this.counts[k].failed, 0);
  }

  build(site: string, wxrVersion: string, dryRun: boolean): ImportReport {
    return {
      site,
      wxrVersion,
      dryRun,
      counts: structuredClone(this.counts),
      skipReasons: [...this.reasons.values()].sort((a, b) => b.count - a.count),
      skipped: [...this.skippedList],
      failed: [...this.failedList],
      fallbacks: [...this.fallbackCounts].map(([construct, count]) => ({ construct, count })).sort((a, b) => b.count - a.count),
      notes: [...this.noteSet],
      ok: this.failures === 0,
    };
  }
}

export const kindLabels: Record<ReportKind, string> = {
  authors: 'Authors',
  categories: 'Categories',
  tags: 'Tags',
  portfolioCategories: 'Portfolio categories',
  media: 'Media',
  forms: 'Contact forms',
  posts: 'Posts',
  pages: 'Pages',
  portfolio: 'Portfolio items',
  menus: 'Menus',
  redirects: 'Redirects',
  comments: 'Comments',
};

/** The summary as a plain-text table (the command line's last words). */
export function formatReport(r: ImportReport): string {
  const head = ['', r.dryRun ? 'would create' : 'created', r.dryRun ? 'would update' : 'updated', 'skipped', 'failed'];
  const rows = reportKinds.map((k) => [kindLabels[k], ...(['created', 'updated', 'skipped', 'failed'] as const).map((c) => String(r.counts[k][c]))]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const out = [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
  if (r.skipReasons.length) {
    out.push('', 'Skipped:');
    for (const s of r.skipReasons) out.push(`  ${kindLabels[s.kind]}: ${s.reason} (${s.count})`);
  }
  if (r.failed.length) {
    out.push('', 'Failed:');
    for (const f of r.failed) out.push(`  ${kindLabels[f.kind]} “${f.name}”: ${f.reason}`);
  }
  if (r.fallbacks.length) {
    out.push('', 'Without a block of their own (kept as HTML, or as text for unknown shortcodes):');
    for (const f of r.fallbacks) out.push(`  ${f.construct} (${f.count})`);
  }
  if (r.notes.length) {
    out.push('', 'Notes:');
    for (const n of r.notes) out.push(`  ${n}`);
  }
  out.push('', r.ok ? (r.dryRun ? 'Dry run: nothing was changed.' : 'Import finished.') : 'Import finished with failures.');
  return out.join('\n');
}
