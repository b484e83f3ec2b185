import checkout from '../en/checkout.json';
import lab from '../en/lab.json';
import report from '../en/report.json';
import type { PaidResources } from '../index';

const resources: PaidResources = { checkout, report, lab };
export default resources;
