import { auroraPlaceOf, isAuroraTour, skyPlaceOf } from './sky-places';

describe('Where the sky is read', () => {
  it('names Kiruna and Abisko in any case, and no other place', () => {
    expect(['Kiruna', 'ABISKO', 'abisko'].map(skyPlaceOf)).toEqual(['kiruna', 'abisko', 'abisko']);
    expect(['Narvik', '', 'Kirunavaara'].map(skyPlaceOf)).toEqual([undefined, undefined, undefined]);
  });

  it("reads a Northern Lights tour's sky where it first goes out from, and no other tour's", () => {
    const aurora = { categories: ['Photography', 'Northern Lights'] };
    expect(isAuroraTour(aurora)).toBe(true);
    expect(auroraPlaceOf(aurora, ['Abisko', 'Kiruna'])).toBe('abisko');
    expect(auroraPlaceOf(aurora, ['Kiruna', 'Abisko'])).toBe('kiruna');
    // A place the sky is not read for, or none at all.
    expect(auroraPlaceOf(aurora, ['Narvik', 'Kiruna'])).toBeUndefined();
    expect(auroraPlaceOf(aurora, [])).toBeUndefined();
    expect(auroraPlaceOf({ categories: ['Dog Sledding'] }, ['Kiruna'])).toBeUndefined();
  });
});
