import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { auditActionText, auditTargetText, resellerActor } from './staff-words';

/** Every action code the server writes to the audit log as a literal ('tour.update'), or per kind of editor (`${kind}.update`). */
function actionsWritten(): string[] {
  const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [join(dir, entry.name)] : []));
  const actions = new Set<string>();
  for (const file of files(join(__dirname, '..', 'src'))) {
    const source = readFileSync(file, 'utf8');
    for (const [, action] of source.matchAll(/(?:audit\.record\(|this\.record\()[^,]+,\s*(?:[^,']+,\s*)?'([a-z.-]+)'/g)) actions.add(action);
    // The command line's: `existing ? 'admin.reset' : 'admin.create'`.
    for (const [call] of source.matchAll(/recordWith\([^;]*;/g)) for (const [, action] of call.matchAll(/'([a-z-]+\.[a-z.-]+)'/g)) actions.add(action);
    // The kind an AuditedEditor is made with.
    if (source.includes('extends AuditedEditor')) for (const [, kind] of source.matchAll(/kind: '([a-z-]+)',/g)) ['create', 'update', 'delete'].forEach((verb) => actions.add(`${kind}.${verb}`));
  }
  for (const subject of ['faq', 'stay', 'tour', 'post', 'pickup']) actions.add(`${subject}.translate`);
  return [...actions].filter((action) => action.includes('.') || action === 'logout');
}

describe("The audit log in staff's words", () => {
  it('names what was done in Swedish', () => {
    expect(auditActionText('post.update')).toBe('Ändrade ett blogginlägg');
    expect(auditActionText('tour.translate')).toBe('Översatte en tur');
    expect(auditActionText('booking.move')).toBe('Flyttade bokningen');
    expect(auditActionText('something.new')).toBe('something.new');
    // Only its own words: nothing an object inherits.
    expect(auditActionText('constructor')).toBe('constructor');
    expect(auditActionText('tour.toString')).toBe('tour.toString');
    expect(auditTargetText('constructor:1')).toBe('constructor:1');
  });

  it('has words for every action the server writes (a new action without them fails here)', () => {
    const written = actionsWritten();
    expect(written).toEqual(expect.arrayContaining(['booking.move', 'tour-date.create-series', 'reseller.reserve', 'faq.delete', 'tour.reorder', 'admin.reset', 'admin.create']));
    expect(written.filter((action) => auditActionText(action) === action)).toEqual([]);
  });

  it('names what it was done to, and a reseller by its name', () => {
    expect(auditTargetText('booking:NAT-ABCDE-FGHJK')).toBe('NAT-ABCDE-FGHJK');
    expect(auditTargetText('tour#3')).toBe('tur 3');
    expect(auditTargetText('departure:12')).toBe('avgång 12');
    expect(auditTargetText('guest:a***@example.com')).toBe('gäst a***@example.com');
    expect(auditTargetText('tours')).toBe('alla turer');
    expect(auditTargetText('/uploads/abc.webp')).toBe('/uploads/abc.webp');
    expect(resellerActor('reseller:3 (Lapland Trips)')).toBe('Lapland Trips');
    expect(resellerActor('anna@norrsken.se')).toBeUndefined();
  });
});
