import type { MapOptions } from '../post/blocks.ts';
import type { RenderContext } from '../post/render-context.ts';
import { Icon } from '../../ui/Icon.tsx';

/** Link to the place on OpenStreetMap: useful without script or consent. */
export function mapLink(o: MapOptions): string {
  if (o.map_using === 'coordinates' && o.latitude && o.longtitude) {
    return `https://www.openstreetmap.org/?mlat=${encodeURIComponent(o.latitude)}&mlon=${encodeURIComponent(o.longtitude)}#map=${o.map_zoom}/${encodeURIComponent(o.latitude)}/${encodeURIComponent(o.longtitude)}`;
  }
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(o.address)}`;
}

/**
 * Map block: a box of fixed height with the options as `data-map_options`. The map island loads
 * Leaflet (after consent, since tiles come from an outside service) and geocodes the address
 * when no coordinates are given.
 */
export function MapBlock({ title, height, options, ctx }: { title: string; height: number; options: MapOptions; ctx: RenderContext }) {
  return (
    <figure className="map-block">
      <div className="map-block__canvas" data-map_options={JSON.stringify(options)} style={{ height }} role="region" aria-label={ctx.t('map.label', { place: options.marker_title || options.address || `${options.latitude}, ${options.longtitude}` })}>
        <div className="map-block__placeholder">
          <Icon name="pin" size={28} />
          <p className="map-block__place">{options.marker_title || options.address || `${options.latitude}, ${options.longtitude}`}</p>
          <a href={mapLink(options)} rel="noopener">
            {ctx.t('map.load')}
          </a>
        </div>
      </div>
      <p className="map-block__message" data-map-message="loading" role="status" hidden>
        {ctx.t('map.loading')}
      </p>
      <p className="map-block__message map-block__message--error" data-map-message="failed" role="alert" hidden>
        {ctx.t('map.geocodeFailed')}
      </p>
      {title ? <figcaption>{title}</figcaption> : null}
    </figure>
  );
}
