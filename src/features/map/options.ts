/**
 * Map block options (SPEC 3 "Map options", NOTES "Maps") → Leaflet. Pure: the mapping, the
 * coordinates, the geocoder URL and its answer are unit-tested without a browser.
 *
 * What Leaflet has, and what it does not:
 * - map_zoom → zoom; map_pan → dragging (and keyboard panning); map_is_zoom → the zoom control,
 *   double-click, touch and box zoom; map_scrollwheel → scrollWheelZoom; map_scale → a scale control.
 * - marker_title → the marker's title and alt text; marker_img → its icon; info_window → a popup.
 * - map_rotate → rotation (leaflet-rotate) with rotate buttons; map_overview → an overview map in
 *   the corner (leaflet-minimap).
 * - map_type → the tile layer configured for that type in the settings (road, satellite, hybrid
 *   with its labels layer, terrain): `tilesFor`.
 * - map_street_view: Google Street View needs a commercial provider; no free tile service has it,
 *   so the option has no effect (reported in `unsupported`; the admin says so next to it).
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

export type MapType = MapOptions['map_type'];
export type TileSet = Record<MapType, { url: string; attribution: string; labels?: string }>;

/** The configured tile layer of a map type (road map for an unknown type). */
export function tilesFor(tiles: TileSet, type: MapType | undefined): { url: string; attribution: string; labels?: string } {
  return tiles[type ?? 'roadmap'] ?? tiles.roadmap;
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
  rotate: boolean;
  overview: boolean;
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
  const unsupported = (['map_street_view'] as const).filter((k) => bool(o[k], false));
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
    rotate: bool(o.map_rotate, false),
    overview: bool(o.map_overview, false),
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
