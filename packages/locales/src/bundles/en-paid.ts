import checkout from '../en/checkout.json';
import report from '../en/report.json';
import type { PaidResources } from '../index';

const resources: PaidResources = { checkout, report };
export default resources;
