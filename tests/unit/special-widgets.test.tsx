// The admin's special widgets, rendered against the in-memory dataProvider (tests/support/fakeDataProvider.ts)
// with the catalogues and the theme: the inline sequence editor of the post list, the spot rows of the post
// dialog, the image slider, the report status button and the user list's Active / Inactive bulk actions.
// What is checked is what a person sees and what the dataProvider receives.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { ReactNode } from 'react';
import { Admin, AdminContext, type DataProvider, memoryStore, Notification, type RaRecord, Resource, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageSlider, type SlideImage } from '@admin/components/ImageSlider';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { tr } from '@admin/i18n/tr';
import { ReportPostList } from '@admin/resources/report/ReportPostList';
import { ReportedCommentList } from '@admin/resources/reportedComments/ReportedCommentList';
import { ReportedUserList } from '@admin/resources/reportedUsers/ReportedUserList';
import { PostFormDialog } from '@admin/resources/post/PostFormDialog';
import type { toWire } from '@admin/resources/post/postForm';
import { PostList } from '@admin/resources/post/PostList';
import { UserList } from '@admin/resources/user/UserList';
import { themeFor } from '@admin/theme';
import { fakeDataProvider } from '../support/fakeDataProvider';

afterEach(cleanup);

const catalogues = { en, tr, ar };
type Locale = keyof typeof catalogues;
const i18nFor = (locale: Locale) => polyglotI18nProvider(() => catalogues[locale] as never, locale);
const directionOf = (locale: Locale) => (locale === 'ar' ? 'rtl' : 'ltr');

/** The admin around the given resources, opened at `path`: react-admin's notifications, no menu or app bar (faster). */
function renderAdmin(path: string, provider: DataProvider, locale: Locale, resources: ReactNode) {
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin
        store={memoryStore()}
        dataProvider={provider}
        i18nProvider={i18nFor(locale)}
        theme={themeFor(directionOf(locale))}
        layout={BareLayout}
        disableTelemetry
      >
        {resources}
      </Admin>
    </TestMemoryRouter>,
  );
}
const BareLayout = ({ children }: { children: ReactNode }) => <main>{children}</main>;

/** The fake dataProvider with the back-office's own methods the widgets call, as spies. */
function backOffice(records: Record<string, RaRecord[]>) {
  const fake = fakeDataProvider(records);
  const changeSequence = vi.fn(async (resource: string, id: RaRecord['id'], sequence: number) => {
    const list = fake.records[resource];
    const i = list.findIndex((r) => r.id === id);
    list[i] = { ...list[i], sequence };
    // the server answers in English; the widget shows the catalogue's text
    return { message: 'Sequence has been updated successfully' };
  });
  return { ...fake, provider: { ...fake.provider, changeSequence }, changeSequence };
}

// ---------------------------------------------------------------------------------------------------
// 1. The sequence editor (src/admin/components/SequenceEditor.tsx) in the post list
// ---------------------------------------------------------------------------------------------------

const POSTS = () => [
  { id: 7, title: 'Aegean coast', description: 'Three days by the sea', user: 'Deniz', image: null, sequence: 3, created_at: '2026-01-05T10:00:00.000Z' },
  { id: 8, title: 'Cappadocia', description: 'Balloons at dawn', user: 'Ayşe', image: null, sequence: 0, created_at: '2026-02-05T10:00:00.000Z' },
];

function renderPostList(locale: Locale = 'en') {
  const fake = backOffice({ post: POSTS() });
  renderAdmin('/post', fake.provider, locale, <Resource name="post" list={PostList} />);
  return fake;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('the sequence editor', () => {
  it('sends the id and the typed sequence on confirm, then shows the toast and the new value', async () => {
    const fake = renderPostList();
    await screen.findByText('Aegean coast');
    const row = rowOf('Aegean coast');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit sequence: 3' }));
    const input = within(row).getByRole('spinbutton', { name: 'Edit sequence' }) as HTMLInputElement;
    expect(input.value).toBe('3');
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save sequence' }));

    await waitFor(() => expect(fake.changeSequence).toHaveBeenCalledTimes(1));
    expect(fake.changeSequence).toHaveBeenCalledWith('post', 7, 12);
    expect(await screen.findByText('Sequence has been updated successfully')).toBeTruthy();
    // the list is read again and the row shows its new sequence, no longer in edit mode
    expect(await within(rowOf('Aegean coast')).findByRole('button', { name: 'Edit sequence: 12' })).toBeTruthy();
    expect(within(rowOf('Aegean coast')).queryByRole('spinbutton')).toBeNull();
    expect(fake.calls.filter((c) => c.method === 'getList').length).toBeGreaterThan(1);
  });

  it('confirms with Enter and cancels with Escape or the Cancel button without sending anything', async () => {
    const fake = renderPostList();
    await screen.findByText('Cappadocia');
    const row = rowOf('Cappadocia');

    fireEvent.click(within(row).getByRole('button', { name: 'Edit sequence: 0' }));
    fireEvent.change(within(row).getByRole('spinbutton'), { target: { value: '4' } });
    fireEvent.keyDown(within(row).getByRole('spinbutton'), { key: 'Escape' });
    expect(within(row).queryByRole('spinbutton')).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Edit sequence: 0' }));
    fireEvent.change(within(row).getByRole('spinbutton'), { target: { value: '4' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(within(row).queryByRole('spinbutton')).toBeNull();
    expect(fake.changeSequence).not.toHaveBeenCalled();

    fireEvent.click(within(row).getByRole('button', { name: 'Edit sequence: 0' }));
    fireEvent.change(within(row).getByRole('spinbutton'), { target: { value: '5' } });
    fireEvent.keyDown(within(row).getByRole('spinbutton'), { key: 'Enter' });
    await waitFor(() => expect(fake.changeSequence).toHaveBeenCalledWith('post', 8, 5));
    expect(await within(rowOf('Cappadocia')).findByRole('button', { name: 'Edit sequence: 5' })).toBeTruthy();
  });

  it('marks a value that is not a whole number of 0 or more, blocks the save and sends nothing', async () => {
    const fake = renderPostList();
    await screen.findByText('Aegean coast');
    const row = rowOf('Aegean coast');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit sequence: 3' }));
    const input = within(row).getByRole('spinbutton');
    for (const bad of ['-2', '2.5']) {
      fireEvent.change(input, { target: { value: bad } });
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect((within(row).getByRole('button', { name: 'Save sequence' }) as HTMLButtonElement).disabled).toBe(true);
    }
    // Enter on a bad value closes the editor with the stored value, and nothing is sent
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(within(row).getByRole('button', { name: 'Edit sequence: 3' })).toBeTruthy();
    // the same value again: nothing to send either
    fireEvent.click(within(row).getByRole('button', { name: 'Edit sequence: 3' }));
    expect(within(row).getByRole('spinbutton').getAttribute('aria-invalid')).toBe('false');
    fireEvent.click(within(row).getByRole('button', { name: 'Save sequence' }));
    await act(async () => {});
    expect(fake.changeSequence).not.toHaveBeenCalled();
  });

  it('speaks Turkish: a failure keeps the stored value, a success\'s English message is shown in Turkish', async () => {
    const fake = renderPostList('tr');
    fake.changeSequence.mockRejectedValueOnce(Object.assign(new Error('Unable to update sequence'), { status: 500 }));
    await screen.findByText('Aegean coast');
    const row = rowOf('Aegean coast');
    fireEvent.click(within(row).getByRole('button', { name: 'Sırayı düzenle: 3' }));
    fireEvent.change(within(row).getByRole('spinbutton', { name: 'Sırayı düzenle' }), { target: { value: '9' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Sırayı kaydet' }));
    expect(await screen.findByText('Sıra güncellenemedi')).toBeTruthy();
    expect(fake.changeSequence).toHaveBeenCalledWith('post', 7, 9);
    expect(within(rowOf('Aegean coast')).getByRole('button', { name: 'Sırayı düzenle: 3' })).toBeTruthy();

    // the next try succeeds: the server's English message is shown in Turkish
    fireEvent.click(within(rowOf('Aegean coast')).getByRole('button', { name: 'Sırayı düzenle: 3' }));
    fireEvent.change(within(rowOf('Aegean coast')).getByRole('spinbutton'), { target: { value: '1' } });
    fireEvent.click(within(rowOf('Aegean coast')).getByRole('button', { name: 'Sırayı kaydet' }));
    expect(await screen.findByText('Sıra başarıyla güncellendi')).toBeTruthy();
    expect(fake.changeSequence).toHaveBeenLastCalledWith('post', 7, 1);
    expect(screen.queryByText('Sequence has been updated successfully')).toBeNull();
    expect(await within(rowOf('Aegean coast')).findByRole('button', { name: 'Sırayı düzenle: 1' })).toBeTruthy();
  });
});

// ---------------------------------------------------------------------------------------------------
// 2. The spot rows of the post dialog (src/admin/resources/post/PostSpotRows.tsx in PostFormDialog)
// ---------------------------------------------------------------------------------------------------

const spot = (id: number, name: string, image: string | null) => ({
  id: id * 10,
  itinerary_date: null,
  spot: { id, name, status: 'Active', image, thumbnail_url: null, address: `${name}, Türkiye`, latitude: 38, longitude: 27, city: name, state: name, country: 'Türkiye' },
});
const POST_DETAIL = () => ({
  id: 7,
  type: 'post',
  user_id: 4,
  user: { id: 4, name: 'Deniz' },
  title: 'Aegean coast',
  description: 'Three days by the sea',
  itinerary_date: '2026-05-01T10:30:00.000Z',
  is_planeed: '0',
  is_public: 1,
  created_at: '2026-05-01T10:30:00.000Z',
  deleted_at: null,
  postCategory: [],
  postTag: [],
  postSpot: [spot(3, 'Alaçatı', '/uploads/spots/alacati.png'), spot(9, 'Çeşme', '/uploads/spots/cesme.png')],
});
const IZMIR = { name: 'İzmir', address: 'İzmir, İzmir, Türkiye', latitude: 38.41, longitude: 27.14, city: 'İzmir', state: 'İzmir', country: 'Türkiye', post_code: null };

function renderPostDialog(locale: Locale = 'en', place: object = IZMIR) {
  const fake = backOffice({ post: [POST_DETAIL()] });
  const placeSuggestions = vi.fn(async (input: string) => [{ id: 'g-izmir', description: `${IZMIR.address} (${input})` }]);
  const placeOf = vi.fn(async (id: string) => ({ ...place, id }));
  const onClose = vi.fn();
  render(
    <AdminContext
      store={memoryStore()}
      dataProvider={{ ...fake.provider, placeSuggestions, place: placeOf }}
      i18nProvider={i18nFor(locale)}
      theme={themeFor(directionOf(locale))}
    >
      {/* the dialog opens over the post list, inside its resource */}
      <ResourceContextProvider value="post">
        <PostFormDialog id={7} open onClose={onClose} />
      </ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );
  return { ...fake, placeSuggestions, placeOf, onClose };
}

const spotRows = () => Array.from(document.querySelectorAll<HTMLElement>('.RaSimpleFormIterator-line'));
const addressOf = (row: HTMLElement) => (within(row).getByRole('combobox') as HTMLInputElement).value;
const updateData = (fake: ReturnType<typeof backOffice>) =>
  (fake.calls.find((c) => c.method === 'update')?.params as { id: number; data: ReturnType<typeof toWire> } | undefined);

describe('the spot rows of the post dialog', () => {
  it('shows the stored spots as numbered rows, and sends the remaining ones after a row is removed', async () => {
    const fake = renderPostDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Post' });
    await waitFor(() => expect(spotRows()).toHaveLength(2));
    expect(spotRows().map(addressOf)).toEqual(['Alaçatı', 'Çeşme']);
    expect(within(spotRows()[0]).getByText('1.')).toBeTruthy();
    expect(within(spotRows()[1]).getByText('2.')).toBeTruthy();
    // a stored image reads 'Change image'
    expect(within(spotRows()[1]).getByText('Change image')).toBeTruthy();

    fireEvent.click(within(spotRows()[1]).getByRole('button', { name: 'Remove this spot' }));
    await waitFor(() => expect(spotRows()).toHaveLength(1));
    fireEvent.click(within(dialog).getByText('Save'));

    await waitFor(() => expect(updateData(fake)).toBeDefined());
    const { id, data } = updateData(fake)!;
    expect(id).toBe(7);
    expect(data.spotData).toEqual([{ id: 3, image: '/uploads/spots/alacati.png', imageIndex: undefined }]);
    expect(data.deleted_spots).toEqual([9]);
    expect(data.images).toEqual([]);
    expect(data).toMatchObject({ user_id: 4, title: 'Aegean coast', itinerary_date: '2026-05-01 10:30:00', type: 'post' });
    expect(await screen.findByText('Post has been updated Successfully')).toBeTruthy();
    expect(fake.onClose).toHaveBeenCalledTimes(1);
  });

  it('adds a row only when every row is complete, and sends a new place with its chosen image', async () => {
    const fake = renderPostDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Post' });
    await waitFor(() => expect(spotRows()).toHaveLength(2));
    const add = () => within(dialog).getByLabelText('Add another spot') as HTMLButtonElement;
    expect(add().disabled).toBe(false);
    fireEvent.click(add());
    await waitFor(() => expect(spotRows()).toHaveLength(3));
    const row = spotRows()[2];
    expect(within(row).getByText('3.')).toBeTruthy();
    expect(addressOf(row)).toBe('');
    // the new row is empty: no other row until it has its place and its image, and no message yet
    expect(add().disabled).toBe(true);
    expect(within(dialog).queryByRole('alert')).toBeNull();

    // a save attempt with the empty row says what is missing, and sends nothing
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('Address or Images cannot be empty')).toBeTruthy();
    expect(within(row).getByText('Please Enter Address')).toBeTruthy();
    expect(within(row).getByText('Please Add Image')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'update')).toBe(false);

    // the address through the autocomplete: typed, offered, chosen
    fireEvent.change(within(row).getByRole('combobox', { name: 'Address' }), { target: { value: 'izm' } });
    fireEvent.click(await screen.findByRole('option', { name: 'İzmir, İzmir, Türkiye (izm)' }));
    expect(fake.placeSuggestions).toHaveBeenCalledWith('izm', expect.anything());
    await waitFor(() => expect(fake.placeOf).toHaveBeenCalledWith('g-izmir'));
    await waitFor(() => expect(addressOf(spotRows()[2])).toBe('İzmir, İzmir, Türkiye (izm)'));
    expect(within(spotRows()[2]).queryByText('Please Enter Address')).toBeNull();
    expect(add().disabled).toBe(true);

    // then its image
    // a picture's first bytes are checked when it is chosen: a PNG's signature
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'izmir.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(within(spotRows()[2]).getByLabelText('Add Image'), { target: { files: [picture] } });
    });
    expect(within(spotRows()[2]).getByText('izmir.png')).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByText('Address or Images cannot be empty')).toBeNull());
    expect(add().disabled).toBe(false);

    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(updateData(fake)).toBeDefined());
    const { data } = updateData(fake)!;
    expect(data.spotData).toEqual([
      { id: 3, image: '/uploads/spots/alacati.png', imageIndex: undefined },
      { id: 9, image: '/uploads/spots/cesme.png', imageIndex: undefined },
      { name: 'İzmir', address: 'İzmir, İzmir, Türkiye (izm)', latitude: 38.41, longitude: 27.14, city: 'İzmir', state: 'İzmir', country: 'Türkiye', post_code: null, image: undefined, imageIndex: 0 },
    ]);
    expect(data.images).toEqual([picture]);
    expect(data.deleted_spots).toEqual([]);
  });

  it('links one of the product\'s own spots, with its picture, instead of adding a place', async () => {
    const fake = renderPostDialog('en', { ...IZMIR, name: 'Kemeraltı', spotId: 42, image: '/uploads/spots/kemeralti.png' });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Post' });
    await waitFor(() => expect(spotRows()).toHaveLength(2));
    fireEvent.change(within(spotRows()[1]).getByRole('combobox', { name: 'Address' }), { target: { value: 'kem' } });
    fireEvent.click(await screen.findByRole('option', { name: 'İzmir, İzmir, Türkiye (kem)' }));
    // the spot's picture comes with it: the row is complete without choosing a file
    await waitFor(() => expect((within(dialog).getByLabelText('Add another spot') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(updateData(fake)).toBeDefined());
    const { data } = updateData(fake)!;
    expect(data.spotData).toEqual([
      { id: 3, image: '/uploads/spots/alacati.png', imageIndex: undefined },
      { id: 42, image: '/uploads/spots/kemeralti.png', imageIndex: undefined },
    ]);
    // the spot that was in the row is taken out of the post
    expect(data.deleted_spots).toEqual([9]);
  });

  it('refuses a file of another type under its row', async () => {
    const fake = renderPostDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Post' });
    await waitFor(() => expect(spotRows()).toHaveLength(2));
    await act(async () => {
      fireEvent.change(within(spotRows()[0]).getByLabelText('Add Image'), { target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })] } });
    });
    expect(await within(spotRows()[0]).findByText(/File type is not supported/)).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Save'));
    await act(async () => {});
    expect(fake.calls.some((c) => c.method === 'update')).toBe(false);
  });

  it('speaks Turkish', async () => {
    renderPostDialog('tr');
    const dialog = await screen.findByRole('dialog', { name: 'Gönderiyi Düzenle' });
    await waitFor(() => expect(spotRows()).toHaveLength(2));
    expect(within(dialog).getByText('Mekânlar')).toBeTruthy();
    expect(within(spotRows()[0]).getByRole('button', { name: 'Bu mekânı kaldır' })).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Bir mekân daha ekle'));
    await waitFor(() => expect(spotRows()).toHaveLength(3));
    fireEvent.click(within(dialog).getByText('Kaydet'));
    expect(await within(dialog).findByText('Adres veya görseller boş olamaz')).toBeTruthy();
    expect(within(spotRows()[2]).getByText('Lütfen adres girin')).toBeTruthy();
  });
});

// ---------------------------------------------------------------------------------------------------
// 3. The image slider (src/admin/components/ImageSlider.tsx), alone and opened from the post list
// ---------------------------------------------------------------------------------------------------

const SLIDES = [
  { src: '/uploads/spots/galata.png', caption: 'Galata Tower' },
  { src: '/uploads/spots/balat.png', caption: 'Balat' },
  { src: '/uploads/spots/moda.png', caption: 'Moda' },
  { src: '/uploads/spots/kuzguncuk.png', caption: 'Kuzguncuk' },
  { src: '/uploads/spots/ortakoy.png', caption: 'Ortaköy' },
  { src: '/uploads/spots/bebek.png', caption: 'Bebek' },
];

function renderSlider(images: SlideImage[], locale: Locale = 'en', start?: number) {
  const onClose = vi.fn();
  render(
    <AdminContext store={memoryStore()} dataProvider={fakeDataProvider({}).provider} i18nProvider={i18nFor(locale)} theme={themeFor(directionOf(locale))}>
      <ImageSlider images={images} open onClose={onClose} start={start} />
    </AdminContext>,
  );
  return onClose;
}

/** The slide a person sees: the one image of the slider that is displayed. */
const shownSlide = () => {
  const shown = Array.from(screen.getByRole('dialog').querySelectorAll('img[data-slide]')).filter((img) => getComputedStyle(img).display !== 'none');
  expect(shown).toHaveLength(1);
  return shown[0].getAttribute('alt');
};
const position = () => within(screen.getByRole('dialog')).getByRole('status').textContent;
const press = (key: string) => fireEvent.keyDown(screen.getByRole('dialog'), { key });

describe('the image slider', () => {
  it('shows the first image with its caption and position, and the buttons move it round', () => {
    renderSlider(SLIDES.slice(0, 3));
    expect(screen.getByRole('dialog', { name: 'Images' })).toBeTruthy();
    expect(shownSlide()).toBe('Galata Tower');
    expect(position()).toBe('Galata Tower · 1 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shownSlide()).toBe('Balat');
    expect(position()).toBe('Balat · 2 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    // past the last one it starts again
    expect(position()).toBe('Galata Tower · 1 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(shownSlide()).toBe('Moda');
    expect(position()).toBe('Moda · 3 / 3');
  });

  it('moves with the arrow keys, Home and End, and closes with Escape or the close button', () => {
    const onClose = renderSlider(SLIDES.slice(0, 4));
    press('ArrowRight');
    expect(position()).toBe('Balat · 2 / 4');
    press('End');
    expect(shownSlide()).toBe('Kuzguncuk');
    press('ArrowRight');
    expect(position()).toBe('Galata Tower · 1 / 4');
    press('ArrowLeft');
    expect(position()).toBe('Kuzguncuk · 4 / 4');
    press('Home');
    expect(position()).toBe('Galata Tower · 1 / 4');
    expect(onClose).not.toHaveBeenCalled();
    press('Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('moves with a swipe, and opens at the given image', () => {
    renderSlider(SLIDES.slice(0, 3), 'en', 2);
    expect(position()).toBe('Moda · 3 / 3');
    const stage = screen.getByRole('dialog').querySelector('[data-slide]')!.parentElement!;
    fireEvent.pointerDown(stage, { clientX: 300 });
    fireEvent.pointerUp(stage, { clientX: 100 });
    expect(position()).toBe('Galata Tower · 1 / 3');
    // a small movement is no swipe
    fireEvent.pointerDown(stage, { clientX: 100 });
    fireEvent.pointerUp(stage, { clientX: 130 });
    expect(position()).toBe('Galata Tower · 1 / 3');
    fireEvent.pointerDown(stage, { clientX: 100 });
    fireEvent.pointerUp(stage, { clientX: 300 });
    expect(position()).toBe('Moda · 3 / 3');
  });

  it('puts only the shown image and its neighbours in the page', () => {
    renderSlider(SLIDES);
    const inPage = () => Array.from(document.querySelectorAll('img[data-slide]')).map((img) => img.getAttribute('data-slide'));
    expect(inPage()).toEqual(['0', '1', '2', '4', '5']);
    press('End');
    expect(inPage()).toEqual(['0', '1', '3', '4', '5']);
  });

  it('shows one image without arrows, and no image as 0 / 0', () => {
    renderSlider([{ src: '/uploads/spots/galata.png' }]);
    expect(shownSlide()).toBe('');
    expect(position()).toBe('1 / 1');
    expect(screen.queryByRole('button', { name: 'Next image' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Previous image' })).toBeNull();
    press('ArrowRight');
    expect(position()).toBe('1 / 1');
    cleanup();
    renderSlider([]);
    expect(document.querySelectorAll('img[data-slide]')).toHaveLength(0);
    expect(position()).toBe('0 / 0');
    expect(screen.queryByRole('button', { name: 'Next image' })).toBeNull();
  });

  it('follows the reading order in Arabic, and speaks Turkish', () => {
    renderSlider(SLIDES.slice(0, 3), 'ar');
    expect(screen.getByRole('dialog', { name: 'الصور' })).toBeTruthy();
    expect(position()).toBe('Galata Tower · 1 من 3');
    // right to left: the left arrow key goes forward, the right one back
    press('ArrowLeft');
    expect(position()).toBe('Balat · 2 من 3');
    press('ArrowRight');
    press('ArrowRight');
    expect(position()).toBe('Moda · 3 من 3');
    fireEvent.click(screen.getByRole('button', { name: 'الصورة التالية' }));
    expect(shownSlide()).toBe('Galata Tower');
    cleanup();
    renderSlider(SLIDES.slice(0, 3), 'tr');
    fireEvent.click(screen.getByRole('button', { name: 'Sonraki görsel' }));
    expect(position()).toBe('Balat · 3 görselden 2.');
    expect(screen.getByRole('button', { name: 'Önceki görsel' })).toBeTruthy();
  });

  it('opens from the post list with the spots\' images, loaded from the post\'s detail', async () => {
    // the list's rows name the first picture only; the spots come with the post's detail
    const fake = backOffice({
      post: [
        { ...POSTS()[0], image: '/uploads/spots/alacati.png' },
        { ...POSTS()[1], image: null },
        // a picture in the list, but no spot of the post has one any more
        { ...POSTS()[0], id: 9, title: 'Mardin', image: '/uploads/spots/old.png' },
      ],
    });
    const details: Record<number, object> = { 7: POST_DETAIL(), 9: { ...POST_DETAIL(), id: 9, title: 'Mardin', postSpot: [spot(5, 'Mardin', null)] } };
    const getOne = async (resource: string, params: { id: RaRecord['id'] }) => {
      fake.calls.push({ method: 'getOne', resource, params });
      return { data: details[Number(params.id)] as never };
    };
    renderAdmin('/post', { ...fake.provider, getOne }, 'en', <Resource name="post" list={PostList} />);
    await screen.findByText('Aegean coast');
    // a post without a picture has nothing to open
    expect((screen.getByLabelText('Show the images of Cappadocia') as HTMLButtonElement).disabled).toBe(true);
    expect(fake.calls.some((c) => c.method === 'getOne')).toBe(false);
    fireEvent.click(screen.getByLabelText('Show the images of Aegean coast'));
    await screen.findByRole('dialog', { name: 'Images' });
    expect(fake.calls.find((c) => c.method === 'getOne')).toMatchObject({ resource: 'post', params: { id: 7 } });
    expect(shownSlide()).toBe('Alaçatı');
    expect(position()).toBe('Alaçatı · 1 / 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shownSlide()).toBe('Çeşme');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // nothing to show: the detail is read, and no empty slider opens
    fireEvent.click(screen.getByLabelText('Show the images of Mardin'));
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'getOne').map((c) => (c.params as { id: number }).id)).toEqual([7, 9]));
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------
// 4. The report status cell (ReportStatusCell of src/admin/components/reports/ReportCells.tsx): the
//    target's status, and the verb-labelled action beside it
// ---------------------------------------------------------------------------------------------------

const reporter = { id: 21, name: 'Selin' };
const REPORTS = () => ({
  report: [
    { id: 1, type: 'post', post_id: 7, userStatusByAdmin: 'Active', reason: 'Spam', user: reporter, post: { id: 7, title: 'Aegean coast', type: 'post', deleted_at: null, user: { id: 4, name: 'Deniz' } }, comment: null, reportedUserInfo: { id: 4, name: 'Deniz' } },
    { id: 2, type: 'post', post_id: 8, userStatusByAdmin: 'Inactive', reason: 'Wrong place', user: reporter, post: { id: 8, title: 'Cappadocia', type: 'post', deleted_at: '2026-03-01T00:00:00.000Z', user: { id: 5, name: 'Ayşe' } }, comment: null, reportedUserInfo: { id: 5, name: 'Ayşe' } },
    { id: 3, type: 'post', post_id: 9, userStatusByAdmin: null, reason: null, user: reporter, post: { id: 9, title: 'Mardin', type: 'post', deleted_at: null, user: { id: 6, name: 'Mert' } }, comment: null, reportedUserInfo: { id: 6, name: 'Mert' } },
  ],
  reportedComments: [
    { id: 11, type: 'comment', comment_id: 31, userStatusByAdmin: 'Active', reason: 'Rude', user: reporter, post: { id: 7, title: 'Aegean coast', type: 'post', deleted_at: null, user: { id: 4, name: 'Deniz' } }, comment: { comment: 'Worst trip ever' }, reportedUserInfo: { id: 6, name: 'Mert' } },
  ],
  reportedUsers: [
    { id: 12, type: 'user', other_user_id: 6, userStatusByAdmin: 'Active', reason: 'Fake profile', user: reporter, post: null, comment: null, reportedUserInfo: { id: 6, name: 'Mert', status: 'Active' } },
    { id: 13, type: 'user', other_user_id: 5, userStatusByAdmin: 'Inactive', reason: 'Spam', user: reporter, post: null, comment: null, reportedUserInfo: { id: 5, name: 'Ayşe', status: 'Inactive' } },
  ],
});

function renderReports(path: string, locale: Locale = 'en') {
  const records: Record<string, RaRecord[]> = REPORTS();
  const fake = backOffice(records);
  // the server sets the other status than the one named (spec §4) and answers in English
  const moderateReport = vi.fn(async (report: { id: RaRecord['id']; type: string; userStatusByAdmin?: string | null }) => {
    const list = Object.values(fake.records).find((rows) => rows.some((r) => r.id === report.id))!;
    const i = list.findIndex((r) => r.id === report.id);
    const status = report.userStatusByAdmin === 'Active' ? 'Inactive' : 'Active';
    list[i] = { ...list[i], userStatusByAdmin: status };
    return { status, message: report.type === 'user' ? 'User Status has been updated Successfully' : 'Post Status has been updated Successfully' };
  });
  renderAdmin(
    path,
    { ...fake.provider, moderateReport },
    locale,
    <>
      <Resource name="report" list={ReportPostList} />
      <Resource name="reportedComments" list={ReportedCommentList} />
      <Resource name="reportedUsers" list={ReportedUserList} />
    </>,
  );
  return { ...fake, moderateReport };
}

const reportRow = async (reason: string) => (await screen.findByText(reason)).closest('tr') as HTMLElement;
/** The row's status button (found by its column: while the question is open, the list is hidden from the accessibility tree). */
const statusButtonOf = (row: HTMLElement) => row.querySelector('td.column-status button') as HTMLButtonElement;
/** The row's status chip: the target's status now. */
const statusChipOf = (row: HTMLElement) => (row.querySelector('td.column-status .MuiChip-root') as HTMLElement).textContent;

describe('the report status button', () => {
  it('shows a reported post\'s status, asks first, and sends the report with its current status once confirmed', async () => {
    const fake = renderReports('/report');
    const row = await reportRow('Spam');
    expect(statusChipOf(row)).toBe('Active');
    const button = within(row).getByRole('button', { name: 'Hide' });
    // the tooltip says what a click does
    expect(button.getAttribute('title')).toBe('Hide this post');

    fireEvent.click(button);
    const ask = await screen.findByRole('dialog', { name: 'Hide this post?' });
    expect(within(ask).getByText('"Aegean coast" will be hidden everywhere until it is shown again.')).toBeTruthy();
    // asking sends nothing, and the row's click (the detail page) is not followed
    expect(fake.moderateReport).not.toHaveBeenCalled();
    expect(screen.queryByText('Report Details')).toBeNull();

    fireEvent.click(within(ask).getByRole('button', { name: 'Hide this post' }));
    await waitFor(() => expect(fake.moderateReport).toHaveBeenCalledTimes(1));
    expect(fake.moderateReport.mock.calls[0][0]).toMatchObject({ id: 1, type: 'post', post_id: 7, userStatusByAdmin: 'Active' });
    expect(await screen.findByText('Post Status has been updated Successfully')).toBeTruthy();
    // the list is read again: the post is now Inactive, and a click would show it again
    const after = await within(await reportRow('Spam')).findByRole('button', { name: 'Show' });
    expect(after.getAttribute('title')).toBe('Show this post again');
    expect(statusChipOf(await reportRow('Spam'))).toBe('Inactive');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends nothing when the question is cancelled, and shows ---- for a report without a status', async () => {
    const fake = renderReports('/report');
    const row = await reportRow('Wrong place');
    expect(statusChipOf(row)).toBe('Inactive');
    fireEvent.click(within(row).getByRole('button', { name: 'Show' }));
    const ask = await screen.findByRole('dialog', { name: 'Show this post again?' });
    expect(within(ask).getByText('"Cappadocia" will be visible again.')).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.moderateReport).not.toHaveBeenCalled();

    const none = (await screen.findByText('Mardin')).closest('tr') as HTMLElement;
    expect(within(none).getAllByText('----').length).toBeGreaterThanOrEqual(2); // reason and status
    expect(within(none).queryByRole('button', { name: /Hide|Show/ })).toBeNull();
  });

  it('shows a reported user\'s status as the posts do, the action a verb, and the user toast', async () => {
    const fake = renderReports('/reportedUsers');
    const row = await reportRow('Fake profile');
    // the user is Active: the chip says so, the button says what a click does
    expect(statusChipOf(row)).toBe('Active');
    fireEvent.click(statusButtonOf(row));
    expect(statusButtonOf(row).textContent).toBe('Deactivate');
    const ask = await screen.findByRole('dialog', { name: 'Set this user Inactive?' });
    expect(within(ask).getByText('Mert will be set Inactive.')).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: 'Set this user Inactive' }));
    await waitFor(() => expect(fake.moderateReport).toHaveBeenCalledTimes(1));
    expect(fake.moderateReport.mock.calls[0][0]).toMatchObject({ id: 12, type: 'user', other_user_id: 6, userStatusByAdmin: 'Active' });
    expect(await screen.findByText('User Status has been updated Successfully')).toBeTruthy();
    await waitFor(() => expect(statusButtonOf(rowOf('Fake profile')).textContent).toBe('Reactivate'));
    expect(statusChipOf(rowOf('Fake profile'))).toBe('Inactive');
    // the other, Inactive user reads Inactive, its action Reactivate
    expect(statusChipOf(rowOf('Spam'))).toBe('Inactive');
    expect(statusButtonOf(rowOf('Spam')).textContent).toBe('Reactivate');
  });

  it('hides a reported comment, naming the comment', async () => {
    const fake = renderReports('/reportedComments');
    const row = await reportRow('Rude');
    fireEvent.click(within(row).getByRole('button', { name: 'Hide' }));
    const ask = await screen.findByRole('dialog', { name: 'Hide this comment?' });
    expect(within(ask).getByText('The comment "Worst trip ever" will be hidden until it is shown again.')).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: 'Hide this comment' }));
    await waitFor(() => expect(fake.moderateReport.mock.calls[0]?.[0]).toMatchObject({ id: 11, type: 'comment', comment_id: 31, userStatusByAdmin: 'Active' }));
    expect(await screen.findByText('Post Status has been updated Successfully')).toBeTruthy();
  });

  it('speaks Turkish, and shows a refusal of the server in Turkish with the status unchanged', async () => {
    const fake = renderReports('/reportedUsers', 'tr');
    fake.moderateReport.mockRejectedValueOnce(Object.assign(new Error('Staff accounts cannot be moderated.'), { status: 403 }));
    const row = await reportRow('Fake profile');
    expect(statusChipOf(row)).toBe('Aktif');
    expect(statusButtonOf(row).textContent).toBe('Pasifleştir');
    fireEvent.click(statusButtonOf(row));
    const ask = await screen.findByRole('dialog', { name: 'Bu kullanıcı Pasif yapılsın mı?' });
    expect(within(ask).getByText('Mert Pasif yapılacak.')).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: 'Bu kullanıcıyı Pasif yap' }));
    expect(await screen.findByText('Personel hesapları denetlenemez.')).toBeTruthy();
    expect(fake.moderateReport).toHaveBeenCalledTimes(1);
    expect(statusButtonOf(rowOf('Fake profile')).textContent).toBe('Pasifleştir');
  });

  it('speaks Arabic', async () => {
    renderReports('/report', 'ar');
    const row = await reportRow('Spam');
    expect(statusChipOf(row)).toBe('نشط');
    fireEvent.click(within(row).getByRole('button', { name: 'إخفاء' }));
    const ask = await screen.findByRole('dialog', { name: 'إخفاء هذا المنشور؟' });
    expect(within(ask).getByText('سيُخفى «Aegean coast» في كل مكان حتى يُعاد إظهاره.')).toBeTruthy();
    expect(within(ask).getByRole('button', { name: 'إخفاء هذا المنشور' })).toBeTruthy();
  });
});

// ---------------------------------------------------------------------------------------------------
// 4b. The Active / Inactive bulk actions of the user list (src/admin/resources/user/UserBulkActions.tsx)
// ---------------------------------------------------------------------------------------------------

const USERS = () => [
  { id: 4, name: 'Deniz', email: 'deniz@example.com', phone: '5550000004', status: 'Active', sequence: 0, postCount: 2, itineraryCount: 1, created_at: '2026-01-05T10:00:00.000Z' },
  { id: 5, name: 'Ayşe', email: 'ayse@example.com', phone: '5550000005', status: 'Active', sequence: 0, postCount: 0, itineraryCount: 0, created_at: '2026-01-06T10:00:00.000Z' },
  { id: 6, name: 'Mert', email: 'mert@example.com', phone: '5550000006', status: 'Inactive', sequence: 2, postCount: 1, itineraryCount: 0, created_at: '2026-01-07T10:00:00.000Z' },
];

function renderUsers(locale: Locale = 'en', failed: number[] = []) {
  const fake = backOffice({ user: USERS() });
  const bulkUserAction = vi.fn(async (ids: RaRecord['id'][], action: string) => {
    const done = ids.map(Number).filter((id) => !failed.includes(id));
    if (action !== 'delete') fake.records.user = fake.records.user.map((u) => (done.includes(Number(u.id)) ? { ...u, status: action === 'active' ? 'Active' : 'Inactive' } : u));
    return { succeedUserIds: done, failedUserIds: failed, message: 'Bulk action completed' };
  });
  renderAdmin('/user', { ...fake.provider, bulkUserAction }, locale, <Resource name="user" list={UserList} />);
  return { ...fake, bulkUserAction };
}

const tick = (name: string) => fireEvent.click(within(rowOf(name)).getByRole('checkbox'));
/** a cell's value as shown on a screen: without the label a phone card shows beside it */
const cellValue = (cell: Element) => [...cell.childNodes].filter((n) => !(n instanceof Element && n.classList.contains('card-label'))).map((n) => n.textContent).join('');
const statusOf = (name: string) => cellValue(rowOf(name).querySelector('td.column-status') as HTMLElement);

describe('the Active / Inactive bulk actions of the user list', () => {
  it('asks first, sends nothing when cancelled, then sets the ticked users Inactive with the count in the toast', async () => {
    const fake = renderUsers();
    await screen.findByText('Deniz');
    tick('Deniz');
    tick('Ayşe');
    fireEvent.click(await screen.findByText('Bulk actions'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Active' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Active' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.bulkUserAction).not.toHaveBeenCalled();

    fireEvent.click(screen.getByText('Bulk actions'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Inactive' }));
    const ask = await screen.findByRole('dialog', { name: 'Inactive' });
    // a status change can be changed back: not the spec's "cannot be undone", kept for the bulk delete (issue 32 p7)
    expect(within(ask).getByText('The selected users will be set to Inactive. You can change this back at any time.')).toBeTruthy();
    expect(fake.bulkUserAction).not.toHaveBeenCalled();
    fireEvent.click(within(ask).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(fake.bulkUserAction).toHaveBeenCalledTimes(1));
    const [ids, action] = fake.bulkUserAction.mock.calls[0];
    expect([...ids].sort()).toEqual([4, 5]);
    expect(action).toBe('inactive');
    expect(await screen.findByText('2 users set inactive successfully, 0 users failed')).toBeTruthy();
    await waitFor(() => expect(statusOf('Deniz')).toBe('Inactive'));
    expect(statusOf('Ayşe')).toBe('Inactive');
    expect(statusOf('Mert')).toBe('Inactive');
    // the selection is cleared
    await waitFor(() => expect((within(rowOf('Deniz')).getByRole('checkbox') as HTMLInputElement).checked).toBe(false));
    expect((within(rowOf('Ayşe')).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it('speaks Turkish, and counts the users that failed', async () => {
    const fake = renderUsers('tr', [6]);
    await screen.findByText('Mert');
    tick('Mert');
    tick('Ayşe');
    fireEvent.click(await screen.findByText('Toplu işlemler'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Aktif yap' }));
    const ask = await screen.findByRole('dialog', { name: 'Aktif yap' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Onayla' }));
    await waitFor(() => expect(fake.bulkUserAction).toHaveBeenCalledTimes(1));
    expect(fake.bulkUserAction.mock.calls[0][1]).toBe('active');
    expect(await screen.findByText('1 kullanıcı için işlem başarılı (aktif yapıldı), 1 kullanıcı başarısız')).toBeTruthy();
    await waitFor(() => expect(statusOf('Mert')).toBe('Pasif'));
    expect(statusOf('Ayşe')).toBe('Aktif');
  });
});
