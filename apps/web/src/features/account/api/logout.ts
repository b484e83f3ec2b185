import { logout } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

export const logOut = () => call(logout);
