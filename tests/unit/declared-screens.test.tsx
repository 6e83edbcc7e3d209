// The screens a declaration alone makes (src/admin/declared/), for the throwaway FAQ resource of the
// README's walk-through, against an in-memory dataProvider: the list with its columns, search, sort and
// pages, the add and edit dialogs checked by the declaration's schema, the confirmed delete, the detail
// page, and the texts in Turkish and Arabic.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Admin, memoryStore, Resource, TestMemoryRouter } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { declaredScreens } from '@admin/declared/screens';
import { screensOf } from '@admin/resources/screens';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { tr } from '@admin/i18n/tr';
import { menuOf } from '@admin/layout/menuItems';
import { ACCESS_ENTRIES, type AccessDeclaration, tag } from '@shared/resources/index';
import { fakeDataProvider } from '../support/fakeDataProvider';
import { FAQ_STRINGS, testFaq } from '../support/faq';
import { notice } from '../support/notice';

afterEach(cleanup);

const catalogues = { en, tr, ar };
type Locale = keyof typeof catalogues;
/** A catalogue with the FAQ's strings added, as a developer adds them to en.ts, tr.ts and ar.ts. */
function withFaq(locale: Locale) {
  const base = catalogues[locale] as typeof en;
  const strings = FAQ_STRINGS[locale];
  return {
    ...base,
    app: { ...base.app, menu: { ...base.app.menu, testfaq: strings.menu } },
    resources: { ...base.resources, testfaq: { name: strings.name, fields: strings.fields } },
  };
}

const RECORDS = () => [
  { id: 1, question: 'How do I share a spot?', answer: 'Open the spot and press Share.', status: 'Active', created_at: '2026-01-05T10:00:00.000Z', updated_at: '2026-01-05T10:00:00.000Z' },
  { id: 2, question: 'Which Istanbul districts are best?', answer: 'Balat and Kadıköy.', status: 'Inactive', created_at: '2026-02-05T10:00:00.000Z', updated_at: '2026-02-05T10:00:00.000Z' },
  { id: 3, question: 'Can I plan an itinerary?', answer: 'Yes, from the AI page.', status: 'Active', created_at: '2026-03-05T10:00:00.000Z', updated_at: '2026-03-05T10:00:00.000Z' },
];

function renderFaq(locale: Locale = 'en', path = '/testfaq') {
  const fake = fakeDataProvider({ testfaq: RECORDS() }, { testfaq: ['question', 'answer'] });
  const catalogue = withFaq(locale);
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin store={memoryStore()} dataProvider={fake.provider} i18nProvider={polyglotI18nProvider(() => catalogue as never, locale)} disableTelemetry>
        <Resource name="testfaq" {...declaredScreens(testFaq)} />
      </Admin>
    </TestMemoryRouter>,
  );
  return fake;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
async function rowMenu(text: string, item: string) {
  fireEvent.click(within(rowOf(text)).getByRole('button', { name: /^Actions for / }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('the screens of a declared resource (FAQ)', () => {
  it('gets a menu entry from its declaration', () => {
    const menu = menuOf([...(ACCESS_ENTRIES as readonly AccessDeclaration[]), testFaq]);
    const entry = menu.find((e) => e.type === 'item' && e.url === '/testfaq');
    expect(entry).toMatchObject({ id: 'testfaq', title: 'app.menu.testfaq', resource: 'testfaq' });
  });

  it('lists the listed fields, newest first, and searches and sorts through the dataProvider', async () => {
    const fake = renderFaq();
    expect(await screen.findByText('Can I plan an itinerary?')).toBeTruthy();
    for (const header of ['Question', 'Created Date', 'Status']) expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    // the answer is not a column
    expect(screen.queryByText('Open the spot and press Share.')).toBeNull();
    // each cell's value, without the label a phone card shows beside it
    const questions = () => screen.getAllByRole('row').slice(1).map((r) => [...(r.querySelector('td')?.childNodes ?? [])].filter((n) => !(n instanceof Element && n.classList.contains('card-label'))).map((n) => n.textContent).join(''));
    expect(questions()).toEqual(['Can I plan an itinerary?', 'Which Istanbul districts are best?', 'How do I share a spot?']);
    expect(fake.calls.find((c) => c.method === 'getList')?.params).toMatchObject({ sort: { field: 'id', order: 'DESC' } });

    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'istanbul' } });
    await waitFor(() => expect(questions()).toEqual(['Which Istanbul districts are best?']), { timeout: 3000 });
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: '' } });
    await waitFor(() => expect(questions()).toHaveLength(3), { timeout: 3000 });

    fireEvent.click(screen.getAllByText('Question').find((el) => el.closest('th'))!);
    await waitFor(() => expect(questions()).toEqual(['Can I plan an itinerary?', 'How do I share a spot?', 'Which Istanbul districts are best?']));
    expect(fake.calls.at(-1)?.params).toMatchObject({ sort: { field: 'question' } });
  });

  it('checks the add dialog with the declaration\'s schema before anything is sent', async () => {
    const fake = renderFaq();
    await screen.findByText('Can I plan an itinerary?');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findAllByText('Please fill in this field.')).length).toBe(2);
    fireEvent.change(within(dialog).getByLabelText(/Question/), { target: { value: 'q'.repeat(301) } });
    expect(await within(dialog).findByText('This text is too long.')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'create')).toBe(false);
  });

  it('adds a record through the dialog, Active unless told otherwise', async () => {
    const fake = renderFaq();
    await screen.findByText('Can I plan an itinerary?');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Question/), { target: { value: 'Is the app free?' } });
    fireEvent.change(within(dialog).getByLabelText(/Answer/), { target: { value: 'Yes.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.find((c) => c.method === 'create')?.params).toMatchObject({ data: { question: 'Is the app free?', answer: 'Yes.', status: 'Active' } }));
    await waitFor(() => expect(document.body.textContent).toContain('The record has been added.'));
    expect(await screen.findByText('Is the app free?')).toBeTruthy();
  });

  it('edits a row in its dialog and deletes one after confirming', async () => {
    const fake = renderFaq();
    await screen.findByText('How do I share a spot?');
    await rowMenu('How do I share a spot?', 'Edit');
    const dialog = await screen.findByRole('dialog');
    const question = within(dialog).getByLabelText(/Question/) as HTMLInputElement;
    expect(question.value).toBe('How do I share a spot?');
    fireEvent.change(question, { target: { value: 'How do I share a lighthouse?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.find((c) => c.method === 'update')?.params).toMatchObject({ id: 1, data: { question: 'How do I share a lighthouse?', status: 'Active' } }));
    expect(await screen.findByText('How do I share a lighthouse?')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await rowMenu('Can I plan an itinerary?', 'Delete');
    expect(await screen.findByText('Are you sure you want to delete this record?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    // the row leaves at once and the toast offers Undo (issue 35); the call goes when the toast has gone
    await waitFor(() => expect(screen.queryByText('Can I plan an itinerary?')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'delete')).toBeUndefined();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(fake.calls.find((c) => c.method === 'delete')?.params).toMatchObject({ id: 3 }));
  });

  it('shows the declared fields on the detail page, and says so when the record is gone', async () => {
    renderFaq('en', '/testfaq/2/show');
    expect(await screen.findByText('Balat and Kadıköy.')).toBeTruthy();
    // the resource's name in the singular, not its catalogue entry with every plural form
    expect(screen.getAllByRole('heading', { name: 'FAQ entry' }).length).toBeGreaterThan(0);
    expect(screen.queryByText(/\|\|\|\|/)).toBeNull();
    expect(screen.getByText('Answer')).toBeTruthy();
    expect(screen.getByText('Inactive')).toBeTruthy();
    cleanup();
    renderFaq('en', '/testfaq/99/show');
    expect(await screen.findByText('No data found!')).toBeTruthy();
  });

  it.each([
    ['tr', 'Soru', 'Ara', 'Pasif'],
    ['ar', 'السؤال', 'بحث', 'غير نشط'],
  ] as const)('speaks %s', async (locale, question, search, inactive) => {
    renderFaq(locale);
    await screen.findByText('Which Istanbul districts are best?');
    expect(screen.getAllByText(question).length).toBeGreaterThan(0);
    expect(screen.getByPlaceholderText(search)).toBeTruthy();
    expect(screen.getByText(inactive)).toBeTruthy();
  });
});

// Tags are declared the same way, with a unique name typed in lower case and an add dialog of several
// rows: the screens come from that declaration alone (src/admin/resources has no tag folder).
describe('the screens of a declared resource with an add dialog of several rows (tags)', () => {
  function renderTags() {
    const fake = fakeDataProvider({ tag: [{ id: 1, name: 'sunset', status: 'Active', created_at: '2026-01-05T10:00:00.000Z' }] }, { tag: ['name'] });
    render(
      <TestMemoryRouter initialEntries={['/tag']}>
        <Admin store={memoryStore()} dataProvider={fake.provider} i18nProvider={polyglotI18nProvider(() => en as never, 'en')} disableTelemetry>
          <Resource name="tag" {...screensOf(tag)} />
        </Admin>
      </TestMemoryRouter>,
    );
    return fake;
  }

  it('lists Name, Created Date and Status; adds rows lower-cased as typed, each checked by the declared rule', async () => {
    const fake = renderTags();
    await screen.findByText('sunset');
    // the spec's columns, after the row ticks of the bulk edit (issue 35)
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent).filter(Boolean)).toEqual(['Tag Name', 'Created Date', 'Status', 'Action']);
    fireEvent.click(screen.getByRole('button', { name: 'Add Tag' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText(/Tag Name/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add another row' }));
    await waitFor(() => expect(within(dialog).getAllByLabelText(/Tag Name/)).toHaveLength(2));
    const names = within(dialog).getAllByLabelText(/Tag Name/) as HTMLInputElement[];
    fireEvent.change(names[0], { target: { value: 'Kadıköy Piers' } });
    expect(names[0].value).toBe('kadıköy piers');
    // both rows start Active; the second, left empty, says so and blocks Save (spec §5)
    expect(within(dialog).getAllByText('Active')).toHaveLength(2);
    fireEvent.focus(names[1]);
    fireEvent.blur(names[1]);
    expect(await within(dialog).findByText('Tag Name should not be empty.')).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Remove this row' })[1]);
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false));
    expect(fake.calls.some((c) => c.method === 'create')).toBe(false);
  });
});

describe('the detail page of a declared rich-text field (issue 33)', () => {
  it('shows rich text rendered, never as markup, and runs nothing a record holds', async () => {
    const body = '<p>Sale on <strong>Friday</strong></p><img src="x" onerror="window.__ran = true"><script>window.__ran = true</script>';
    const fake = fakeDataProvider({ testnotice: [{ id: 7, title: 'Friday sale', slug: 'friday-sale', body, status: 'Active', created_at: '2026-01-05T10:00:00.000Z', updated_at: '2026-01-05T10:00:00.000Z' }] }, {});
    render(
      <TestMemoryRouter initialEntries={['/testnotice/7/show']}>
        <Admin store={memoryStore()} dataProvider={fake.provider} i18nProvider={polyglotI18nProvider(() => en as never, 'en')} disableTelemetry>
          <Resource name="testnotice" {...declaredScreens(notice)} />
        </Admin>
      </TestMemoryRouter>,
    );
    const bold = await screen.findByText('Friday', { selector: 'strong' });
    expect(bold.closest('p')?.textContent).toBe('Sale on Friday');
    expect(screen.queryByText(/<p>|<strong>/)).toBeNull();
    expect(document.querySelector('script, img[onerror]')).toBeNull();
    expect((window as { __ran?: boolean }).__ran).toBeUndefined();
  });
});
