import { BooleanField, ImageField, ReferenceField, RichTextField, useRecordContext } from 'react-admin';
import { decodeNumericEntities } from '@shared/text';
import type { DeclaredField } from '@shared/resources/fields';
import { useFormatDate, useFormatMoment } from '../components/dates';
import { ClippedText, DecodedText, StatusChip } from '../components/lists';
import { useChoiceLabel } from './DeclaredFieldInput';

/** A declared field's value in a list cell (`inList`: long text clipped to two lines) or on the detail page. */
export function DeclaredFieldValue({ field, inList }: { field: DeclaredField; inList?: boolean }) {
  const record = useRecordContext();
  const choiceLabel = useChoiceLabel();
  const formatDate = useFormatDate();
  const formatMoment = useFormatMoment();
  const value = record?.[field.name];
  if (value === null || value === undefined || value === '') return inList ? null : <>----</>;
  switch (field.type) {
    case 'timestamp':
      return <span>{formatDate(String(value))}</span>;
    case 'date':
      // the day itself, wherever the browser is (not the UTC midnight of it)
      return <span>{formatDate(`${String(value)}T00:00:00`)}</span>;
    case 'dateTime':
      return <span>{formatMoment(String(value))}</span>;
    case 'boolean':
      return <BooleanField source={field.name} />;
    case 'reference':
      return <ReferenceField source={field.name} reference={field.reference!} link="show" />;
    case 'image':
      return <ImageField source={field.name} sx={{ '& img': inList ? { maxHeight: 40, maxWidth: 64 } : { maxHeight: 240, maxWidth: '100%' } }} />;
    case 'choice':
      return field.name === 'status' ? <StatusChip source={field.name} /> : <span>{choiceLabel(field, String(value))}</span>;
    case 'text':
      return inList ? <ClippedText source={field.name} width="40ch" decode /> : <span dir="auto">{decodeNumericEntities(String(value))}</span>;
    case 'longText':
      return inList ? <DecodedText source={field.name} lines={2} /> : <span dir="auto" style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</span>;
    case 'richText':
      // rendered, never as markup: stored after the server's allow-list, and purified again by react-admin
      return inList ? <RichTextField source={field.name} stripTags sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }} /> : <RichTextField source={field.name} />;
    default:
      return <span>{String(value)}</span>;
  }
}
