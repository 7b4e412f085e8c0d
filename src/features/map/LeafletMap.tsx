import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import L from 'leaflet';
// after Leaflet (it extends the global L): map rotation; then the overview control
import 'leaflet-rotate';
import MiniMap from 'leaflet-minimap';
import { MapContainer, Marker, Popup, ScaleControl, TileLayer, useMap } from 'react-leaflet';
import leafletCss from 'leaflet/dist/leaflet.css?url';
import markerIcon from 'leaflet/dist/images/marker-icon.png?url';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png?url';
import markerShadow from 'leaflet/dist/images/marker-shadow.png?url';
import { loadCss } from '../../ui/client/load-css.ts';
import { tilesFor, type LatLng, type LeafletMapConfig } from './options.ts';
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
  /** localised names of the rotate buttons */
  rotateLabels: { left: string; right: string; reset: string };
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

/** The overview map in the corner (leaflet-minimap), with the same tiles as the map; decorative for assistive technology. */
function Overview({ url }: { url: string }) {
  const map = useMap();
  useEffect(() => {
    const noInput = { interactive: false } as L.PathOptions;
    const mini = new MiniMap(L.tileLayer(url), {
      position: 'bottomright',
      width: 120,
      height: 120,
      zoomLevelOffset: -5,
      toggleDisplay: false,
      aimingRectOptions: { color: '#b3102a', weight: 2, ...noInput },
      shadowRectOptions: { color: '#000', weight: 1, opacity: 0, fillOpacity: 0, ...noInput },
      mapOptions: { keyboard: false, rotateControl: false, shiftKeyRotate: false },
    });
    mini.addTo(map);
    mini.getContainer()?.setAttribute('aria-hidden', 'true');
    return () => void mini.remove();
  }, [map, url]);
  return null;
}

const ROTATE_STEP = 45;

/**
 * Rotate buttons (left, right, north up) in a Leaflet control box: the rotation itself is
 * leaflet-rotate's (`setBearing`, also two-finger rotation on touch screens); the buttons are ours,
 * so they are real, named, keyboard-usable buttons.
 */
function RotateControl({ labels }: { labels: LeafletMapProps['rotateLabels'] }) {
  const map = useMap();
  const [box, setBox] = useState<HTMLElement | null>(null);
  const [bearing, setBearing] = useState(() => Math.round(map.getBearing()));
  useEffect(() => {
    const Box = L.Control.extend({
      onAdd: () => {
        const el = L.DomUtil.create('div', 'leaflet-bar map-block__rotate');
        L.DomEvent.disableClickPropagation(el);
        return el;
      },
    });
    const control = new Box({ position: 'topleft' });
    control.addTo(map);
    setBox(control.getContainer() ?? null);
    const follow = () => setBearing(Math.round(map.getBearing()) % 360);
    map.on('rotate', follow);
    return () => {
      map.off('rotate', follow);
      control.remove();
    };
  }, [map]);
  if (!box) return null;
  const turn = (by: number) => map.setBearing(map.getBearing() + by);
  return createPortal(
    <>
      <button type="button" title={labels.left} aria-label={labels.left} onClick={() => turn(-ROTATE_STEP)}>
        <span aria-hidden="true">↺</span>
      </button>
      <button type="button" title={labels.right} aria-label={labels.right} onClick={() => turn(ROTATE_STEP)}>
        <span aria-hidden="true">↻</span>
      </button>
      <button type="button" title={labels.reset} aria-label={labels.reset} aria-disabled={bearing === 0} onClick={() => map.setBearing(0)}>
        <span aria-hidden="true" style={{ display: 'inline-block', transform: `rotate(${-bearing}deg)` }}>
          N
        </span>
      </button>
    </>,
    box,
  );
}

/**
 * The drawn map of a map block (loaded by MapView.tsx on demand): the block's options mapped by
 * options.ts onto Leaflet through react-leaflet: the tile layer configured for the block's map type
 * (hybrid: imagery plus its labels layer) with its attribution, the overview map and rotation when
 * asked for, the marker with its popup (text only, never HTML from the options).
 */
export function LeafletMap({ config: c, type, vars, markerAt, view, focus, onReady, rotateLabels }: LeafletMapProps) {
  const icon = useMemo(() => iconFor(c.marker?.img ?? ''), [c.marker?.img]);
  const tiles = tilesFor(vars.tiles, type);
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
      rotate={c.rotate}
      bearing={0}
      rotateControl={false}
      touchRotate={c.rotate}
      // leaflet-rotate's shift + wheel handler turns wheel zoom on: only where wheel zoom is wanted
      shiftKeyRotate={c.rotate && c.scrollWheelZoom}
    >
      <TileLayer key={tiles.url} url={tiles.url} attribution={tiles.attribution} maxZoom={19} />
      {tiles.labels ? <TileLayer key={tiles.labels} url={tiles.labels} maxZoom={19} /> : null}
      {c.scale ? <ScaleControl /> : null}
      {c.overview ? <Overview url={tiles.url} /> : null}
      {c.rotate ? <RotateControl labels={rotateLabels} /> : null}
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
