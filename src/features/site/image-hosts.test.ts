import { describe, expect, it } from 'vitest';
import { addImageHosts, badImageHost, imageHostLines, pictureOrigins, tileSource } from './image-hosts.ts';
import { settingsKeys } from './settings.ts';

describe('outside image hosts', () => {
  it('reads one host per line and names the first line that is not one', () => {
    expect(imageHostLines(' https://a.example/ \n\n https://*.b.example:8443\r\n')).toEqual(['https://a.example', 'https://*.b.example:8443']);
    expect(badImageHost('https://a.example\nhttps://a.example/path')).toBe('https://a.example/path');
    for (const bad of ['a.example', 'javascript:alert(1)', "https://a.example 'unsafe-inline'", 'https://*', 'https://a.example;script-src *', 'data:']) expect(badImageHost(bad)).toBe(bad);
    expect(badImageHost('')).toBeNull();
  });

  it('is checked by the theme settings schema, so a bad line never reaches the CSP', () => {
    const theme = settingsKeys.theme.safeParse({ imageHosts: "https://ok.example\nhttps://x.example; script-src 'unsafe-inline'" });
    expect(theme.success).toBe(false);
    expect(theme.error?.issues[0]?.path).toEqual(['imageHosts']);
    expect(settingsKeys.theme.parse({}).imageHosts).toBe('');
  });

  it('adds origins once, keeping what the owner wrote', () => {
    expect(addImageHosts('https://a.example', ['https://old.example', 'https://A.example', 'https://old.example', 'not a host'])).toBe('https://a.example\nhttps://old.example');
  });

  it('turns tile templates into sources, with {s} as a wildcard subdomain', () => {
    expect(tileSource('https://{s}.tile.opentopomap.org/{z}/{x}/{y}.png')).toBe('https://*.tile.opentopomap.org');
    expect(tileSource('https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}')).toBe('https://server.arcgisonline.com');
    expect(tileSource('https://tiles-{s}.example/{z}/{x}/{y}.png')).toBeNull();
    expect(tileSource('')).toBeNull();
  });

  it('finds the origins of absolute pictures in block markup', () => {
    expect(
      pictureOrigins([
        { type: 'html', html: '<figure><img src="https://old.example/wp-content/uploads/a.jpg" alt=""></figure><img src="/media/x.webp">' },
        { type: 'paragraph', html: "<img alt='' src='http://cdn.example:8080/b.png'>" },
        { type: 'heading', level: 2, text: '<img src="https://ignored.example/c.png">' },
      ]),
    ).toEqual(['https://old.example', 'http://cdn.example:8080']);
  });
});
