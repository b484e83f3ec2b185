import type { PaidResources } from '../index';
import checkout from '../zh-HK/checkout.json';
import lab from '../zh-HK/lab.json';
import report from '../zh-HK/report.json';

const resources: PaidResources = { checkout, report, lab };
export default resources;
