import checkout from '../es/checkout.json';
import report from '../es/report.json';
import type { PaidResources } from '../index';

const resources: PaidResources = { checkout, report };
export default resources;
