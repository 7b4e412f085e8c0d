import { z } from 'zod';
import { badImageHost } from './image-hosts.ts';

/**
 * Site settings, one zod schema per settings key. Every field has a default, so a fresh
 * database (or a settings row from an older version) always yields a complete object.
 */
export const siteSettingsSchema = z.object({
  title: z.string().default('Masthead'),
  tagline: z.string().default('Stories worth the scroll'),
  locale: z.string().default('en'),
  dir: z.enum(['ltr', 'rtl']).default('ltr'),
  postsPerPage: z.number().int().min(1).max(50).default(6),
  /** footer copyright line */
  copyright: z.string().default(''),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

const homeBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('featured-slider'), title: z.string().default(''), category: z.string().optional(), count: z.number().int().min(1).max(10).default(4) }),
  z.object({ type: z.literal('carousel'), title: z.string(), category: z.string().optional(), count: z.number().int().min(1).max(12).default(8) }),
  /** block heading whose category links overflow into a "more" dropdown */
  z.object({ type: z.literal('category-tabs'), title: z.string(), categories: z.array(z.string()).min(1), count: z.number().int().min(1).max(12).default(4) }),
  z.object({ type: z.literal('grid'), title: z.string(), count: z.number().int().min(1).max(24).default(6) }),
  z.object({ type: z.literal('masonry'), title: z.string(), count: z.number().int().min(1).max(24).default(6) }),
  z.object({ type: z.literal('parallax'), media: z.number().int().positive(), heading: z.string(), text: z.string().default(''), link: z.string().default('') }),
]);
export type HomeBlock = z.infer<typeof homeBlockSchema>;
export const homeBlocksSchema = z.object({ blocks: z.array(homeBlockSchema).default([]) });

export const cookieNoticeSchema = z.object({
  enabled: z.boolean().default(true),
  cookieName: z.string().regex(/^[A-Za-z0-9_-]+$/).default('cookie_notice_accepted'),
  /** seconds */
  acceptedLifetime: z.number().int().positive().default(60 * 60 * 24 * 365),
  rejectedLifetime: z.number().int().positive().default(60 * 60 * 24 * 30),
  globalCookie: z.boolean().default(false),
  /** off by default: scrolling or clicking elsewhere is not valid consent under EU guidance */
  onScroll: z.boolean().default(false),
  onScrollOffset: z.number().int().nonnegative().default(100),
  onClick: z.boolean().default(false),
  redirection: z.boolean().default(false),
  cache: z.boolean().default(false),
  revoke: z.enum(['automatic', 'manual', 'off']).default('automatic'),
  hideEffect: z.enum(['none', 'fade', 'slide']).default('fade'),
  privacyUrl: z.string().default('/privacy-policy/'),
  /** the notice's text; empty uses the built-in wording of the site's language */
  text: z.string().max(1000, 'At most 1000 characters.').default(''),
});
export type CookieNoticeSettings = z.infer<typeof cookieNoticeSchema>;

export const gdprNoticeSchema = z.object({
  enabled: z.boolean().default(true),
  privacyUrl: z.string().default('/privacy-policy/'),
  /** the bar's text; empty uses the built-in wording of the site's language */
  text: z.string().max(1000, 'At most 1000 characters.').default(''),
});
export type GdprNoticeSettings = z.infer<typeof gdprNoticeSchema>;

export const textRuleSchema = z.object({ find: z.string().min(1), replace: z.string() });
export type TextRule = z.infer<typeof textRuleSchema>;
export const textRulesSchema = z.object({ rules: z.array(textRuleSchema).default([]) });

export const analyticsSchema = z.object({
  /** analytics property identifier; empty means no analytics */
  key: z.string().regex(/^[A-Za-z0-9-]*$/).default(''),
});

/** A tile address: http(s), with the {z}, {x} and {y} placeholders Leaflet fills in. */
const tileTemplate = z
  .string()
  .trim()
  .refine((v) => /^https?:\/\/\S+$/.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), 'A tile address starts with https:// and holds {z}, {x} and {y}.');
const ESRI_IMAGERY = 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';
const ESRI_ATTRIBUTION = 'Tiles © Esri — Source: Esri, Maxar, Earthstar Geographics, and the GIS User Community';

export const themeSchema = z.object({
  headerSearch: z.enum(['overlay', 'showup']).default('overlay'),
  /** the header sticks after 300 px of scrolling and slides in when the reader scrolls up (SPEC 9) */
  stickyHeader: z.boolean().default(false),
  portfolioPerPage: z.number().int().min(1).max(48).default(6),
  portfolioPagination: z.enum(['load-more', 'infinite']).default('load-more'),
  infiniteScroll: z.boolean().default(true),
  fontSizeControl: z.boolean().default(true),
  /** outside video players the pages may embed (media/video.ts OUTSIDE_PLAYERS; the CSP follows) */
  embedYouTube: z.boolean().default(true),
  embedVimeo: z.boolean().default(true),
  /**
   * Map tiles, one layer per map type (SPEC 3 `map_type`); the defaults need no key. Hybrid is
   * the imagery with a labels layer drawn over it (empty: none).
   */
  mapTileUrl: tileTemplate.default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  mapAttribution: z.string().default('© OpenStreetMap contributors'),
  mapSatelliteTileUrl: tileTemplate.default(ESRI_IMAGERY),
  mapSatelliteAttribution: z.string().default(ESRI_ATTRIBUTION),
  mapHybridTileUrl: tileTemplate.default(ESRI_IMAGERY),
  mapHybridLabelsUrl: tileTemplate.or(z.literal('')).default('https://server.arcgisonline.com/ArcGIS/rest/services/Reference/World_Boundaries_and_Places/MapServer/tile/{z}/{y}/{x}'),
  mapHybridAttribution: z.string().default(ESRI_ATTRIBUTION),
  mapTerrainTileUrl: tileTemplate.default('https://{s}.tile.opentopomap.org/{z}/{x}/{y}.png'),
  mapTerrainAttribution: z.string().default('Map data © OpenStreetMap contributors, SRTM | Map style © OpenTopoMap (CC-BY-SA)'),
  geocoderUrl: z.string().default('https://nominatim.openstreetmap.org/search?format=json&limit=1&q={query}'),
  /** other sites pages may show pictures from, one origin per line (features/site/image-hosts.ts) */
  imageHosts: z
    .string()
    .max(4000)
    .default('')
    .superRefine((v, ctx) => {
      const bad = badImageHost(v);
      if (bad) ctx.addIssue({ code: 'custom', message: `“${bad.slice(0, 80)}” is not a host: write one per line, like https://images.example.com or https://*.example.com.` });
    }),
});
export type ThemeSettings = z.infer<typeof themeSchema>;

/** Settings keys and their schemas: the one table of every setting the site has. */
export const settingsKeys = {
  site: siteSettingsSchema,
  home: homeBlocksSchema,
  cookieNotice: cookieNoticeSchema,
  gdprNotice: gdprNoticeSchema,
  textRules: textRulesSchema,
  analytics: analyticsSchema,
  theme: themeSchema,
} as const;
export type SettingsKey = keyof typeof settingsKeys;
export type Settings = { [K in SettingsKey]: z.infer<(typeof settingsKeys)[K]> };
