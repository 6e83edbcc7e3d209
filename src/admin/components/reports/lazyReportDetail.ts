import { lazyNamed } from '../../lazy';

/** The report detail page, loaded when first opened (the three report resources show it). */
export const ReportDetail = lazyNamed(() => import('./ReportDetail'), 'ReportDetail');
