import { describe, expect, it } from 'vitest';
import { serializePageVars, withPostId, type PageVars } from './page-vars.ts';

const shared: Omit<PageVars, 'postId'> = {
  ajaxUrl: '/api/theme',
  nonceUrl: '/api/nonce',
  siteTitle: 'Masthead </script><script>alert(1)</script>',
  locale: 'en_US',
  dir: 'ltr',
  textRules: [],
  errorPass: 'Passwords do not match\u2028',
  cookieNotice: {} as PageVars['cookieNotice'],
  gdprNotice: {} as PageVars['gdprNotice'],
  analytics: { key: '' },
  wpcf7: { api: { root: '/wp-json/', namespace: 'contact-form-7/v1' } },
  headerSearch: 'overlay',
  map: { tiles: { roadmap: { url: '', attribution: '' }, satellite: { url: '', attribution: '' }, hybrid: { url: '', attribution: '' }, terrain: { url: '', attribution: '' } }, geocoderUrl: '' },
  i18n: { like: 'Like' },
};

describe('page variables', () => {
  it('adds the page’s post to the part every page shares: the object a whole serialisation gives', () => {
    for (const postId of [42, null]) {
      const json = withPostId(serializePageVars(shared), postId);
      expect(JSON.parse(json)).toEqual({ ...shared, postId });
      // still nothing that could close the script element or break a line of script
      expect(json).not.toMatch(/<|\u2028/);
    }
  });
});
