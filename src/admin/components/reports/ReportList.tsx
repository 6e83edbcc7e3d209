import type { ReactNode } from 'react';
import { DataTable, SelectInput, useResourceContext } from 'react-admin';
import { RequirePermissionOrExplain } from '../PermissionNeeded';
import { ResourceList, ResourceTable } from '../lists';
import { Col } from '../phoneCards';
import { PersonCell, ReportPostTitle, ReportStateChip, ReportStatusCell, ReportTypeCell, TextOrMissing } from './ReportCells';

/** The report states the lists filter by. */
const STATES = ['Pending', 'Resolved'].map((state) => ({ id: state, name: `app.report.states.${state}` }));

/**
 * A report list (spec §2 "/report", "/reportedComments", "/reportedUsers"): the columns of its type
 * (`children`), then Type (one value per list: not sortable), Reason, the report's own state (Pending /
 * Resolved: filtered and sorted by) and Status (the target's status, and the action); a row opens the
 * report's detail. Report Post and
 * Report User open for any staff member (spec §6) but their data needs Report-list: without it the page
 * explains that instead of listing (and asks the API for nothing).
 */
export function ReportList({ searchKey, fields, detailPath, statusSortable = true, children }: {
  searchKey: string;
  fields: string;
  detailPath: (id: number | string) => string;
  statusSortable?: boolean;
  children: ReactNode;
}) {
  const resource = useResourceContext() ?? 'report';
  return (
    <RequirePermissionOrExplain resource="reports" permission="Report-list" titleKey={`resources.${resource}.name`}>
      <ResourceList searchKey={searchKey} filters={[<SelectInput key="state" source="state" label="app.report.state" choices={STATES} alwaysOn sx={{ minWidth: 160 }} />]}>
        <ResourceTable scrolls rowClick={(id) => detailPath(id)}>
          {children}
          <DataTable.Col source="type" label={`${fields}.type`} disableSort>
            <ReportTypeCell />
          </DataTable.Col>
          <DataTable.Col source="reason" label={`${fields}.reason`}>
            <TextOrMissing value={(r) => r.reason} />
          </DataTable.Col>
          <DataTable.Col source="state" label="app.report.state">
            <ReportStateChip />
          </DataTable.Col>
          <DataTable.Col source="status" label={`${fields}.status`} disableSort={!statusSortable}>
            <ReportStatusCell />
          </DataTable.Col>
        </ResourceTable>
      </ResourceList>
    </RequirePermissionOrExplain>
  );
}

/** Created By, Reported By and Post Title: the first columns of the post and comment report lists. */
export function PostReportColumns({ fields }: { fields: string }) {
  return (
    <>
      <Col source="created_by" label={`${fields}.created_by`}>
        <PersonCell who="reported" />
      </Col>
      <Col source="reported_by" label={`${fields}.reported_by`}>
        <PersonCell who="reporter" />
      </Col>
      <Col source="post_title" label={`${fields}.post_title`}>
        <ReportPostTitle />
      </Col>
    </>
  );
}
