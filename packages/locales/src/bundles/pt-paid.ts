import type { PaidResources } from '../index';
import checkout from '../pt/checkout.json';
import report from '../pt/report.json';

const resources: PaidResources = { checkout, report };
export default resources;
