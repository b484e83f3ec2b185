import checkout from '../de/checkout.json';
import lab from '../de/lab.json';
import report from '../de/report.json';
import type { PaidResources } from '../index';

const resources: PaidResources = { checkout, report, lab };
export default resources;
