import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type ComponentType } from 'react';
import type { LeafletMapProps } from './LeafletMap.tsx';
import type { MapOptions } from '../post/blocks.ts';
import { Icon } from '../../ui/Icon.tsx';
import { whenNear } from '../../ui/client/near-viewport.ts';
import { leafletConfig, zoomAfterGeocode, type LatLng } from './options.ts';
import { geocode, mapVars, whenConsented, type MapVars } from './store.ts';

export interface MapViewProps {
  options: MapOptions;
  /** the canvas height in px (the block's `height`) */
  height: number;
  /** the place in words (marker title, address or coordinates) */
  place: string;
  /** the place on the map site: works without script and without consent */
  link: string;
  /** localised: the region's name, "Load map", the consent text, the geocoding status and failure */
  labels: { region: string; load: string; consent: string; loading: string; failed: string; rotateLeft: string; rotateRight: string; rotateReset: string };
}

/** The Leaflet part: its own chunk (Leaflet, react-leaflet, the plugins), fetched only for a map about to be seen after consent. */
const LeafletMap = lazy(
  (): Promise<{ default: ComponentType<LeafletMapProps> }> =>
    import('./LeafletMap.tsx')
      .then(async (m) => {
        await m.stylesReady();
        return { default: m.LeafletMap };
      })
      .catch((err: unknown) => {
        // the placeholder's link still leads to the place
        console.error('[masthead] map:', err);
        return { default: () => null };
      }),
);

type Gate = 'server' | 'blocked' | 'open';
type Geo = { state: 'none' } | { state: 'pending' } | { state: 'failed' } | { state: 'found'; at: LatLng };

/**
 * Map block (island `map`, SPEC 3 map options, NOTES "Maps"). The server renders a placeholder
 * with the place and a link to it on the map site, so the block is useful without script. The
 * tiles and the geocoder are outside services, so nothing is fetched from them before consent:
 * until the visitor accepts cookies the placeholder offers "Load map" (consent for this one map,
 * for this page view; nothing stored). Then, when the block comes within 300 px of the view, the
 * Leaflet chunk loads and draws the map (react-leaflet); a block without usable coordinates is
 * geocoded, the default centre staying until the answer, and a failure shows a message.
 * `data-map-state` on the canvas says where it is: geocoding, geocode-failed, ready.
 */
export function MapView({ options, height, place, link, labels }: MapViewProps) {
  const [gate, setGate] = useState<Gate>('server');
  const [pressed, setPressed] = useState(false);
  const [near, setNear] = useState(false);
  const [geo, setGeo] = useState<Geo>({ state: 'none' });
  const [ready, setReady] = useState(false);
  const [vars, setVars] = useState<MapVars | null>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const consentId = `${useId()}consent`;
  const cfg = useMemo(() => leafletConfig(options), [options]);

  useEffect(() => {
    const consent = whenConsented(() => setGate('open'));
    if (!consent.now) setGate('blocked');
    return consent.off;
  }, []);

  useEffect(() => {
    if (gate !== 'open' || !canvas.current) return;
    if (pressed) setNear(true);
    else whenNear(canvas.current, () => setNear(true));
  }, [gate, pressed]);

  const active = gate === 'open' && near;
  useEffect(() => {
    if (!active) return;
    const v = mapVars();
    setVars(v);
    if (!cfg.geocode) return;
    const abort = new AbortController();
    setGeo({ state: 'pending' });
    void geocode(v.geocoderUrl, options.address ?? '', abort.signal).then((at) => {
      if (!abort.signal.aborted) setGeo(at ? { state: 'found', at } : { state: 'failed' });
    });
    return () => abort.abort();
  }, [active, cfg.geocode, options.address]);

  const markerAt = cfg.marker ? (cfg.geocode ? (geo.state === 'found' ? geo.at : null) : cfg.center) : null;
  const view = geo.state === 'found' ? { ...geo.at, zoom: zoomAfterGeocode(options) } : null;
  const state = !ready ? undefined : cfg.geocode ? (geo.state === 'found' ? 'ready' : geo.state === 'failed' ? 'geocode-failed' : 'geocoding') : 'ready';

  const placeholder = (
    <div className="map-block__placeholder">
      <Icon name="pin" size={28} />
      <p className="map-block__place">{place}</p>
      {/* while the consent button is there, one "Load map" control is enough */}
      <a href={link} rel="noopener" hidden={gate === 'blocked'}>
        {labels.load}
      </a>
      {gate === 'blocked' ? (
        <div className="map-block__consent">
          <p className="map-block__consent-text" id={consentId}>
            {labels.consent}
          </p>
          <button
            type="button"
            className="btn btn--small"
            aria-describedby={consentId}
            onClick={() => {
              setPressed(true);
              setGate('open');
            }}
          >
            {labels.load}
          </button>
        </div>
      ) : null}
    </div>
  );

  return (
    <>
      <div
        ref={canvas}
        className={active ? 'map-block__canvas is-map' : 'map-block__canvas'}
        data-map_options={JSON.stringify(options)}
        data-map-type={options.map_type ?? 'roadmap'}
        {...(state ? { 'data-map-state': state } : {})}
        {...(gate === 'blocked' ? { 'data-consent-blocked': '' } : {})}
        style={{ height }}
        role="region"
        aria-label={labels.region}
      >
        {active && vars ? (
          <Suspense fallback={null}>
            <LeafletMap config={cfg} type={options.map_type ?? 'roadmap'} vars={vars} markerAt={markerAt} view={view} focus={pressed} onReady={() => setReady(true)} rotateLabels={{ left: labels.rotateLeft, right: labels.rotateRight, reset: labels.rotateReset }} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
      <p className="map-block__message" role="status" hidden={geo.state !== 'pending'}>
        {labels.loading}
      </p>
      <p className="map-block__message map-block__message--error" role="alert" hidden={geo.state !== 'failed'}>
        {labels.failed}
      </p>
    </>
  );
}
