import type { PaidResources } from '../index';
import checkout from '../pt/checkout.json';
import lab from '../pt/lab.json';
import report from '../pt/report.json';

const resources: PaidResources = { checkout, report, lab };
export default resources;
