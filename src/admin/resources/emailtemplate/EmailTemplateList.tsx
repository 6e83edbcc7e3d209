import { type RichPageConfig, RichPageList } from '../../components/simpleLists/RichPageList';
import { emailTemplateSchema } from '@shared/validation/simpleLists';

/** /emailtemplate (spec §2): the mails the product sends; edit only, no add, no delete. */
export const EMAIL_TEMPLATE: RichPageConfig = {
  resource: 'emailtemplate',
  schema: emailTemplateSchema,
  slugEditable: false,
  statusColumn: false,
  keys: {
    search: 'resources.emailtemplate.search',
    edit: 'app.email_template.edit',
    updated: 'messages.emailTemplateUpdated',
    hint: 'app.email_template.placeholders',
  },
};

export const EmailTemplateList = () => <RichPageList config={EMAIL_TEMPLATE} />;
