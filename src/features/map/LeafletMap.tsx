import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, Popup, ScaleControl, TileLayer, useMap } from 'react-leaflet';
import leafletCss from 'leaflet/dist/leaflet.css?url';
import markerIcon from 'leaflet/dist/images/marker-icon.png?url';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png?url';
import markerShadow from 'leaflet/dist/images/marker-shadow.png?url';
import { loadCss } from '../../ui/client/load-css.ts';
import { tileUrlFor, type LatLng, type LeafletMapConfig } from './options.ts';
import type { MapOptions } from '../post/blocks.ts';
import type { MapVars } from './store.ts';

/** Leaflet's stylesheet, loaded with this chunk (before the map is drawn, so the tiles are laid out right). */
export const stylesReady = () => loadCss(leafletCss);

const defaultIcon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

const iconFor = (img: string) => (img ? L.icon({ iconUrl: img, iconSize: [32, 32], iconAnchor: [16, 32], popupAnchor: [0, -28] }) : defaultIcon);

export interface LeafletMapProps {
  config: LeafletMapConfig;
  type: MapOptions['map_type'];
  vars: MapVars;
  /** where the marker goes (null: none yet, or none at all) */
  markerAt: LatLng | null;
  /** the view after a geocode (null: the configured centre) */
  view: (LatLng & { zoom: number }) | null;
  /** move focus into the map once drawn (the visitor pressed "Load map", whose button is gone) */
  focus: boolean;
  onReady: () => void;
}

function Ready({ onReady, focus }: { onReady: () => void; focus: boolean }) {
  const map = useMap();
  useEffect(() => {
    map.whenReady(() => {
      onReady();
      if (!focus) return;
      const el = map.getContainer();
      if (el.tabIndex < 0) el.tabIndex = -1;
      el.focus({ preventScroll: true });
    });
    // once, for the map this component lives in
  }, [map]);
  return null;
}

function FollowView({ view }: { view: LeafletMapProps['view'] }) {
  const map = useMap();
  useEffect(() => {
    if (view) map.setView([view.lat, view.lng], view.zoom);
  }, [map, view?.lat, view?.lng, view?.zoom]);
  return null;
}

/**
 * The drawn map of a map block (loaded by MapView.tsx on demand): the block's options mapped by
 * options.ts onto Leaflet through react-leaflet, the configured tiles and attribution, the marker
 * with its popup (text only, never HTML from the options).
 */
export function LeafletMap({ config: c, type, vars, markerAt, view, focus, onReady }: LeafletMapProps) {
  const icon = useMemo(() => iconFor(c.marker?.img ?? ''), [c.marker?.img]);
  return (
    <MapContainer
      className="map-block__leaflet"
      center={[c.center.lat, c.center.lng]}
      zoom={c.zoom}
      dragging={c.dragging}
      keyboard={c.keyboard}
      zoomControl={c.zoomControl}
      doubleClickZoom={c.doubleClickZoom}
      touchZoom={c.touchZoom}
      boxZoom={c.boxZoom}
      scrollWheelZoom={c.scrollWheelZoom}
    >
      <TileLayer url={tileUrlFor(vars.tileUrl, type)} attribution={vars.attribution} maxZoom={19} />
      {c.scale ? <ScaleControl /> : null}
      {markerAt && c.marker ? (
        <Marker position={[markerAt.lat, markerAt.lng]} icon={icon} title={c.marker.title} alt={c.marker.title || undefined} keyboard>
          {c.marker.popup ? (
            <Popup>
              <p className="map-block__info">{c.marker.popup}</p>
            </Popup>
          ) : null}
        </Marker>
      ) : null}
      <FollowView view={view} />
      <Ready onReady={onReady} focus={focus} />
    </MapContainer>
  );
}
