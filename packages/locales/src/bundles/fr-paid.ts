import checkout from '../fr/checkout.json';
import lab from '../fr/lab.json';
import report from '../fr/report.json';
import type { PaidResources } from '../index';

const resources: PaidResources = { checkout, report, lab };
export default resources;
