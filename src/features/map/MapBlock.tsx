import type { MapOptions } from '../post/blocks.ts';
import type { RenderContext } from '../post/render-context.ts';
import { Island } from '../../ui/Island.tsx';
import { MapView } from './MapView.tsx';

/** Link to the place on OpenStreetMap: useful without script or consent. */
export function mapLink(o: MapOptions): string {
  if (o.map_using === 'coordinates' && o.latitude && o.longtitude) {
    return `https://www.openstreetmap.org/?mlat=${encodeURIComponent(o.latitude)}&mlon=${encodeURIComponent(o.longtitude)}#map=${o.map_zoom}/${encodeURIComponent(o.latitude)}/${encodeURIComponent(o.longtitude)}`;
  }
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(o.address)}`;
}

/**
 * Map block: a figure with the map island (MapView.tsx: placeholder, consent gate, the Leaflet
 * map, the geocoding messages) and the block's caption. Hydrated when the browser is idle, so
 * the consent placeholder is there before the visitor scrolls to it; Leaflet itself loads later,
 * only after consent and when the block nears the view.
 */
export function MapBlock({ title, height, options, ctx }: { title: string; height: number; options: MapOptions; ctx: RenderContext }) {
  const place = options.marker_title || options.address || `${options.latitude}, ${options.longtitude}`;
  return (
    <figure className="map-block">
      <Island
        name="map"
        of={MapView}
        when="idle"
        props={{
          options,
          height,
          place,
          link: mapLink(options),
          labels: { region: ctx.t('map.label', { place }), load: ctx.t('map.load'), consent: ctx.t('map.consent'), loading: ctx.t('map.loading'), failed: ctx.t('map.geocodeFailed'), rotateLeft: ctx.t('map.rotateLeft'), rotateRight: ctx.t('map.rotateRight'), rotateReset: ctx.t('map.rotateReset') },
        }}
      />
      {title ? <figcaption>{title}</figcaption> : null}
    </figure>
  );
}
