/** leaflet-minimap ships no types: the part of its API this project uses. */
declare module 'leaflet-minimap' {
  import type { Control, ControlPosition, Layer, MapOptions, PathOptions } from 'leaflet';
  interface MiniMapOptions {
    position?: ControlPosition;
    width?: number;
    height?: number;
    zoomLevelOffset?: number;
    toggleDisplay?: boolean;
    aimingRectOptions?: PathOptions;
    shadowRectOptions?: PathOptions;
    mapOptions?: MapOptions & Record<string, unknown>;
  }
  export default class MiniMap extends Control {
    constructor(layer: Layer, options?: MiniMapOptions);
  }
}
