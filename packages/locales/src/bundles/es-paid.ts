import checkout from '../es/checkout.json';
import lab from '../es/lab.json';
import report from '../es/report.json';
import type { PaidResources } from '../index';

const resources: PaidResources = { checkout, report, lab };
export default resources;
