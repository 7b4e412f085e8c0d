/**
 * Map block options (SPEC 3 "Map options", NOTES "Maps") → Leaflet. Pure: the mapping, the
 * coordinates, the geocoder URL and its answer are unit-tested without a browser.
 *
 * What Leaflet has, and what it does not:
 * - map_zoom → zoom; map_pan → dragging (and keyboard panning); map_is_zoom → the zoom control,
 *   double-click, touch and box zoom; map_scrollwheel → scrollWheelZoom; map_scale → a scale control.
 * - marker_title → the marker's title and alt text; marker_img → its icon; info_window → a popup.
 * - map_street_view, map_rotate, map_overview: Google Maps features with no Leaflet core
 *   equivalent; ignored (reported in `unsupported`).
 * - map_type: the configured tiles are one style. The default OpenStreetMap tiles draw a road map
 *   only, so satellite, hybrid and terrain show the same tiles unless the tile URL (settings) holds
 *   a `{type}` placeholder, which receives the map type.
 */
import type { MapOptions } from '../post/blocks.ts';

export type { MapOptions };

export interface LatLng {
  lat: number;
  lng: number;
}

/** Shown until an address is geocoded (the default centre stays until then: SPEC 9). */
export const DEFAULT_CENTER: LatLng = { lat: 0, lng: 0 };
export const DEFAULT_ZOOM = 2;

const coord = (v: unknown, max: number): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && Math.abs(n) <= max ? n : null;
};

/** The block's own coordinates, when `map_using` is coordinates and both are valid. */
export function coordinatesOf(o: Partial<MapOptions>): LatLng | null {
  if (o.map_using === 'address') return null;
  const lat = coord(o.latitude, 90);
  const lng = coord(o.longtitude, 180);
  return lat === null || lng === null ? null : { lat, lng };
}

/** Geocode when the block asks for its address, or has no usable coordinates, and has an address. */
export function needsGeocode(o: Partial<MapOptions>): boolean {
  return !coordinatesOf(o) && !!o.address?.trim();
}

/** The geocoder URL: `{query}` replaced by the encoded address (appended as `q=` when absent). */
export function geocodeUrl(template: string, address: string): string {
  const q = encodeURIComponent(address.trim());
  if (template.includes('{query}')) return template.split('{query}').join(q);
  return `${template}${template.includes('?') ? '&' : '?'}q=${q}`;
}

/**
 * The first place in a geocoder's answer: Nominatim's `[{lat, lon}]`, a single `{lat, lon|lng}`,
 * or GeoJSON (`features[0].geometry.coordinates` = [lng, lat]). Null when nothing usable.
 */
export function parseGeocode(answer: unknown): LatLng | null {
  const first = Array.isArray(answer) ? answer[0] : answer;
  if (!first || typeof first !== 'object') return null;
  const o = first as Record<string, unknown>;
  if (Array.isArray(o.features)) {
    const c = (o.features[0] as { geometry?: { coordinates?: unknown[] } } | undefined)?.geometry?.coordinates;
    const lng = coord(c?.[0], 180);
    const lat = coord(c?.[1], 90);
    return lat === null || lng === null ? null : { lat, lng };
  }
  const lat = coord(o.lat ?? o.latitude, 90);
  const lng = coord(o.lon ?? o.lng ?? o.longitude, 180);
  return lat === null || lng === null ? null : { lat, lng };
}

/** The tile URL for a map type (`{type}` placeholder, see the module comment). */
export function tileUrlFor(template: string, type: MapOptions['map_type'] | undefined): string {
  return template.split('{type}').join(type ?? 'roadmap');
}

export interface LeafletMapConfig {
  center: LatLng;
  zoom: number;
  dragging: boolean;
  keyboard: boolean;
  zoomControl: boolean;
  doubleClickZoom: boolean;
  touchZoom: boolean;
  boxZoom: boolean;
  scrollWheelZoom: boolean;
  scale: boolean;
  marker: { title: string; img: string; popup: string } | null;
  geocode: boolean;
  unsupported: string[];
}

const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : d);

/** The Leaflet configuration of one block (options already parsed from `data-map_options`). */
export function leafletConfig(o: Partial<MapOptions>): LeafletMapConfig {
  const own = coordinatesOf(o);
  const geocode = needsGeocode(o);
  const zoomN = Number(o.map_zoom);
  const zoom = Number.isFinite(zoomN) ? Math.min(20, Math.max(1, Math.round(zoomN))) : 13;
  const pan = bool(o.map_pan, true);
  const isZoom = bool(o.map_is_zoom, true);
  const unsupported = (['map_street_view', 'map_rotate', 'map_overview'] as const).filter((k) => bool(o[k], false));
  return {
    center: own ?? DEFAULT_CENTER,
    zoom: own ? zoom : DEFAULT_ZOOM,
    dragging: pan,
    keyboard: pan || isZoom,
    zoomControl: isZoom,
    doubleClickZoom: isZoom,
    touchZoom: isZoom,
    boxZoom: isZoom,
    scrollWheelZoom: bool(o.map_scrollwheel, false),
    scale: bool(o.map_scale, true),
    marker: own || geocode ? { title: (o.marker_title ?? '').trim(), img: (o.marker_img ?? '').trim(), popup: (o.info_window ?? '').trim() } : null,
    geocode,
    unsupported,
  };
}

/** The zoom once an address is found (the block's map_zoom). */
export function zoomAfterGeocode(o: Partial<MapOptions>): number {
  const z = Number(o.map_zoom);
  return Number.isFinite(z) ? Math.min(20, Math.max(1, Math.round(z))) : 13;
}

/** Parses `data-map_options` (bad JSON → null: the block keeps its placeholder). */
export function parseMapOptions(raw: string | undefined | null): Partial<MapOptions> | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Partial<MapOptions>) : null;
  } catch {
    return null;
  }
}
