import { login, loginWithLink } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

export const logIn = (account: string, password: string) => call(login, { body: { account, password } });

export const logInWithLink = (token: string) => call(loginWithLink, { body: { token } });
