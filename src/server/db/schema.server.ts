import type { Generated } from 'kysely';

/**
 * Table shapes as Kysely sees them. Timestamps are ISO-8601 text (sortable, identical on SQLite
 * and PostgreSQL); structured values are JSON text; booleans are 0/1 integers.
 */
export interface Database {
  users: UsersTable;
  terms: TermsTable;
  term_relationships: TermRelationshipsTable;
  media: MediaTable;
  posts: PostsTable;
  portfolio_items: PortfolioItemsTable;
  menu_items: MenuItemsTable;
  settings: SettingsTable;
  counters: CountersTable;
  likes: LikesTable;
  ratings: RatingsTable;
  contact_forms: ContactFormsTable;
  submissions: SubmissionsTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  page_views: PageViewsTable;
  redirects: RedirectsTable;
  captcha_challenges: CaptchaChallengesTable;
  revisions: RevisionsTable;
  import_map: ImportMapTable;
  secrets: SecretsTable;
  import_jobs: ImportJobsTable;
}

export interface UsersTable {
  id: Generated<number>;
  login: string;
  slug: string;
  email: string;
  display_name: string;
  first_name: string;
  last_name: string;
  role: string;
  password_hash: string;
  bio: string;
  avatar_media_id: number | null;
  created_at: string;
  /** folded login and e-mail (src/server/db/fold.ts), unique: migration 0301 */
  login_key: string | null;
  email_key: string | null;
  /** last successful sign-in (migration 0501) */
  last_login_at: Generated<string | null>;
  /** set while an administrator has locked the account (migration 0501) */
  locked_at: Generated<string | null>;
  /** a new e-mail address waiting for its owner's confirmation (migration 0501) */
  pending_email: Generated<string | null>;
}

export interface TermsTable {
  id: Generated<number>;
  /** 'category' | 'tag' | 'portfolio_category' */
  taxonomy: string;
  slug: string;
  name: string;
  description: string;
  /** parent term of the same taxonomy (categories, portfolio categories), or null */
  parent_id: Generated<number | null>;
}

export interface TermRelationshipsTable {
  /** 'post' (posts and pages) | 'portfolio' */
  object_type: string;
  object_id: number;
  term_id: number;
  position: number;
}

export interface MediaTable {
  id: Generated<number>;
  /** public path of the original, e.g. /media/demo/harbour.jpg */
  file: string;
  mime: string;
  width: number;
  height: number;
  alt: string;
  caption: string;
  /** JSON: [{ width, height, file, type? }] renditions (type: their MIME type when not `mime`) */
  variants: string;
  created_at: string;
  title: string;
  credit: string;
  /** the uploaded file's own name */
  original_name: string;
  /** public path of the stored upload as it came (empty for demo images) */
  original_file: string;
  /** bytes of the upload */
  size: number;
  uploaded_by: Generated<number | null>;
  updated_at: string;
}

export interface PostsTable {
  id: Generated<number>;
  /** 'post' | 'page' */
  type: string;
  slug: string;
  title: string;
  excerpt: string;
  /** JSON: Block[] (features/post/blocks.ts) */
  body: string;
  /** 'standard' | 'gallery' | 'video' | 'audio' | 'link' | 'quote' */
  format: string;
  /** 'draft' | 'pending' | 'future' | 'publish' | 'private' | 'trash' (features/content/status.ts) */
  status: string;
  author_id: number;
  featured_media_id: number | null;
  allow_rating: number;
  /** JSON: PostMeta (flags such as the related-posts popup) */
  meta: string;
  /** the date readers see; for `future`, when it publishes itself */
  published_at: string;
  updated_at: string;
  /** bumped by every save; a save based on an older number is a conflict */
  revision: Generated<number>;
  /** 1 when the date was chosen; a draft without one publishes with the time of publishing */
  date_set: Generated<number>;
  sticky: Generated<number>;
  seo_title: Generated<string>;
  seo_description: Generated<string>;
  created_at: Generated<string>;
  /** pages: the parent page, or null (migration 0600) */
  parent_id: Generated<number | null>;
  /** pages: the order among sibling pages (migration 0600) */
  menu_order: Generated<number>;
  /** '' or the password readers give to see the body (migration 0860) */
  password: Generated<string>;
}

export interface PortfolioItemsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  featured_media_id: number | null;
  /** 1 | 2 | 3 */
  layout: number;
  /** JSON: { client, year, role, website } */
  meta: string;
  published_at: string;
  updated_at: string;
  /** as posts.status */
  status: Generated<string>;
  author_id: Generated<number | null>;
  revision: Generated<number>;
  date_set: Generated<number>;
  seo_title: Generated<string>;
  seo_description: Generated<string>;
  created_at: Generated<string>;
}

export interface MenuItemsTable {
  id: Generated<number>;
  /** 'main' | 'footer' | 'side' */
  location: string;
  parent_id: number | null;
  position: number;
  label: string;
  url: string;
  /** category id whose latest posts fill a mega menu panel, or null */
  mega_term_id: number | null;
  /** how many posts that panel shows; null: the default (migration 0502) */
  mega_count: Generated<number | null>;
}

export interface SettingsTable {
  key: string;
  /** JSON */
  value: string;
}

/** Values every process on one database shares (migration 0720): the signing key when MASTHEAD_SECRET is unset. */
export interface SecretsTable {
  name: string;
  value: string;
}

/** The admin's imports (migration 0720); progress and report are JSON. */
export interface ImportJobsTable {
  id: string;
  state: string;
  file_name: string;
  dry_run: number;
  started_at: string;
  finished_at: string | null;
  progress: string | null;
  report: string | null;
  error: string | null;
  updated_at: string;
}

export interface CountersTable {
  name: string;
  value: number;
}

export interface LikesTable {
  post_id: number;
  /** 'u:{userId}' or 'v:{visitor cookie id}' */
  visitor: string;
  created_at: string;
}

export interface RatingsTable {
  post_id: number;
  visitor: string;
  rating: number;
  created_at: string;
}

export interface ContactFormsTable {
  id: Generated<number>;
  title: string;
  locale: string;
  /** JSON: FormDefinition (features/contact-form) */
  definition: string;
  created_at: string;
  updated_at: string;
}

export interface SubmissionsTable {
  id: Generated<number>;
  form_id: number;
  container_post_id: number | null;
  unit_tag: string;
  /** JSON: posted fields */
  fields: string;
  /** JSON: stored uploads [{ field, name, size, type, file }] */
  files: string;
  posted_data_hash: string;
  status: string;
  remote_addr: string;
  user_agent: string;
  created_at: string;
  /** 1 when a site owner marked it as spam (migration 0500) */
  spam: Generated<number>;
  /** first read in the inbox; null while unread (migration 0500) */
  read_at: string | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  reply_to: string | null;
  /** comma-separated Cc and Bcc addresses (migration 0810) */
  cc: string | null;
  bcc: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** 'pending' (waiting, maybe for a retry) | 'sending' (claimed under a lease) | 'sent' | 'failed' (gave up); see repositories/outbox.server.ts */
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  created_at: string;
  sent_at: string | null;
  submission_id: number | null;
  /** stable Message-ID header, the same on every attempt (migration 0300) */
  message_id: string | null;
  /** while `sending`: when the claim ends, and the claimant's token */
  lease_until: string | null;
  lease_token: string | null;
}

export interface RateLimitsTable {
  key: string;
  /** epoch milliseconds */
  window_start: number;
  count: number;
}

export interface SessionsTable {
  /** sha256 of the cookie token; the token itself is never stored */
  id: string;
  user_id: number;
  persistent: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  user_agent: string;
  ip: string;
}

export interface OneTimeTokensTable {
  /** sha256 of the token */
  id: string;
  user_id: number;
  purpose: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PageViewsTable {
  post_id: number;
  day: string;
  views: number;
}

export interface RedirectsTable {
  id: Generated<number>;
  /** canonical old address: `/old-slug/`, or `/?p=12` for WordPress's query links */
  from_path: string;
  to_path: string;
  /** 301 | 302 */
  status: number;
  /** 'slug' | 'import' | 'manual' */
  source: string;
  hits: number;
  created_at: string;
  updated_at: string;
}

export interface RevisionsTable {
  id: Generated<number>;
  /** 'post' (posts and pages) | 'portfolio' */
  object_type: string;
  object_id: number;
  revision: number;
  /** 'save' | 'autosave' | 'restore' | 'pending' */
  kind: string;
  status: string;
  author_id: number | null;
  /** JSON: ContentFields (features/content/fields.ts) */
  data: string;
  created_at: string;
}

export interface CaptchaChallengesTable {
  prefix: string;
  answer: string;
  look: string;
  expires_at: string;
}

export interface ImportMapTable {
  id: Generated<number>;
  /** the old site's address (WXR base_site_url), so two sites' ids never meet */
  site: string;
  /** 'author' | 'term' | 'post' | 'page' | 'portfolio' | 'attachment' | 'form' | 'menu' */
  kind: string;
  /** the WordPress id (terms: `taxonomy:slug` when the export has no ids) */
  wp_id: string;
  local_id: number;
  /** hash of what the export said about the object when it was last imported */
  fingerprint: string;
  /** the local revision the import left (items), to tell edits made here since */
  revision: number;
  updated_at: string;
}
