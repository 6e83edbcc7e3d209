import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { TEMPLATE_PLACEHOLDERS, unknownPlaceholders } from '@shared/emailTemplateRules';

/**
 * Under an email template's text: the placeholders its mail does not fill in (they would be sent empty),
 * named, with the ones it does (issue 32 m27). Nothing for a text whose slug is no mail of the product.
 */
export function PlaceholderWarning({ source, slug }: { source: string; slug?: string }) {
  const translate = useTranslate();
  const text = useWatch({ name: source }) as string | undefined;
  const unknown = unknownPlaceholders(slug, text ?? '');
  if (!unknown.length) return null;
  const list = (names: readonly string[]) => names.map((n) => `{{${n}}}`).join(', ');
  return (
    <Alert severity="warning" role="alert" sx={{ mt: 1 }}>
      {translate('app.records.unknown_placeholders', { names: list(unknown), known: list(TEMPLATE_PLACEHOLDERS[slug!]) })}
    </Alert>
  );
}
