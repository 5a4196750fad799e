import { isDecodablePath } from './decodable-path';

describe(isDecodablePath.name, () => {
  it.each(['/', '/tours/', '/sv/om-oss/', '/tours/%C3%A5sa/', '/blog/50%25-off/'])('%s can be read', (path) => expect(isDecodablePath(path)).toBe(true));

  it.each(['/tours/%E0%A4%A/', '/blog/%ZZ/', '/sv/%E0/', '/%', '/%C3/'])('%s cannot', (path) => expect(isDecodablePath(path)).toBe(false));
});
