import type { PaidResources } from '../index';
import checkout from '../ko/checkout.json';
import report from '../ko/report.json';

const resources: PaidResources = { checkout, report };
export default resources;
