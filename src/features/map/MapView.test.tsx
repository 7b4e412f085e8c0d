// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MapView, type MapViewProps } from './MapView.tsx';
import { mapOptionsSchema } from '../post/blocks.ts';
import { hydrateServerHtml } from '../../../tests/support/island.ts';

const labels = { region: 'Map: Speicherstadt', load: 'Load map', consent: 'This map is loaded from an outside service.', loading: 'Loading the map…', failed: 'The address could not be found on the map.', rotateLeft: 'Rotate map left', rotateRight: 'Rotate map right', rotateReset: 'Point the map north' };
const byCoords: MapViewProps = {
  options: mapOptionsSchema.parse({ latitude: '53.5440', longtitude: '9.9920', map_zoom: 15, marker_title: 'Speicherstadt' }),
  height: 360,
  place: 'Speicherstadt',
  link: 'https://www.openstreetmap.org/?mlat=53.5440&mlon=9.9920',
  labels,
};
const byAddress: MapViewProps = { ...byCoords, options: mapOptionsSchema.parse({ map_using: 'address', address: 'Nowhere 1', marker_title: 'Nowhere' }), place: 'Nowhere' };

const canvas = () => document.querySelector<HTMLElement>('.map-block__canvas')!;
const loadButton = () => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Load map');
const link = () => canvas().querySelector<HTMLAnchorElement>('a[href^="https://www.openstreetmap.org/"]')!;
const message = (role: 'status' | 'alert') => document.querySelector<HTMLElement>(`[role="${role}"]`)!;
const accept = () =>
  act(async () => {
    document.cookie = 'cookie_notice_accepted=true; Path=/';
    document.dispatchEvent(new CustomEvent('setCookieNotice', { detail: { value: true, previous: null, action: 'accept' } }));
  });

beforeEach(() => {
  document.cookie = 'cookie_notice_accepted=; Max-Age=0; Path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('map island', () => {
  it('the server renders the place and a link to it on the map site, no map and no consent controls', () => {
    document.body.innerHTML = renderToStaticMarkup(<MapView {...byCoords} />);
    expect(canvas().getAttribute('role')).toBe('region');
    expect(canvas().getAttribute('aria-label')).toBe('Map: Speicherstadt');
    expect(canvas().style.height).toBe('360px');
    expect(JSON.parse(canvas().dataset.map_options!)).toMatchObject({ latitude: '53.5440', map_zoom: 15 });
    expect(canvas().textContent).toContain('Speicherstadt');
    expect(link().textContent).toBe('Load map');
    expect(link().hidden).toBe(false);
    expect(loadButton()).toBeUndefined();
    expect(message('status').hidden).toBe(true);
    expect(message('alert').hidden).toBe(true);
  });

  it('without consent it hydrates into the click-to-load placeholder and fetches nothing', async () => {
    const fetched = vi.fn();
    vi.stubGlobal('fetch', fetched);
    const { errors } = await hydrateServerHtml([{ name: 'map', of: MapView, props: byAddress }]);
    expect(errors).toEqual([]);
    expect(canvas().hasAttribute('data-consent-blocked')).toBe(true);
    expect(canvas().textContent).toContain(labels.consent);
    expect(loadButton()!.getAttribute('aria-describedby')).toBe(canvas().querySelector('.map-block__consent-text')!.id);
    // one "Load map" control at a time: the link steps aside while the button is there
    expect(link().hidden).toBe(true);
    expect(fetched).not.toHaveBeenCalled();
  });

  it('accepting cookies releases the map: the placeholder goes and the address is geocoded', async () => {
    const asked: string[] = [];
    let answer!: (r: Response) => void;
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      return new Promise<Response>((r) => {
        if (decodeURIComponent(url).includes('Elsewhere 2')) answer = r;
      });
    });
    // (islands of earlier tests still listen for consent: this one has an address of its own)
    const props = { ...byAddress, options: { ...byAddress.options, address: 'Elsewhere 2' } };
    await hydrateServerHtml([{ name: 'map', of: MapView, props }]);
    expect(asked).toEqual([]);
    await accept();
    expect(canvas().hasAttribute('data-consent-blocked')).toBe(false);
    expect(loadButton()).toBeUndefined();
    expect(asked.filter((u) => decodeURIComponent(u).includes('Elsewhere 2'))).toHaveLength(1);
    expect(message('status').hidden).toBe(false);
    await act(async () => answer(new Response('[]', { headers: { 'content-type': 'application/json' } })));
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(message('status').hidden).toBe(true);
    expect(message('alert').hidden).toBe(false);
    expect(message('alert').textContent).toBe(labels.failed);
  });

  it('"Load map" releases this one map without storing consent', async () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    await hydrateServerHtml([{ name: 'map', of: MapView, props: byAddress }]);
    await act(async () => loadButton()!.click());
    expect(canvas().hasAttribute('data-consent-blocked')).toBe(false);
    expect(document.cookie).not.toContain('cookie_notice_accepted=true');
    expect(message('status').hidden).toBe(false);
  });
});
