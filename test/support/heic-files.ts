import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The 320 × 240 HEIC photo the upload tests start from: one HEVC-coded image. */
export const HEIC_FIXTURE = join(__dirname, '..', 'fixtures', 'aurora-320x240.heic');

const u16 = (value: number): Buffer => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
};
const u32 = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const box = (type: string, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, version: number, flags: number, ...parts: Buffer[]): Buffer => box(type, Buffer.from([version, (flags >> 16) & 255, (flags >> 8) & 255, flags & 255]), ...parts);

/** The boxes directly inside data[start, end), by type (the first of each). */
function boxesIn(data: Buffer, start: number, end: number): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (let at = start; at < end; ) {
    const size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    if (!found.has(type)) found.set(type, data.subarray(at, at + size));
    at += size;
  }
  return found;
}

/** At most this many tiles in one grid: with their grid and the photo, libheif's limit of 256 items. */
const MOST_TILES = 240;

/**
 * A HEIC file built from the fixture's one 320 × 240 photo: item 1 a grid of `width` × `height`,
 * made of the photo repeated as its tiles (hidden items that all point at the photo's coded
 * bytes) or, for a grid larger than MOST_TILES tiles, of inner grids that share those tiles; the
 * photo itself is the last item. `primary` says which the file names as its picture. With the
 * photo as primary, the grid is the file's first image but not the one a viewer shows: what a
 * decoder that checks the primary and decodes the first one meets.
 */
export function heicWithGrid({ width, height, primary }: { width: number; height: number; primary: 'grid' | 'photo' }): Buffer {
  const source = readFileSync(HEIC_FIXTURE);
  const top = boxesIn(source, 0, source.length);
  const meta = top.get('meta')!;
  const inMeta = boxesIn(meta, 12, meta.length);
  const iprp = inMeta.get('iprp')!;
  const ipco = boxesIn(iprp, 8, iprp.length).get('ipco')!;
  const properties = boxesIn(ipco, 8, ipco.length);
  const photoSize = properties.get('ispe')!;
  const tile = { width: photoSize.readUInt32BE(12), height: photoSize.readUInt32BE(16) };
  const coded = top.get('mdat')!.subarray(8);

  // One level of tiles when they are few enough; else inner grids of 16 × 15 photos each.
  const single = Math.ceil(width / tile.width) * Math.ceil(height / tile.height) <= MOST_TILES;
  const inner = single ? tile : { width: 16 * tile.width, height: 15 * tile.height };
  const [columns, rows] = [Math.ceil(width / inner.width), Math.ceil(height / inner.height)];
  const grids: { id: number; width: number; height: number; columns: number; rows: number; tiles: number[] }[] = [];
  const photos: number[] = [];
  let nextId = 1;
  const outer = { id: nextId++, width, height, columns, rows, tiles: [] as number[] };
  grids.push(outer);
  if (single) {
    for (let index = 0; index < columns * rows; index++) outer.tiles.push(nextId++);
    photos.push(...outer.tiles);
  } else {
    for (let index = 0; index < columns * rows; index++) {
      const grid = { id: nextId++, ...inner, columns: 16, rows: 15, tiles: [] as number[] };
      grids.push(grid);
      outer.tiles.push(grid.id);
    }
    const shared = Array.from({ length: 16 * 15 }, () => nextId++);
    for (const grid of grids.slice(1)) grid.tiles = shared;
    photos.push(...shared);
  }
  const photoId = nextId++;
  photos.push(photoId);

  const descriptors = grids.map((grid) => Buffer.concat([Buffer.from([0, 1, grid.rows - 1, grid.columns - 1]), u32(grid.width), u32(grid.height)]));
  const ispes = grids.map((grid) => fullBox('ispe', 0, 0, u32(grid.width), u32(grid.height)));
  const buildMeta = (codedOffset: number) =>
    fullBox(
      'meta',
      0,
      0,
      inMeta.get('hdlr')!,
      fullBox('pitm', 0, 0, u16(primary === 'grid' ? outer.id : photoId)),
      // Version 1: 4-byte offsets and lengths, no base offset; the grids' descriptors live in idat.
      fullBox(
        'iloc',
        1,
        0,
        Buffer.from([0x44, 0x00]),
        u16(grids.length + photos.length),
        ...grids.map((grid, index) => Buffer.concat([u16(grid.id), u16(1), u16(0), u16(1), u32(index * 12), u32(12)])),
        ...photos.map((id) => Buffer.concat([u16(id), u16(0), u16(0), u16(1), u32(codedOffset), u32(coded.length)])),
      ),
      fullBox(
        'iinf',
        0,
        0,
        u16(grids.length + photos.length),
        // Every grid but the outer one, and every tile, is hidden, as cameras write them.
        ...grids.map((grid) => fullBox('infe', 2, grid === outer ? 0 : 1, u16(grid.id), u16(0), Buffer.from('grid\0', 'latin1'))),
        ...photos.map((id) => fullBox('infe', 2, id === photoId ? 0 : 1, u16(id), u16(0), Buffer.from('hvc1\0', 'latin1'))),
      ),
      fullBox('iref', 0, 0, ...grids.map((grid) => box('dimg', u16(grid.id), u16(grid.tiles.length), ...grid.tiles.map(u16)))),
      box(
        'iprp',
        box('ipco', properties.get('hvcC')!, photoSize, properties.get('pixi')!, ...ispes),
        fullBox(
          'ipma',
          0,
          0,
          u32(grids.length + photos.length),
          ...grids.map((grid, index) => Buffer.concat([u16(grid.id), Buffer.from([1, 4 + index])])),
          ...photos.map((id) => Buffer.concat([u16(id), Buffer.from([3, 0x81, 0x02, 0x83])])),
        ),
      ),
      box('idat', ...descriptors),
    );
  const ftyp = top.get('ftyp')!;
  const codedOffset = ftyp.length + buildMeta(0).length + 8;
  return Buffer.concat([ftyp, buildMeta(codedOffset), box('mdat', coded)]);
}
