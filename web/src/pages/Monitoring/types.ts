/** The monitoring object of the platform's monitoring API (fields the page reads). */
import type { Document, Organization, Period } from '../../records/parts';

interface Dated {
  description?: string;
  date?: string;
  dateCreated?: string;
  datePublished?: string;
  documents?: Document[];
}

export interface MonitoringPost extends Dated {
  id?: string;
  title?: string;
  author?: string;
  relatedPost?: string | null;
}

export interface Monitoring {
  id: string;
  monitoring_id?: string;
  tender_id?: string;
  tenderID?: string;
  status?: string;
  reasons?: string[];
  procuringStages?: string[];
  monitoringPeriod?: Period;
  eliminationPeriod?: Period;
  decision?: Dated;
  conclusion?: Dated & {
    violationOccurred?: boolean;
    violationType?: string[];
    otherViolationType?: string;
    auditFinding?: string;
    stringsAttached?: string;
  };
  posts?: MonitoringPost[];
  eliminationReport?: Dated;
  eliminationResolution?: Dated & { result?: string; resultByType?: Record<string, string> };
  appeal?: Dated & { proceeding?: { dateProceedings?: string; proceedingNumber?: string } };
  cancellation?: Dated;
  parties?: Array<Organization & { id?: string; roles?: string[] }>;
  dateCreated?: string;
  dateModified?: string;
  endDate?: string;
}
