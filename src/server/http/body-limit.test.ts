import { describe, expect, it } from 'vitest';
import { FORM_BODY_MAX, IMPORT_BODY_MAX, JSON_BODY_MAX, LARGEST_BODY_MAX, UPLOAD_BODY_MAX, bodyLimitFor } from './body-limit.server.ts';

describe('request body limits by route', () => {
  it('gives uploads, the import, contact forms and everything else their own ceiling', () => {
    expect(bodyLimitFor('/api/admin/media.upload', 'multipart/form-data; boundary=x')).toBe(UPLOAD_BODY_MAX);
    expect(bodyLimitFor('/api/admin/import.upload', 'multipart/form-data; boundary=x')).toBe(IMPORT_BODY_MAX);
    expect(bodyLimitFor('/api/admin/posts.save', 'application/json')).toBe(JSON_BODY_MAX);
    expect(bodyLimitFor('/wp-json/contact-form-7/v1/contact-forms/2/feedback', 'multipart/form-data; boundary=x')).toBe(FORM_BODY_MAX);
    expect(bodyLimitFor('/api/theme', 'application/x-www-form-urlencoded')).toBe(JSON_BODY_MAX);
  });
  it('never sets a route above the largest limit the adapter allows', () => {
    expect(Math.max(JSON_BODY_MAX, UPLOAD_BODY_MAX, FORM_BODY_MAX, IMPORT_BODY_MAX)).toBe(LARGEST_BODY_MAX);
  });
});
