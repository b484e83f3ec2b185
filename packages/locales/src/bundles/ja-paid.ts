import type { PaidResources } from '../index';
import checkout from '../ja/checkout.json';
import lab from '../ja/lab.json';
import report from '../ja/report.json';

const resources: PaidResources = { checkout, report, lab };
export default resources;
