import type { PaidResources } from '../index';
import checkout from '../ja/checkout.json';
import report from '../ja/report.json';

const resources: PaidResources = { checkout, report };
export default resources;
