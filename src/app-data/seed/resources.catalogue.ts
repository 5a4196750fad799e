import type { ResourceType, Skill } from '../../../shared/resources';

/** What the Kiruna and Abisko tours share (issue 50): seeded so that a new install shows the resource plan at work. */
export const RESOURCE_KINDS: { key: string; name: string; type: ResourceType; seatsEach?: number; turnaroundMinutes: number; items: { name: string; skills?: Skill[] }[] }[] = [
  { key: 'snowmobile', name: 'Snöskoter', type: 'equipment', turnaroundMinutes: 30, items: Array.from({ length: 8 }, (_, index) => ({ name: `Skoter ${index + 1}` })) },
  { key: 'dogTeam', name: 'Hundspann', type: 'equipment', turnaroundMinutes: 120, items: ['Aurora', 'Balto', 'Kaamos', 'Luna', 'Polar', 'Tundra'].map((name) => ({ name: `Spann ${name}` })) },
  { key: 'minibus', name: 'Minibuss', type: 'vehicle', seatsEach: 16, turnaroundMinutes: 30, items: [{ name: 'Sprinter 1' }, { name: 'Sprinter 2' }] },
  { key: 'guesthouseRoom', name: 'Gästhusrum', type: 'room', turnaroundMinutes: 0, items: Array.from({ length: 6 }, (_, index) => ({ name: `Rum ${index + 1}` })) },
  { key: 'abiskoCabin', name: 'Stuga i Abisko', type: 'room', turnaroundMinutes: 0, items: ['Fjällbjörk', 'Lapporten', 'Njulla', 'Rallarn'].map((name) => ({ name: `Stuga ${name}` })) },
  {
    key: 'guide',
    name: 'Guide',
    type: 'guide',
    turnaroundMinutes: 60,
    items: [
      { name: 'Anna Lind', skills: ['sv', 'en', 'snowmobile', 'firstAid'] },
      { name: 'Johan Sarri', skills: ['sv', 'en', 'dogs', 'firstAid'] },
      { name: 'Maja Eriksson', skills: ['sv', 'en', 'de', 'firstAid'] },
      { name: 'Lars Nutti', skills: ['sv', 'en', 'snowmobile', 'dogs'] },
      { name: 'Sofia Berg', skills: ['sv', 'en', 'fr', 'firstAid', 'snowmobile'] },
      { name: 'Erik Kuoljok', skills: ['sv', 'en', 'de', 'dogs', 'firstAid'] },
    ],
  },
];

/** The rooms a stay package takes by the night, by its slug and the room kind's key (the glass igloo is the partner's to count). */
export const STAY_ROOMS: Record<string, string> = { 'guesthouse-night': 'guesthouseRoom', 'abisko-cabin-night': 'abiskoCabin' };

/** What one departure of a tour needs, by tour slug and kind key. */
export const TOUR_NEEDS: Record<string, { kind: string; fixed?: number; perUnits?: number; categories?: string[]; skills?: Skill[] }[]> = {
  // One sled per driver; a passenger rides behind.
  'snowmobile-adventure-kiruna-2-hour-arctic-wilderness-tour': [{ kind: 'snowmobile', perUnits: 1, categories: ['driver'] }, { kind: 'guide', perUnits: 8, skills: ['snowmobile', 'firstAid'] }],
  'snowmobile-northern-lights-safari': [{ kind: 'snowmobile', perUnits: 1, categories: ['driver'] }, { kind: 'guide', perUnits: 8, skills: ['snowmobile', 'firstAid'] }],
  // Two mushers to a sled.
  'drive-your-own-dog-sled-team': [{ kind: 'dogTeam', perUnits: 2 }, { kind: 'guide', perUnits: 8, skills: ['dogs'] }],
  'dog-sledding-under-the-northern-lights': [{ kind: 'dogTeam', perUnits: 2 }, { kind: 'guide', perUnits: 8, skills: ['dogs'] }],
  // The minibus carries 16: one per 16 guests.
  'northern-lights-car-chase-kiruna': [{ kind: 'minibus' }, { kind: 'guide', perUnits: 8, skills: ['firstAid'] }],
  'icehotel-and-jukkasjarvi-visit': [{ kind: 'minibus' }, { kind: 'guide', perUnits: 8 }],
};
