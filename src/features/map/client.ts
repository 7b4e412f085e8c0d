/**
 * Map blocks (`.map-block__canvas[data-map_options]`): the map comes from an outside service, so
 * Leaflet and its tiles load only after consent (consent/embeds.ts shows the click-to-load
 * placeholder meanwhile), and only when the block nears the viewport.
 */
import { enhance } from '../../ui/client/enhance.ts';
import { whenNear } from '../../ui/client/near-viewport.ts';
import { requireConsentFor } from '../consent/embeds.ts';

enhance('.map-block__canvas[data-map_options]', (el) =>
  requireConsentFor(
    el,
    () =>
      whenNear(el, () =>
        void import('./leaflet-map.ts')
          .then((m) => m.initMap(el))
          .catch((err) => console.error('[masthead] map:', err)),
      ),
    { kind: 'map' },
  ),
);
