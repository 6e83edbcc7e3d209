import { describe, expect, it } from 'vitest';
import { type PostDialogValues, postDialogSchema, rowComplete, toWire, wireDate } from '@admin/resources/post/postForm';
import type { PostDetail } from '@admin/resources/post/types';
import { isAcceptedPostImage } from '@shared/validation/post';

const file = (name: string) => ({ rawFile: new File(['x'], name, { type: 'image/png' }) });
const place = { address: 'İzmir, İzmir, Türkiye', name: 'İzmir', latitude: 38.41, longitude: 27.14, city: 'İzmir', state: 'İzmir', country: 'Türkiye', post_code: null };
const messages = (values: unknown) => {
  const r = postDialogSchema.safeParse(values);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the post dialog', () => {
  it('sends the Post Date as YYYY-MM-DD HH:mm:ss', () => {
    expect(wireDate('2026-05-20T19:30')).toBe('2026-05-20 19:30:00');
  });

  it('accepts the spec image types by name and refuses others', () => {
    for (const name of ['a.png', 'b.JPEG', 'c.jpg', 'd.gif', 'e.tif', 'f.ico', 'g.webp', 'h.bmp', 'i.svg']) expect(isAcceptedPostImage(name)).toBe(true);
    for (const name of ['a.pdf', 'b', 'c.png.exe', 'd.heic']) expect(isAcceptedPostImage(name)).toBe(false);
  });

  it('says which half of a spot row is missing, and allows another row only when each has both', () => {
    const base = { user_id: 4, title: 'T', itinerary_date: '2026-01-01T10:00', category_id: [], tag_id: [] };
    expect(messages({ ...base, spots: [] })).toEqual(['spots: validation.addressRequired']);
    expect(messages({ ...base, spots: [{ address: 'typed, not chosen', file: file('a.png') }] })).toEqual(['spots.0.address: validation.addressRequired']);
    expect(messages({ ...base, spots: [{ ...place }] })).toEqual(['spots.0.file: validation.imageRequired']);
    expect(messages({ ...base, spots: [{ ...place, file: file('notes.txt') }] })).toEqual(['spots.0.file: validation.imageTypeNotSupported']);
    expect(messages({ ...base, user_id: undefined, title: '', spots: [{ ...place, file: file('a.png') }] })).toEqual([
      'user_id: validation.postUserRequired',
      'title: validation.postTitleRequired',
    ]);
    expect(rowComplete({ ...place, file: file('a.png') })).toBe(true);
    expect(rowComplete({ ...place })).toBe(false);
    expect(rowComplete({ spotId: 3, image: '/uploads/spots/a.png' })).toBe(true);
  });

  it('turns the rows into spotData pointing at the uploaded files, and lists the spots taken out', () => {
    const post = { type: 'post', is_planeed: '0', is_public: 1, postSpot: [{ spot: { id: 3 } }, { spot: { id: 9 } }] } as unknown as PostDetail;
    const values: PostDialogValues = {
      user_id: 4,
      title: 'Aegean',
      description: '',
      itinerary_date: '2026-05-01T10:30',
      category_id: [1, 2],
      tag_id: [],
      spots: [
        { spotId: 3, image: '/uploads/spots/old.png', file: file('new.png') },
        { ...place, spotId: null, file: file('izmir.png') },
      ],
    };
    const wire = toWire(values, post);
    expect(wire).toMatchObject({ user_id: 4, itinerary_date: '2026-05-01 10:30:00', type: 'post', category_id: [1, 2], deleted_spots: [9] });
    expect(wire.images.map((f) => f.name)).toEqual(['new.png', 'izmir.png']);
    expect(wire.spotData).toEqual([
      { id: 3, image: '/uploads/spots/old.png', imageIndex: 0 },
      { name: 'İzmir', address: place.address, latitude: 38.41, longitude: 27.14, city: 'İzmir', state: 'İzmir', country: 'Türkiye', post_code: null, imageIndex: 1 },
    ]);
  });
});
