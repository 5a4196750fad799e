import { BOOKING_REFERENCE_PATTERN, isBookingReference } from '../../shared/booking-reference';
import { newBookingReference } from './booking-reference';

describe(newBookingReference.name, () => {
  it('draws ten characters of a 32-letter alphabet (50 bits) in two readable groups', () => {
    const references = Array.from({ length: 2000 }, newBookingReference);
    for (const reference of references) expect(reference).toMatch(/^NAT-[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    const used = new Set(references.flatMap((reference) => reference.replace(/^NAT-|-/g, '').split('')));
    expect(used.size).toBe(32);
    expect(new Set(references).size).toBe(references.length);
  });

  it('accepts its own references and the older six-character ones, nothing else', () => {
    expect(BOOKING_REFERENCE_PATTERN.test(newBookingReference())).toBe(true);
    expect(BOOKING_REFERENCE_PATTERN.test('NAT-7K4Q9X')).toBe(true);
    for (const bad of ['NAT-7K4Q9-XH2M', 'NAT-0K4Q9-XH2MR', "NAT-' OR 1=1", 'nat-7k4q9-xh2mr', 'NAT-7K4Q9XH2MR']) {
      expect(BOOKING_REFERENCE_PATTERN.test(bad)).toBe(false);
    }
  });

  it('reads a reference a guest typed or a link carries in any case, with space around it; nothing else is one', () => {
    expect(isBookingReference(' nat-7k4q9-xh2mr ')).toBe(true);
    for (const text of ['', 'NAT-', '"><svg/onload=alert(1)>', 'Your card was declined: call +1 555 0100', `NAT-7K4Q9-XH2MR${' '.repeat(3)}x`]) expect(isBookingReference(text)).toBe(false);
  });
});
