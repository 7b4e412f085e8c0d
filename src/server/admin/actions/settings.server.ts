import { z } from 'zod';
import { defineAdminAction } from '../registry.server.ts';
import { settingsKeys, type SettingsKey } from '../../../features/site/settings.ts';
import { SETTINGS_KEY } from '../../surrogate.server.ts';

/**
 * Settings screens (administrator): one key of features/site/settings.ts at a time. A save is
 * validated by that key's own schema (the one every page reads with), so an error names the field
 * (`value.title`) and nothing is stored; a stored change bumps the content version, so the next
 * page view (and the page cache) uses it.
 */
const keyNames = Object.keys(settingsKeys) as [SettingsKey, ...SettingsKey[]];
const key = z.enum(keyNames);

/** Text rules must also compile as regular expressions (the site skips a broken one silently). */
const textRulesInput = settingsKeys.textRules.superRefine((v, ctx) => {
  v.rules.forEach((r, i) => {
    try {
      new RegExp(r.find, 'g');
    } catch {
      ctx.addIssue({ code: 'custom', path: ['rules', i, 'find'], message: 'This is not a valid pattern.' });
    }
  });
});

const saveInput = z.discriminatedUnion('key', [
  z.object({ key: z.literal('site'), value: settingsKeys.site }),
  z.object({ key: z.literal('home'), value: settingsKeys.home }),
  z.object({ key: z.literal('cookieNotice'), value: settingsKeys.cookieNotice }),
  z.object({ key: z.literal('gdprNotice'), value: settingsKeys.gdprNotice }),
  z.object({ key: z.literal('textRules'), value: textRulesInput }),
  z.object({ key: z.literal('analytics'), value: settingsKeys.analytics }),
  z.object({ key: z.literal('theme'), value: settingsKeys.theme }),
]);

export const settingsGet = defineAdminAction({
  permission: 'settings.manage',
  input: z.object({ key }),
  handler: async (i, { runtime }) => ({ key: i.key, value: await runtime.repos.settings.get(i.key, settingsKeys[i.key]) }),
});

export const settingsSave = defineAdminAction({
  permission: 'settings.manage',
  input: saveInput,
  async handler(i, { runtime, log }) {
    const schema = settingsKeys[i.key] as z.ZodType;
    await runtime.repos.settings.set(i.key, schema, i.value);
    await runtime.contentChanged([SETTINGS_KEY]);
    log.info({ key: i.key }, 'settings saved');
    return { key: i.key, value: await runtime.repos.settings.get(i.key, schema) };
  },
});
