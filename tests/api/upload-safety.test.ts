// What an upload may become and what /uploads/ serves (issue 31, findings 3, 14, 16, 17): a record points
// only at pictures of its own kind and a file goes only when nothing references it; only the names the
// product writes are served; a giant image is refused and a large one stored smaller; an SVG is rendered
// without the files or addresses it names.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@shared/validation/messages';
import { ADMIN, bearer, createUser, dialects, loginAs, multipart, startTestApp, type TestApp } from '../support/api';
import { pixelBombPng } from '../support/images';

const PASSWORD = 'Str0ng@Pass';
const png = (colour: string, width = 40, height = 30) => sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
const file = (filename: string, bytes: Buffer, type = 'image/png') => ({ filename, type, bytes });
const AT_IZMIR = { address: 'Izmir', city: 'Izmir', country: 'Türkiye', latitude: 38.42, longitude: 27.14 };

describe.each(dialects)('upload safety on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let writer: string;
  let owner: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    owner = await createUser(t, { email: 'traveller@example.com', password: PASSWORD, user_type: 'User', name: 'Deniz Traveller' });
    await createUser(t, { email: 'writer@example.com', password: PASSWORD, user_type: 'Sub-Admin', name: 'Post Writer', permissions: ['Post-list'] });
    writer = (await loginAs(t, 'writer@example.com', PASSWORD)).token;
  });
  afterAll(async () => t?.close());

  const send = async (url: string, token: string, fields: Parameters<typeof multipart>[0]) => {
    const body = await multipart(fields);
    return t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  };
  /** The post form with its spot rows and at most one image (imageIndex 0). */
  const savePost = (token: string, spotData: object[], image?: ReturnType<typeof file>, more: Record<string, string> = {}) =>
    send('/api/post/createUpdateAdminPost', token, {
      user_id: String(owner),
      title: 'Aegean coast',
      itinerary_date: '2026-05-01 10:30:00',
      type: 'post',
      spotData: JSON.stringify(spotData),
      ...more,
      ...(image ? { images: image } : {}),
    });
  const storedFiles = () => fs.readdirSync(path.join(t.dataDir, 'uploads'), { recursive: true }).filter((f) => /\.\w+$/.test(String(f))).sort();
  const userRow = (id: number) => t.ctx.db.selectFrom('users').select(['profile_pic', 'thumbnail']).where('id', '=', id).executeTakeFirstOrThrow();
  const spotRow = (id: number) => t.ctx.db.selectFrom('spots').select(['id', 'image', 'thumbnail_url']).where('id', '=', id).executeTakeFirstOrThrow();

  describe('a record points only at pictures of its own kind (finding 3)', () => {
    it('refuses a Post-list Sub-Admin’s new spot carrying a user’s profile picture, which survives and is still served', async () => {
      const picture = await send('/api/user/update-user', admin, { id: String(owner), name: 'Deniz Traveller', status: 'Active', profile_pic: file('me.png', await png('#ffffff')) });
      expect(picture.statusCode).toBe(200);
      const { profile_pic, thumbnail } = await userRow(owner);
      expect(profile_pic).toMatch(/^\/uploads\/users\//);

      const spotsBefore = (await t.ctx.db.selectFrom('spots').select('id').execute()).length;
      for (const image of [profile_pic!, thumbnail!, '/uploads/seed-avatars/00000000-0000-4000-8000-000000000000.jpg', 'http://elsewhere.test/a.png']) {
        const attack = await savePost(writer, [{ ...AT_IZMIR, name: 'Borrowed picture', image }]);
        expect(attack.statusCode, image).toBe(400);
        expect(attack.json()).toMatchObject({ status: 400, message: errorMessages.spotImageNotStored, data: { errors: { 'spotData.0.image': errorMessages.spotImageNotStored } } });
      }
      // the AI tool's save makes new spots the same way
      const category = await t.app.inject({ method: 'POST', url: '/api/category/create', headers: bearer(admin), payload: { name: ['Views'], status: ['Active'] } });
      const aiSave = await send('/api/post', admin, {
        title: 'Borrowed itinerary',
        'category_id[]': String(category.json().data.created[0].id),
        'spot_name[]': 'Borrowed picture',
        'latitude[]': '38.42',
        'longitude[]': '27.14',
        'image[]': profile_pic!,
      });
      expect(aiSave.json()).toMatchObject({ status: 400, message: errorMessages.spotImageNotStored });
      expect((await t.ctx.db.selectFrom('spots').select('id').execute()).length).toBe(spotsBefore);
      for (const url of [profile_pic!, thumbnail!]) expect((await t.app.inject(url)).statusCode, url).toBe(200);
    });

    it('keeps a file another record still shows when a spot’s picture is replaced', async () => {
      const created = await savePost(writer, [{ ...AT_IZMIR, name: 'Konak Square', imageIndex: 0 }], file('spot.png', await png('#3366cc')));
      expect(created.statusCode).toBe(200);
      const postId = created.json().data.id;
      const spotId = created.json().data.data.postSpot[0].spot.id;
      // a spot showing a profile picture, as an earlier version let one be made (or any other shared file)
      const other = await createUser(t, { email: 'other-traveller@example.com', password: PASSWORD, user_type: 'User', name: 'Other Traveller' });
      const picture = await send('/api/user/update-user', admin, { id: String(other), name: 'Other Traveller', status: 'Active', profile_pic: file('me.png', await png('#ffee00')) });
      expect(picture.statusCode).toBe(200);
      const { profile_pic, thumbnail } = await userRow(other);
      await t.ctx.db.updateTable('spots').set({ image: profile_pic, thumbnail_url: thumbnail }).where('id', '=', spotId).execute();

      const replaced = await savePost(writer, [{ id: spotId, imageIndex: 0 }], file('spot.png', await png('#cc3366')), { id: String(postId) });
      expect(replaced.statusCode).toBe(200);
      expect((await spotRow(spotId)).image).not.toBe(profile_pic);
      for (const url of [profile_pic!, thumbnail!]) expect((await t.app.inject(url)).statusCode, url).toBe(200);

      // and a spot's own picture still goes once nothing shows it
      const own = (await spotRow(spotId)).image!;
      expect((await t.app.inject(own)).statusCode).toBe(200);
      expect((await savePost(writer, [{ id: spotId, imageIndex: 0 }], file('spot.png', await png('#33cc66')), { id: String(postId) })).statusCode).toBe(200);
      expect((await t.app.inject(own)).statusCode).toBe(404);
    });

    it('lets a new spot reuse a spot’s stored picture, with the thumbnail beside it', async () => {
      const first = await savePost(admin, [{ ...AT_IZMIR, latitude: 37.0, longitude: 27.4, name: 'Bodrum Castle', imageIndex: 0 }], file('spot.png', await png('#aa8800')));
      const source = await spotRow(first.json().data.data.postSpot[0].spot.id);
      const reuse = await savePost(admin, [{ ...AT_IZMIR, latitude: 36.2, longitude: 29.6, name: 'Kaş', image: source.image, thumbnail_url: '/uploads/users/thumbs/x.jpg' }]);
      expect(reuse.statusCode).toBe(200);
      expect(reuse.json().data.data.postSpot[0].spot).toMatchObject({ image: source.image, thumbnail_url: source.thumbnail_url });
    });
  });

  describe('only the names the product writes are served (finding 14, local disk)', () => {
    it('answers 404 for other files of the uploads folder, and serves the stored pictures', async () => {
      const dir = path.join(t.dataDir, 'uploads');
      fs.mkdirSync(path.join(dir, 'backups'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'backups', 'db-dump.sql'), 'INSERT INTO users VALUES (1, \'admin@example.com\');');
      fs.writeFileSync(path.join(dir, 'users', 'notes.txt'), 'private');
      fs.writeFileSync(path.join(dir, 'users', '00000000-0000-4000-8000-000000000000.png.bak'), 'old');
      for (const url of ['/uploads/backups/db-dump.sql', '/uploads/users/notes.txt', '/uploads/users/00000000-0000-4000-8000-000000000000.png.bak']) {
        const res = await t.app.inject(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('admin@example.com');
      }
      const { profile_pic, thumbnail } = await userRow(owner);
      for (const url of [profile_pic!, thumbnail!]) expect((await t.app.inject(url)).statusCode, url).toBe(200);
    });
  });

  describe('a giant image is refused, a large one stored smaller, on every upload path (finding 16)', () => {
    const giant = pixelBombPng(16000, 16000);
    const tooLarge = { status: 400, message: errorMessages.imageTooLarge };

    it('refuses a 16000 x 16000 PNG of a few KB everywhere, storing nothing', async () => {
      expect(giant.length).toBeLessThan(100_000);
      const before = storedFiles();
      const users = (await t.ctx.db.selectFrom('users').select('id').execute()).length;
      const attempts = [
        send('/api/user', admin, { name: 'Giant Picture', email: 'giant@example.com', phone: '5301234567', user_type: 'User', password: PASSWORD, status: 'Active', profile_pic: file('g.png', giant) }),
        send('/api/user', admin, { name: 'Giant Staff', email: 'giant-staff@example.com', phone: '5301234567', user_type: 'Sub-Admin', profile_pic: file('g.png', giant) }),
        send('/api/user/update-user', admin, { id: String(owner), name: 'Deniz Traveller', status: 'Active', profile_pic: file('g.png', giant) }),
        send('/api/auth/user/update', admin, { name: 'Admin Person', profile_pic: file('g.png', giant) }),
        savePost(admin, [{ ...AT_IZMIR, latitude: 40.1, longitude: 29.1, name: 'Giant', imageIndex: 0 }], file('g.png', giant)),
      ];
      for (const res of await Promise.all(attempts)) expect(res.json()).toMatchObject(tooLarge);
      expect(storedFiles()).toEqual(before);
      expect((await t.ctx.db.selectFrom('users').select('id').execute()).length).toBe(users);
    });

    it('stores a photo past 8,000 px a side or 40 megapixels smaller, keeping its format and shape', async () => {
      const wide = await send('/api/auth/user/update', admin, { name: 'Admin Person', profile_pic: file('wide.png', pixelBombPng(9000, 1000)) });
      expect(wide.statusCode).toBe(200);
      const adminPicture = wide.json().data.user.profile_pic as string;
      expect(await sharp((await t.app.inject(adminPicture)).rawPayload).metadata()).toMatchObject({ format: 'png', width: 8000, height: 889 });

      const photo = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#557799' } }).jpeg().toBuffer();
      const post = await savePost(admin, [{ ...AT_IZMIR, latitude: 39.9, longitude: 32.8, name: 'Large Photo', imageIndex: 0 }], file('photo.jpg', photo, 'image/jpeg'));
      expect(post.statusCode).toBe(200);
      const stored = await sharp((await t.app.inject(post.json().data.data.postSpot[0].spot.image)).rawPayload).metadata();
      expect(stored).toMatchObject({ format: 'jpeg', width: 6324, height: 6324 });
    });
  });

  describe('an SVG is rendered without what it references (finding 17)', () => {
    it('does not draw a stored profile picture, a file or an address the SVG names', async () => {
      const { profile_pic } = await userRow(owner);
      const bright = path.join(t.dataDir, 'uploads', profile_pic!.slice('/uploads/'.length));
      expect((await sharp(bright).stats()).channels[0].min).toBe(255);
      const target = `file://${bright}`;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="30">
<rect width="40" height="30" fill="#000"/>
<image href="${target}" width="40" height="30"/>
<image xlink:href="${target}" x="0" y="0" width="40" height="30"/>
<image href="http://127.0.0.1:9/picture.png" width="40" height="30"/>
<filter id="f"><feImage xlink:href="${target}"/></filter><rect width="40" height="30" filter="url(#f)"/>
</svg>`;
      const res = await savePost(admin, [{ ...AT_IZMIR, latitude: 41.0, longitude: 28.9, name: 'Drawing', imageIndex: 0 }], file('drawing.svg', Buffer.from(svg), 'image/svg+xml'));
      expect(res.statusCode).toBe(200);
      const stored = res.json().data.data.postSpot[0].spot.image as string;
      expect(stored).toMatch(/\.png$/);
      const pixels = await sharp((await t.app.inject(stored)).rawPayload).stats();
      // all black: nothing of the bright picture was drawn in
      for (const channel of pixels.channels.slice(0, 3)) expect(channel.max).toBe(0);
    });

    it('still draws what the SVG holds itself: its gradients, styles, reused shapes and embedded pictures', async () => {
      const red = (await png('#ff0000', 10, 10)).toString('base64');
      const svg = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY file SYSTEM "file:///etc/hostname">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="10">
<style><![CDATA[ @import url("file:///etc/hostname"); .blue { fill: #0000ff } ]]></style>
<defs><linearGradient id="g"><stop offset="0" stop-color="#00ff00"/><stop offset="1" stop-color="#00ff00"/></linearGradient><rect id="r" width="10" height="10"/></defs>
<rect width="10" height="10" fill="url(#g)"/>
<image x="10" width="10" height="10" xlink:href="data:image/png;base64,${red}"/>
<use href="#r" x="20" style="fill: #0000ff"/>
<rect x="30" width="10" height="10" fill="#ffffff"/><text>&file;</text>
</svg>`;
      const res = await savePost(admin, [{ ...AT_IZMIR, latitude: 41.2, longitude: 29.0, name: 'Own drawing', imageIndex: 0 }], file('own.svg', Buffer.from(svg), 'image/svg+xml'));
      expect(res.statusCode).toBe(200);
      const stored = sharp((await t.app.inject(res.json().data.data.postSpot[0].spot.image)).rawPayload);
      const { data, info } = await stored.removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (x: number) => [...data.subarray((5 * info.width + x) * 3, (5 * info.width + x) * 3 + 3)];
      expect([at(5), at(15), at(25), at(35)]).toEqual([
        [0, 255, 0],
        [255, 0, 0],
        [0, 0, 255],
        [255, 255, 255],
      ]);
    });
  });
});
