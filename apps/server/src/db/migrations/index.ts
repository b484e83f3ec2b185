import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../database';
import { initial } from './0001-initial';
import { examSessions } from './0002-exam-sessions';
import { sessionCountry } from './0003-session-country';
import { checkout } from './0004-checkout';
import { subscriptions } from './0005-subscriptions';
import { extras } from './0006-extras';
import { reportFiles } from './0007-report-files';
import { labResults } from './0008-lab-results';
import { accounts } from './0009-accounts';
import { security } from './0010-security';
import { routedSessions } from './0011-routed-sessions';
import { perfIndexes } from './0012-perf-indexes';
import { reportPdfCache } from './0013-report-pdf-cache';
import { members } from './0016-members';
import { growth } from './0017-growth';
import { consoleTables } from './0019-console';
import { consoleRenewalRefunds } from './0020-console-renewal-refunds';
import { orderPrices } from './0021-order-prices';
import { landingAttribution } from './0022-landing-attribution';
import { orderPlanPrices } from './0024-order-plan-prices';
import { drawnTestParts } from './0025-drawn-test-parts';

/** Migrations in order. Names are permanent: never rename or reorder a shipped migration. */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '0001-initial': initial(dialect),
        '0002-exam-sessions': examSessions(dialect),
        '0003-session-country': sessionCountry(),
        '0004-checkout': checkout(dialect),
        '0005-subscriptions': subscriptions(dialect),
        '0006-extras': extras(dialect),
        '0007-report-files': reportFiles(dialect),
        '0008-lab-results': labResults(dialect),
        '0009-accounts': accounts(dialect),
        '0010-security': security(dialect),
        '0011-routed-sessions': routedSessions(),
        '0012-perf-indexes': perfIndexes(dialect),
        '0013-report-pdf-cache': reportPdfCache(dialect),
        '0016-members': members(dialect),
        '0017-growth': growth(dialect),
        '0019-console': consoleTables(dialect),
        '0020-console-renewal-refunds': consoleRenewalRefunds(dialect),
        '0021-order-prices': orderPrices(dialect),
        '0022-landing-attribution': landingAttribution(),
        '0024-order-plan-prices': orderPlanPrices(dialect),
        '0025-drawn-test-parts': drawnTestParts(dialect),
      };
    },
  };
}
