import type { PaidResources } from '../index';
import checkout from '../ko/checkout.json';
import lab from '../ko/lab.json';
import report from '../ko/report.json';

const resources: PaidResources = { checkout, report, lab };
export default resources;
