/**
 * The map of one `.map-block__canvas` (loaded on demand by map/client.ts, after consent, when the
 * block nears the viewport): Leaflet with the configured tiles and attribution (page variables
 * `map`), the block's options mapped by options.ts, and the address geocoded through the
 * configured geocoder when the block has no coordinates. The default centre stays until the
 * answer arrives; a failed geocode shows the block's message (map.geocodeFailed), never a crash.
 */
import L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css?url';
import markerIcon from 'leaflet/dist/images/marker-icon.png?url';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png?url';
import markerShadow from 'leaflet/dist/images/marker-shadow.png?url';
import { pageVars } from '../../ui/page-vars.ts';
import { loadCss } from '../../ui/client/load-css.ts';
import { geocodeUrl, leafletConfig, parseGeocode, parseMapOptions, tileUrlFor, zoomAfterGeocode, type LatLng } from './options.ts';

const defaultIcon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

function message(canvas: HTMLElement, key: 'failed' | 'loading', show: boolean) {
  const el = canvas.closest('.map-block')?.querySelector<HTMLElement>(`[data-map-message="${key}"]`);
  if (el) el.hidden = !show;
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

export async function initMap(canvas: HTMLElement): Promise<L.Map | null> {
  const options = parseMapOptions(canvas.dataset.map_options);
  if (!options) return null;
  await loadCss(leafletCss);
  const vars = pageVars().map;
  const cfg = leafletConfig(options);

  canvas.querySelector('.map-block__placeholder')?.remove();
  canvas.classList.add('is-map');
  const map = L.map(canvas, {
    center: [cfg.center.lat, cfg.center.lng],
    zoom: cfg.zoom,
    dragging: cfg.dragging,
    keyboard: cfg.keyboard,
    zoomControl: cfg.zoomControl,
    doubleClickZoom: cfg.doubleClickZoom,
    touchZoom: cfg.touchZoom,
    boxZoom: cfg.boxZoom,
    scrollWheelZoom: cfg.scrollWheelZoom,
  });
  canvas.dataset.mapType = options.map_type ?? 'roadmap';
  L.tileLayer(tileUrlFor(vars.tileUrl, options.map_type), { attribution: vars.attribution, maxZoom: 19 }).addTo(map);
  if (cfg.scale) L.control.scale().addTo(map);

  const placeMarker = (at: LatLng) => {
    if (!cfg.marker) return;
    const icon = cfg.marker.img ? L.icon({ iconUrl: cfg.marker.img, iconSize: [32, 32], iconAnchor: [16, 32], popupAnchor: [0, -28] }) : defaultIcon;
    const marker = L.marker([at.lat, at.lng], { icon, title: cfg.marker.title, alt: cfg.marker.title || undefined, keyboard: true }).addTo(map);
    if (cfg.marker.popup) {
      const p = document.createElement('p');
      p.className = 'map-block__info';
      p.textContent = cfg.marker.popup; // text only: never HTML from the options
      marker.bindPopup(p);
    }
  };

  if (!cfg.geocode) {
    placeMarker(cfg.center);
    canvas.dataset.mapState = 'ready';
    return map;
  }
  canvas.dataset.mapState = 'geocoding';
  message(canvas, 'loading', true);
  void geocode(vars.geocoderUrl, options.address ?? '').then((at) => {
    message(canvas, 'loading', false);
    if (!at) {
      canvas.dataset.mapState = 'geocode-failed';
      message(canvas, 'failed', true);
      return;
    }
    map.setView([at.lat, at.lng], zoomAfterGeocode(options));
    placeMarker(at);
    canvas.dataset.mapState = 'ready';
  });
  return map;
}
