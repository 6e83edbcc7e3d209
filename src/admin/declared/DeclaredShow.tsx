import { Card, CardContent, Grid } from '@mui/material';
import { shownFields } from '@shared/resources/fields';
import type { ResourceDeclaration } from '@shared/resources/index';
import { HistoryPanel } from '../components/audit/History';
import { DetailItem, DetailPage } from '../components/detail';
import { EditAction } from '../components/EditAction';
import { DeclaredEditDialog } from './DeclaredEditDialog';
import { DeclaredFieldValue } from './DeclaredFieldValue';

/** The detail page of a plain resource: each field the declaration shows, long text across the page; Edit opens its edit dialog. */
export function DeclaredShow({ resource }: { resource: ResourceDeclaration }) {
  return (
    <DetailPage
      resource={resource.name}
      backPath={`/${resource.name}`}
      titleKey={resource.label}
      actions={resource.api.update && <EditAction dialog={(state) => <DeclaredEditDialog resource={resource} {...state} />} />}
    >
      <Card>
        <CardContent>
          <Grid container spacing={2}>
            {shownFields(resource).map((field) => (
              <DetailItem key={field.name} label={`resources.${resource.name}.fields.${field.name}`} wide={field.type === 'longText'}>
                <DeclaredFieldValue field={field} />
              </DetailItem>
            ))}
          </Grid>
        </CardContent>
      </Card>
      <HistoryPanel entity={resource.name} resource={resource.name} />
    </DetailPage>
  );
}
