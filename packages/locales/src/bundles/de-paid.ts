import checkout from '../de/checkout.json';
import report from '../de/report.json';
import type { PaidResources } from '../index';

const resources: PaidResources = { checkout, report };
export default resources;
