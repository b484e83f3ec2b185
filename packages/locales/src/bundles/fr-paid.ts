import checkout from '../fr/checkout.json';
import report from '../fr/report.json';
import type { PaidResources } from '../index';

const resources: PaidResources = { checkout, report };
export default resources;
