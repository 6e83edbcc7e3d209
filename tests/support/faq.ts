// The throwaway resource of the "Adding a resource" walk-through (README): a FAQ entry, declared as a
// developer would in src/shared/resources/faq.ts. The tests add it to the registry they hand to the
// server and to the screens, and check that everything a resource needs follows from this one object.
// Named `testfaq` (calls, table, menu, strings): a developer who follows the README and adds a real `faq`
// gets no clash with it (issue 33: adding a resource keeps `npm test` green).
import { byNewest } from '@shared/resources/named';
import { plainCalls, RECORD_FIELDS, STATUS_FIELD } from '@shared/resources/plain';
import { declareResource } from '@shared/resources/types';

export const testFaq = declareResource({
  name: 'testfaq',
  label: 'resources.testfaq.name',
  rule: 'EmailTemplate-list',
  menu: { id: 'testfaq', path: '/testfaq', icon: 'article', order: 95 },
  api: plainCalls('/testfaq', byNewest),
  storage: { table: 'test_faqs' },
  fields: {
    question: { type: 'text', required: true, max: 300, list: true, form: true, show: true, sortable: true, searchable: true },
    answer: { type: 'longText', required: true, form: true, show: true, searchable: true },
    ...RECORD_FIELDS,
    status: STATUS_FIELD,
  },
});

/** Its catalogue strings, as they would be added to en.ts, tr.ts and ar.ts. */
export const FAQ_STRINGS = {
  en: { menu: 'FAQ', name: 'FAQ entry |||| FAQ entries', fields: { question: 'Question', answer: 'Answer', status: 'Status', created_at: 'Created Date', updated_at: 'Updated' } },
  tr: { menu: 'SSS', name: 'SSS kaydı |||| SSS kayıtları', fields: { question: 'Soru', answer: 'Yanıt', status: 'Durum', created_at: 'Oluşturulma Tarihi', updated_at: 'Güncellendi' } },
  ar: { menu: 'الأسئلة الشائعة', name: 'سؤال شائع |||| أسئلة شائعة', fields: { question: 'السؤال', answer: 'الإجابة', status: 'الحالة', created_at: 'تاريخ الإنشاء', updated_at: 'تاريخ التحديث' } },
} as const;
