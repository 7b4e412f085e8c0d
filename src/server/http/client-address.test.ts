import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustedProxies, ProxyListError } from './client-address.server.ts';

describe('clientAddress', () => {
  const none = parseTrustedProxies(undefined);
  const loopback = parseTrustedProxies('loopback');

  it('is the socket address when no proxy is trusted, whatever the headers say', () => {
    expect(clientAddress('::ffff:127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }, none)).toBe('127.0.0.1');
    expect(clientAddress('198.51.100.4', { forwarded: 'for=203.0.113.9' }, none)).toBe('198.51.100.4');
  });

  it('ignores forwarding headers from a connection that is not a trusted proxy', () => {
    expect(clientAddress('198.51.100.4', { 'x-forwarded-for': '203.0.113.9' }, loopback)).toBe('198.51.100.4');
  });

  it('takes the right-most untrusted hop behind a trusted proxy, so a forged left part is ignored', () => {
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': '1.1.1.1, 203.0.113.9' }, loopback)).toBe('203.0.113.9');
    const chain = parseTrustedProxies('127.0.0.1, 10.0.0.0/8');
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.1.2.3' }, chain)).toBe('203.0.113.9');
  });

  it('reads the standard Forwarded header, with ports and IPv6 brackets', () => {
    expect(clientAddress('::1', { forwarded: 'for=6.6.6.6, for="[2001:db8::7]:4711";proto=https' }, loopback)).toBe('2001:db8::7');
    expect(clientAddress('127.0.0.1', { forwarded: 'for=203.0.113.9:5000' }, loopback)).toBe('203.0.113.9');
  });

  it('keeps the proxy address when the header is missing or garbage', () => {
    expect(clientAddress('127.0.0.1', {}, loopback)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': 'not-an-ip' }, loopback)).toBe('127.0.0.1');
  });

  it('refuses a malformed setting', () => {
    expect(() => parseTrustedProxies('10.0.0.0/99')).toThrow(ProxyListError);
    expect(() => parseTrustedProxies('proxy.example')).toThrow(ProxyListError);
  });
});
