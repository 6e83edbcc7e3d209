// A throwaway declared resource holding one field of each value type added for issue 33: a day, a
// moment, a yes/no, a reference to another declared resource (the `testnotice` fixture: its title names
// the record) and an image.
import { byNewest } from '@shared/resources/named';
import { plainCalls, RECORD_FIELDS } from '@shared/resources/plain';
import { declareResource } from '@shared/resources/types';

export const typed = declareResource({
  name: 'testtyped',
  label: 'resources.testtyped.name',
  rule: 'EmailTemplate-list',
  menu: { id: 'testtyped', path: '/testtyped', icon: 'article', order: 97 },
  api: plainCalls('/testtyped', byNewest),
  storage: { table: 'test_typed' },
  fields: {
    title: { type: 'text', required: true, list: true, form: true, show: true, sortable: true, searchable: true },
    starts_on: { type: 'date', required: true, list: true, form: true, show: true, sortable: true },
    opens_at: { type: 'dateTime', list: true, form: true, show: true, sortable: true },
    pinned: { type: 'boolean', list: true, form: true, show: true, sortable: true },
    notice: { type: 'reference', reference: 'testnotice', list: true, form: true, show: true },
    picture: { type: 'image', list: true, form: true, show: true },
    ...RECORD_FIELDS,
  },
});

/** Its strings (and the `testnotice` fixture's it references), as a developer adds them to en.ts, tr.ts and ar.ts. */
export const TYPED_STRINGS = {
  en: {
    menu: { testtyped: 'Openings', testnotice: 'Notices' },
    resources: {
      testtyped: { name: 'Opening |||| Openings', fields: { title: 'Title', starts_on: 'Starts on', opens_at: 'Opens at', pinned: 'Pinned', notice: 'Notice', picture: 'Picture', created_at: 'Created Date', updated_at: 'Updated' } },
      testnotice: { name: 'Notice |||| Notices', fields: { title: 'Title', slug: 'Slug', body: 'Body', status: 'Status', created_at: 'Created Date', updated_at: 'Updated' } },
    },
  },
  tr: {
    menu: { testtyped: 'Açılışlar', testnotice: 'Duyurular' },
    resources: {
      testtyped: { name: 'Açılış |||| Açılışlar', fields: { title: 'Başlık', starts_on: 'Başlangıç günü', opens_at: 'Açılış saati', pinned: 'Sabitlendi', notice: 'Duyuru', picture: 'Görsel', created_at: 'Oluşturulma Tarihi', updated_at: 'Güncellendi' } },
      testnotice: { name: 'Duyuru |||| Duyurular', fields: { title: 'Başlık', slug: 'Kısa ad', body: 'Metin', status: 'Durum', created_at: 'Oluşturulma Tarihi', updated_at: 'Güncellendi' } },
    },
  },
  ar: {
    menu: { testtyped: 'الافتتاحات', testnotice: 'الإعلانات' },
    resources: {
      testtyped: {
        name: 'الافتتاحات |||| افتتاح |||| الافتتاحات |||| الافتتاحات |||| الافتتاحات |||| الافتتاحات',
        fields: { title: 'العنوان', starts_on: 'يبدأ في', opens_at: 'يفتح في', pinned: 'مثبّت', notice: 'الإعلان', picture: 'الصورة', created_at: 'تاريخ الإنشاء', updated_at: 'تاريخ التحديث' },
      },
      testnotice: {
        name: 'الإعلانات |||| إعلان |||| الإعلانات |||| الإعلانات |||| الإعلانات |||| الإعلانات',
        fields: { title: 'العنوان', slug: 'الاسم المختصر', body: 'النص', status: 'الحالة', created_at: 'تاريخ الإنشاء', updated_at: 'تاريخ التحديث' },
      },
    },
  },
} as const;
