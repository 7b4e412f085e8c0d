/**
 * What the map island needs from the page and the outside world, outside its component (so the
 * component never reads the document itself): the configured tiles and geocoder (page variables
 * `map`), the visitor's consent, and the geocoder call.
 */
import { pageVars, type PageVars } from '../../ui/page-vars.ts';
import { hasConsent, onConsent } from '../consent/consent.ts';
import { geocodeUrl, parseGeocode, type LatLng } from './options.ts';

export type MapVars = PageVars['map'];

/** The site's map settings as the page carries them. */
export function mapVars(): MapVars {
  return pageVars().map;
}

/**
 * Calls `allowed` now when the visitor has accepted cookies, else at the first acceptance.
 * Returns an unsubscribe (nothing to undo when consent was already there).
 */
export function whenConsented(allowed: () => void): { now: boolean; off: () => void } {
  if (hasConsent()) {
    allowed();
    return { now: true, off: () => {} };
  }
  return { now: false, off: onConsent(allowed) };
}

/** Looks the address up; null when the service fails or finds nothing. */
export async function geocode(template: string, address: string, signal?: AbortSignal): Promise<LatLng | null> {
  try {
    const res = await fetch(geocodeUrl(template, address), { headers: { accept: 'application/json' }, ...(signal ? { signal } : {}) });
    if (!res.ok) return null;
    return parseGeocode(await res.json());
  } catch {
    return null;
  }
}
