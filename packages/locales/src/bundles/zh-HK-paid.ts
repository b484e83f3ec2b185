import type { PaidResources } from '../index';
import checkout from '../zh-HK/checkout.json';
import report from '../zh-HK/report.json';

const resources: PaidResources = { checkout, report };
export default resources;
