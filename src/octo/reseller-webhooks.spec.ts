import { createHmac } from 'node:crypto';

import { checkWebhookUrl, shownUrl, webhookSignature } from './reseller-webhooks.service';

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
/** An OctoError's own words. */
const saying = (errorMessage: string) => expect.objectContaining({ response: expect.objectContaining({ error: 'BAD_REQUEST', errorMessage }) });

describe('checkWebhookUrl', () => {
  it('takes an https URL to a public address in production', async () => {
    expect((await checkWebhookUrl('https://hooks.example.com/octo', true, resolvesTo('93.184.216.34', '2606:2800:220:1::248'))).href).toBe('https://hooks.example.com/octo');
  });

  it('never lets a key reach inside our network in production: loopback, private, link-local, metadata, mapped IPv6', async () => {
    for (const [url, addresses] of [
      ['https://127.0.0.1/x', []],
      ['https://[::1]/x', []],
      ['https://10.1.2.3/x', []],
      ['https://169.254.169.254/latest/meta-data', []],
      ['https://internal.example/x', ['192.168.1.10']],
      ['https://mixed.example/x', ['93.184.216.34', '172.16.0.5']],
      ['https://mapped.example/x', ['::ffff:127.0.0.1']],
      ['https://v6.example/x', ['fd00::1']],
    ] as const) {
      await expect(checkWebhookUrl(url, true, resolvesTo(...addresses))).rejects.toEqual(saying('url must reach a public address.'));
    }
  });

  it('refuses plain http and names that do not resolve in production, other schemes anywhere', async () => {
    await expect(checkWebhookUrl('http://hooks.example.com/x', true, resolvesTo('93.184.216.34'))).rejects.toEqual(saying('url must be an https URL.'));
    await expect(checkWebhookUrl('https://nowhere.example/x', true, resolvesTo())).rejects.toEqual(saying("url's host nowhere.example cannot be found."));
    await expect(checkWebhookUrl('ftp://example.com/x', false)).rejects.toEqual(saying('url must be an http(s) URL.'));
    await expect(checkWebhookUrl('not a url', false)).rejects.toEqual(saying('url must be an absolute http(s) URL.'));
  });

  it('lets a test or a developer call a receiver on loopback outside production', async () => {
    expect((await checkWebhookUrl('http://127.0.0.1:4000/hook', false)).port).toBe('4000');
  });
});

describe('webhookSignature', () => {
  it('signs "{timestamp}.{body}" with the secret (HMAC-SHA256, hex), as a receiver checks it', () => {
    const expected = createHmac('sha256', 'whsec_test').update('1764000000.{"a":1}').digest('hex');
    expect(webhookSignature('whsec_test', 1_764_000_000, '{"a":1}')).toBe(`t=1764000000,v1=${expected}`);
    expect(webhookSignature('whsec_other', 1_764_000_000, '{"a":1}')).not.toContain(expected);
  });
});

describe('shownUrl', () => {
  it("hides the credentials a reseller put in its webhook's URL from staff, and leaves any other URL as it is", () => {
    expect(shownUrl('https://octo:s3cret@hooks.example.com/in')).toBe('https://hidden@hooks.example.com/in');
    expect(shownUrl('https://hooks.example.com/in?x=1')).toBe('https://hooks.example.com/in?x=1');
  });
});
