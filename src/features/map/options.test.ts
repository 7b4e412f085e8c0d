import { describe, expect, it } from 'vitest';
import { DEFAULT_CENTER, coordinatesOf, geocodeUrl, leafletConfig, needsGeocode, parseGeocode, parseMapOptions, tilesFor, zoomAfterGeocode } from './options.ts';

describe('map options → Leaflet', () => {
  it('maps the options Leaflet has', () => {
    const c = leafletConfig({ map_using: 'coordinates', latitude: '53.5440', longtitude: '9.9920', map_zoom: 15, map_pan: false, map_is_zoom: false, map_scale: false, map_scrollwheel: true, marker_title: 'Speicherstadt', info_window: 'Canals' });
    expect(c).toMatchObject({
      center: { lat: 53.544, lng: 9.992 },
      zoom: 15,
      dragging: false,
      keyboard: false,
      zoomControl: false,
      doubleClickZoom: false,
      scrollWheelZoom: true,
      scale: false,
      geocode: false,
      marker: { title: 'Speicherstadt', img: '', popup: 'Canals' },
    });
  });
  it('uses the schema defaults: pan, zoom control and scale on, scroll wheel off', () => {
    expect(leafletConfig({ latitude: '1', longtitude: '2' })).toMatchObject({ dragging: true, zoomControl: true, scale: true, scrollWheelZoom: false, zoom: 13 });
  });
  it('maps rotation and the overview; street view (a commercial provider only) is reported as unsupported', () => {
    const c = leafletConfig({ latitude: '1', longtitude: '2', map_street_view: true, map_rotate: true, map_overview: true });
    expect(c).toMatchObject({ rotate: true, overview: true, unsupported: ['map_street_view'] });
    expect(leafletConfig({ latitude: '1', longtitude: '2' })).toMatchObject({ rotate: false, overview: false, unsupported: [] });
  });
  it('geocodes when the block asks for its address or has no usable coordinates; the default centre stays until then', () => {
    expect(needsGeocode({ map_using: 'address', address: 'Platz der Deutschen Einheit 4', latitude: '1', longtitude: '2' })).toBe(true);
    expect(needsGeocode({ map_using: 'coordinates', latitude: '', longtitude: '', address: 'Hamburg' })).toBe(true);
    expect(needsGeocode({ map_using: 'coordinates', latitude: '95', longtitude: '2', address: 'Hamburg' })).toBe(true);
    expect(needsGeocode({ map_using: 'coordinates', latitude: '1', longtitude: '2', address: 'Hamburg' })).toBe(false);
    expect(needsGeocode({ map_using: 'address', address: '  ' })).toBe(false);
    const c = leafletConfig({ map_using: 'address', address: 'Hamburg', map_zoom: 16 });
    expect(c.center).toEqual(DEFAULT_CENTER);
    expect(c.geocode).toBe(true);
    expect(zoomAfterGeocode({ map_zoom: 16 })).toBe(16);
    expect(coordinatesOf({ map_using: 'address', latitude: '1', longtitude: '2' })).toBeNull();
  });
  it('builds the geocoder URL from the configured template', () => {
    expect(geocodeUrl('https://nominatim.openstreetmap.org/search?format=json&limit=1&q={query}', 'Platz der Deutschen Einheit 4, Hamburg')).toBe(
      'https://nominatim.openstreetmap.org/search?format=json&limit=1&q=Platz%20der%20Deutschen%20Einheit%204%2C%20Hamburg',
    );
    expect(geocodeUrl('https://geo.example/api', 'A&B')).toBe('https://geo.example/api?q=A%26B');
  });
  it('reads Nominatim, plain and GeoJSON answers; anything else is a failure', () => {
    expect(parseGeocode([{ lat: '53.5413', lon: '9.9841' }])).toEqual({ lat: 53.5413, lng: 9.9841 });
    expect(parseGeocode({ lat: 1, lng: 2 })).toEqual({ lat: 1, lng: 2 });
    expect(parseGeocode({ features: [{ geometry: { coordinates: [9.98, 53.54] } }] })).toEqual({ lat: 53.54, lng: 9.98 });
    for (const bad of [[], null, 'x', [{ lat: 'a', lon: '1' }], [{ lat: '91', lon: '1' }], { features: [] }]) expect(parseGeocode(bad)).toBeNull();
  });
  it('each map type has its own tile layer', () => {
    const tiles = { roadmap: { url: 'r/{z}/{x}/{y}', attribution: 'R' }, satellite: { url: 's/{z}/{x}/{y}', attribution: 'S' }, hybrid: { url: 'h/{z}/{x}/{y}', attribution: 'H', labels: 'l/{z}/{x}/{y}' }, terrain: { url: 't/{z}/{x}/{y}', attribution: 'T' } };
    expect(tilesFor(tiles, 'satellite').url).toBe('s/{z}/{x}/{y}');
    expect(tilesFor(tiles, 'hybrid')).toEqual({ url: 'h/{z}/{x}/{y}', attribution: 'H', labels: 'l/{z}/{x}/{y}' });
    expect(tilesFor(tiles, 'terrain').attribution).toBe('T');
    expect(tilesFor(tiles, undefined).url).toBe('r/{z}/{x}/{y}');
  });
  it('parses data-map_options safely', () => {
    expect(parseMapOptions('{"map_zoom":3}')).toEqual({ map_zoom: 3 });
    expect(parseMapOptions('not json')).toBeNull();
    expect(parseMapOptions('[1]')).toBeNull();
    expect(parseMapOptions(undefined)).toBeNull();
  });
});
