import type { AuditTables } from './tables/audit.tables';
import type { AuthTables } from './tables/auth.tables';
import type { BookingTables } from './tables/bookings.tables';
import type { CockpitTables } from './tables/cockpit.tables';
import type { CompanyTables } from './tables/companies.tables';
import type { ConnectorTables } from './tables/connectors.tables';
import type { DeviceTables } from './tables/devices.tables';
import type { LevelTables } from './tables/levels.tables';
import type { PlatformTables } from './tables/platform.tables';
import type { ReportTables } from './tables/reports.tables';
import type { ResourceTables } from './tables/resources.tables';
import type { VisitorTables } from './tables/visitors.tables';
import type { ServiceTables } from './tables/services.tables';
import type { OneClickTables } from './tables/one-click.tables';

/**
 * The tables as the migrations in ./migrations create them, kept by hand, one interface per area in
 * ./tables. A migration that changes a table changes its interface there in the same commit.
 */
export interface Database
  extends
    PlatformTables,
    CompanyTables,
    AuthTables,
    LevelTables,
    ResourceTables,
    BookingTables,
    ConnectorTables,
    ReportTables,
    VisitorTables,
    ServiceTables,
    CockpitTables,
    AuditTables,
    DeviceTables,
    OneClickTables {}
