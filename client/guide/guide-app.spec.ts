import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

import type { GuideDownload, GuidePassenger } from '../../shared/guide-app';
import { readCode } from './code-reader';
import { findPassenger, withAnswers, withQueue } from './guide-store';

/** A signing key as the server holds one (src/bookings/voucher-codes.ts signs the same way), and codes by it. */
function signer(id: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const code = (reference: string, key: KeyObject = privateKey) => {
    const payload = `NAT1.${reference}.${id}`;
    return `${payload}.${sign(null, Buffer.from(payload), key).toString('base64url')}`;
  };
  return { code, jwk: { ...(publicKey.export({ format: 'jwk' }) as { kty: string; crv: string; x: string }), kid: id } };
}
const k2 = signer('k2');
const k1 = signer('k1');
const keys = [k2.jwk, k1.jwk];
const ring = { code: (reference: string) => k2.code(reference) };

describe('readCode: a scanned code checked offline with the downloaded keys (WebCrypto Ed25519)', () => {
  it('reads a code the server signed, with the newest key or an older one still in the ring', async () => {
    expect(await readCode(ring.code('NAT-AAAAA-00001'), keys)).toEqual({ reference: 'NAT-AAAAA-00001', checked: true });
    const older = k1.code('NAT-AAAAA-00002');
    expect(await readCode(` ${older}\n`, keys)).toEqual({ reference: 'NAT-AAAAA-00002', checked: true });
  });

  it('refuses a forged code, an altered one, one of another key, a retired key, and text that is no code', async () => {
    const code = ring.code('NAT-AAAAA-00003');
    expect(await readCode(code.replace('NAT-AAAAA-00003', 'NAT-AAAAA-00004'), keys)).toEqual({ refused: 'badCode' });
    // Forged: signed by a key that is not ours, under our newest key's id.
    expect(await readCode(k2.code('NAT-AAAAA-00003', generateKeyPairSync('ed25519').privateKey), keys)).toEqual({ refused: 'badCode' });
    expect(await readCode(signer('k0').code('NAT-AAAAA-00003'), keys)).toEqual({ refused: 'retiredKey' });
    // k1 retired: the phone's download no longer has it.
    expect(await readCode(k1.code('NAT-AAAAA-00003'), keys.slice(0, 1))).toEqual({ refused: 'retiredKey' });
    expect(await readCode('https://example.com/', keys)).toEqual({ refused: 'badCode' });
  });
});

const passenger = (reference: string, departureId: number, extra: Partial<GuidePassenger> = {}): GuidePassenger => ({
  reference,
  departureId,
  status: 'confirmed',
  guests: 4,
  attendance: null,
  checkedInGuests: null,
  attendanceAt: null,
  attendanceDevice: null,
  name: reference,
  party: '4 Adult',
  pickup: null,
  answers: '',
  phone: null,
  notes: null,
  owedSek: 0,
  ...extra,
});
const download: GuideDownload = {
  takenAt: '2026-12-02T12:00:00.000Z',
  guide: null,
  keys,
  departures: [
    { id: 1, tourTitle: 'Dog sled', startsAt: '2026-12-02T17:00:00.000Z', meetingPoint: 'Camp', totalGuests: 4, passengers: [passenger('NAT-A', 1)] },
    { id: 2, tourTitle: 'Aurora', startsAt: '2026-12-03T19:00:00.000Z', meetingPoint: 'Bus station', totalGuests: 4, passengers: [passenger('NAT-B', 2)] },
  ],
};

describe("the phone's view: the download, the queue on it, and the server's answers", () => {
  it('shows queued actions by the server\'s rule before they are sent', () => {
    const queue = [
      { id: 'a', departureId: 1, kind: 'check_in' as const, guests: 3, reference: 'NAT-A', at: '2026-12-02T16:50:00.000Z' },
      { id: 'b', departureId: 2, kind: 'no_show' as const, reference: 'NAT-A', at: '2026-12-02T16:55:00.000Z' },
      { id: 'c', departureId: 1, kind: 'no_show' as const, reference: 'NAT-A', at: '2026-12-02T16:56:00.000Z' },
    ];
    // The no-show on another departure is not this passenger's; the one after the check-in does not undo it.
    expect(withQueue(download.departures[0]!.passengers[0]!, queue, 'Telefon A')).toMatchObject({ attendance: 'checked_in', checkedInGuests: 3, attendanceDevice: 'Telefon A', attendanceAt: '2026-12-02T16:50:00.000Z' });
  });

  it('finds a reference on its departure (another one, or none), and takes the server\'s state from its answers', () => {
    expect(findPassenger(download, 'NAT-B')?.departure.id).toBe(2);
    expect(findPassenger(download, 'NAT-Z')).toBeNull();
    const answered = withAnswers(download, [
      { id: 'x', result: 'conflict', reason: 'notConfirmed', booking: { reference: 'NAT-B', departureId: 2, status: 'cancelled', guests: 4, attendance: null, checkedInGuests: null, attendanceAt: null, attendanceDevice: null } },
    ]);
    expect(findPassenger(answered, 'NAT-B')?.passenger.status).toBe('cancelled');
    expect(findPassenger(answered, 'NAT-A')?.passenger).toEqual(download.departures[0]!.passengers[0]);
  });
});
